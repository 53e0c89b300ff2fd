import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { locateBinaries } from '../src/binaries.js';
import { cut } from '../src/cut.js';
import { probe } from '../src/probe.js';
import { sampleFrames } from '../src/sample-frames.js';
import { colourOf, ffmpegSync, ffprobeJson, makeColourClip, tempDir, type ColourName } from './helpers/make-video.js';

const { dir, cleanup } = tempDir();
const source = join(dir, 'source.mp4');
afterAll(cleanup);

beforeAll(() => {
  // 2 s each of red, green, blue, white, yellow at 25 fps = 250 frames, with what a camera or
  // editing suite leaves in a file: title, creation time, GPS location, comment, device.
  makeColourClip(join(dir, 'plain.mp4'), ['red', 'green', 'blue', 'white', 'yellow'], 2, 25, '640x360');
  ffmpegSync([
    '-i',
    join(dir, 'plain.mp4'),
    '-c',
    'copy',
    '-metadata',
    'title=Cholecystectomy DOE JOHN',
    '-metadata',
    'creation_time=2026-03-02T10:11:12Z',
    '-metadata',
    'location=+48.8566+002.3522/',
    '-metadata',
    'comment=MRN 483920',
    '-metadata',
    'make=Olympus',
    '-metadata',
    'model=VISERA',
    '-metadata:s:v:0',
    'creation_time=2026-03-02T10:11:12Z',
    source,
  ]);
});

const colourCounts = async (file: string) => {
  const counts: Partial<Record<ColourName, number>> = {};
  const order: ColourName[] = [];
  for await (const frame of sampleFrames(file, { width: 16, height: 9, mode: 'dense' })) {
    const colour = colourOf(frame.data);
    counts[colour] = (counts[colour] ?? 0) + 1;
    if (order.at(-1) !== colour) order.push(colour);
  }
  return { counts, order };
};

describe('cut', () => {
  const methods = locateBinaries().modern ? (['reencode', 'copy'] as const) : (['reencode'] as const);
  it.each(methods)('%s: removes exactly the frames of the ranges, keeps the rest in order, and sound stays in sync', async (method) => {
    expect(ffprobeJson<{ format: { tags: Record<string, string> } }>(['-show_format', source]).format.tags).toMatchObject({
      title: 'Cholecystectomy DOE JOHN',
      comment: 'MRN 483920',
    });
    const progress: number[] = [];
    const out = join(dir, `cut-${method}.mp4`);
    // All of green, the first 0.5 s of white (frames 150-161) and the last 0.24 s of yellow.
    const result = await cut(
      source,
      [
        { start: 6, end: 6.5 },
        { start: 2, end: 4 },
        { start: 9.76, end: 12 },
      ],
      out,
      { method, onProgress: (p) => progress.push(p) },
    );
    expect(result.method).toBe(method);
    // Keyframes every 2 s: the red and blue GOPs are copied whole; 6.5-9.76 s holds one keyframe only.
    expect(result.copiedSeconds).toBeCloseTo(method === 'copy' ? 4 : 0, 5);
    expect(result.removed).toEqual([
      { start: 2, end: 4 },
      { start: 6, end: 6.5 },
      { start: 9.76, end: 10 },
    ]);
    expect(result.kept).toEqual([
      { start: 0, end: 2 },
      { start: 4, end: 6 },
      { start: 6.5, end: 9.76 },
    ]);

    const { counts, order } = await colourCounts(out);
    expect(order).toEqual(['red', 'blue', 'white', 'yellow']);
    expect(counts).toEqual({ red: 50, blue: 50, white: 37, yellow: 44 });

    const info = await probe(out);
    expect(info.video.frameCount).toBe(181);
    expect(info.durationSeconds).toBeCloseTo(7.24, 1);
    const streams = ffprobeJson<{ streams: { codec_type: string; duration: string }[] }>(['-show_streams', out]).streams;
    const audio = streams.find((s) => s.codec_type === 'audio')!;
    expect(Number(audio.duration)).toBeCloseTo(7.24, 1);
    expect(progress.at(-1)).toBe(100);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
  });

  it.each(methods)(
    '%s: a source whose timestamps start late (an MP4 edit list from 1.4 s) is cut on the timeline that starts at its first frame',
    async (method) => {
      // Keyframes are stored at 1.4, 3.4, 5.4 s...: 0, 2, 4 s from the first frame, where the
      // ranges count from (as the analysis and ffmpeg do). Copying GOPs planned on the stored times
      // put 10 removed green frames (3.6-4 s) back into the output and lost red ones.
      const late = join(dir, 'late-start.mp4');
      ffmpegSync(['-i', join(dir, 'plain.mp4'), '-c', 'copy', '-output_ts_offset', '1.4', late]);
      // (The sound's encoder delay starts the file 22 ms before the picture.)
      expect((await probe(late)).startTime).toBeCloseTo(1.4, 1);
      const out = join(dir, `late-start-${method}.mp4`);
      const result = await cut(late, [{ start: 3.6, end: 6 }], out, { method });
      const { counts, order } = await colourCounts(out);
      expect(order).toEqual(['red', 'green', 'white', 'yellow']);
      expect(counts).toEqual({ red: 50, green: 40, white: 50, yellow: 50 });
      if (method === 'copy') expect(result.copiedSeconds).toBeGreaterThan(0);
    },
  );

  it('writes to a path relative to the working directory (the CLI’s `-o out.mp4`)', async () => {
    const absolute = join(dir, 'relative-out.mp4');
    const result = await cut(source, [{ start: 2, end: 4 }], relative(process.cwd(), absolute), { method: locateBinaries().modern ? 'copy' : 'reencode' });
    expect(result.output).toBe(absolute);
    expect((await probe(absolute)).durationSeconds).toBeCloseTo(8, 0);
  });

  it('with nothing to remove keeps the whole video (the de-identified master of an uncut video)', async () => {
    const whole = join(dir, 'whole.mp4');
    await cut(source, [], whole, { method: locateBinaries().modern ? 'copy' : 'reencode' });
    expect((await probe(whole)).durationSeconds).toBeCloseTo(10, 0);
    expect((await colourCounts(whole)).order).toEqual(['red', 'green', 'blue', 'white', 'yellow']);
  });

  it('leaves no container or stream metadata behind', async () => {
    const out = join(dir, 'stripped.mp4');
    const result = await cut(source, [{ start: 0, end: 1 }], out);
    expect(result.method).toBe(locateBinaries().modern ? 'copy' : 'reencode');
    // SEI user data inside the picture stream (encoders, cameras and towers write there) is gone too.
    expect(readFileSync(source).includes('x264 - core')).toBe(true);
    expect(readFileSync(out).includes('x264 - core')).toBe(false);
    const { format, streams } = ffprobeJson<{ format: { tags?: Record<string, string> }; streams: { tags?: Record<string, string> }[] }>([
      '-show_format',
      '-show_streams',
      out,
    ]);
    const everyTag = JSON.stringify([format.tags ?? {}, ...streams.map((s) => s.tags ?? {})]);
    for (const leaked of ['DOE', 'creation_time', 'location', '48.85', 'MRN', 'Olympus', 'VISERA', 'title', 'comment']) {
      expect(everyTag).not.toContain(leaked);
    }
  });

  it('can drop the sound', async () => {
    const out = join(dir, 'silent.mp4');
    await cut(source, [], out, { removeAudio: true, method: 'reencode' });
    const info = await probe(out);
    expect(info.audio).toEqual([]);
    expect(info.video.frameCount).toBe(250);
  });

  it('refuses to remove everything and bad ranges, and writes nothing', async () => {
    const out = join(dir, 'nothing.mp4');
    await expect(cut(source, [{ start: 0, end: 10 }], out)).rejects.toMatchObject({ code: 'bad_argument' });
    await expect(cut(source, [{ start: 5, end: 4 }], out)).rejects.toMatchObject({ code: 'bad_argument' });
    expect(existsSync(out)).toBe(false);
  });

  it('a cancelled cut leaves no partial file', async () => {
    const controller = new AbortController();
    const out = join(dir, 'cancelled.mp4');
    const pending = cut(source, [{ start: 1, end: 2 }], out, { signal: controller.signal, onProgress: (p) => p > 0 && controller.abort() });
    await expect(pending).rejects.toMatchObject({ code: 'cancelled' });
    expect(readdirSync(dir).filter((f) => f.startsWith('cancelled'))).toEqual([]);
  });
});
