import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keyframeTimes } from '../src/probe.js';
import { sampleFrames, type SampleOptions } from '../src/sample-frames.js';
import { colourOf, ffmpegSync, ffprobeJson, makeColourClip, tempDir } from './helpers/make-video.js';

const { dir, cleanup } = tempDir();
const clip = join(dir, 'colours.mp4');
afterAll(cleanup);
beforeAll(() => {
  // red 0-2 s, green 2-4 s, blue 4-6 s, white 6-8 s; keyframe every 2 s at 25 fps.
  makeColourClip(clip, ['red', 'green', 'blue', 'white'], 2);
});

const collect = async (options: SampleOptions, file = clip) => {
  const frames = [];
  for await (const frame of sampleFrames(file, options)) frames.push(frame);
  return frames;
};

describe('sampleFrames', () => {
  it('keyframe pass: one small RGB frame per keyframe, at the keyframe times, with the right picture', async () => {
    const progress: number[] = [];
    const frames = await collect({ width: 32, height: 18, mode: 'keyframes', durationSeconds: 8, onProgress: (p) => progress.push(p) });
    expect(frames.map((f) => f.time)).toEqual(await keyframeTimes(clip));
    expect(frames.map((f) => colourOf(f.data))).toEqual(['red', 'green', 'blue', 'white']);
    for (const f of frames) {
      expect(f).toMatchObject({ width: 32, height: 18, keyframe: true });
      expect(f.data.length).toBe(32 * 18 * 3);
    }
    expect(progress.at(-1)).toBe(100);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
  });

  it('dense pass over a range: every frame or a chosen rate, exact times', async () => {
    const all = await collect({ width: 16, height: 9, mode: 'dense', start: 1.8, end: 2.2 });
    expect(all.map((f) => f.time.toFixed(2))).toEqual(['1.80', '1.84', '1.88', '1.92', '1.96', '2.00', '2.04', '2.08', '2.12', '2.16']);
    // The boundary is frame-exact: the last red frame is at 1.96 s, the first green at 2.00 s.
    expect(all.map((f) => colourOf(f.data))).toEqual([...Array(5).fill('red'), ...Array(5).fill('green')]);
    // At 25 fps there is no frame at 3.5 s: each half second gives its first frame, at its own time.
    const sparse = await collect({ width: 16, height: 9, mode: 'dense', fps: 2, start: 3, end: 6 });
    expect(sparse.map((f) => f.time)).toEqual([3, 3.52, 4, 4.52, 5, 5.52]);
  });

  it('at a chosen rate, a clip with B-frames gives one frame per interval, each the picture a full decode has at its time', async () => {
    // Moving content with B-frames (x264's default) where the skipped non-reference frames are.
    const moving = join(dir, 'moving-bframes.mp4');
    ffmpegSync([
      '-f',
      'lavfi',
      '-i',
      'testsrc2=size=320x180:rate=30:duration=3',
      '-c:v',
      'libx264',
      '-preset',
      'medium',
      '-bf',
      '3',
      '-g',
      '90',
      '-pix_fmt',
      'yuv420p',
      moving,
    ]);
    const { frames } = ffprobeJson<{ frames: { pict_type: string }[] }>(['-select_streams', 'v', '-show_entries', 'frame=pict_type', moving]);
    expect(frames.some((f) => f.pict_type === 'B')).toBe(true);
    const all = await collect({ width: 32, height: 18, mode: 'dense', start: 0.5, end: 2.5 }, moving);
    const sampled = await collect({ width: 32, height: 18, mode: 'dense', fps: 5, start: 0.5, end: 2.5 }, moving);
    // At most one per fifth of a second; an interval whose frames are all skipped B-frames (three
    // at most here) gives none, so no two samples are further apart than 0.2 s and that run.
    const intervals = sampled.map((f) => Math.floor(f.time * 5 + 1e-3));
    expect(intervals).toEqual([...new Set(intervals)].sort((a, b) => a - b));
    expect(sampled.length).toBeGreaterThanOrEqual(9);
    expect(sampled[0]!.time).toBeGreaterThanOrEqual(0.5 - 1e-6);
    expect(sampled[0]!.time).toBeLessThanOrEqual(0.5 + 4 / 30 + 1e-6);
    sampled.slice(1).forEach((f, i) => expect(f.time - sampled[i]!.time).toBeLessThanOrEqual(0.2 + 4 / 30 + 1e-6));
    for (const frame of sampled) {
      const same = all.find((f) => Math.abs(f.time - frame.time) < 1e-6);
      expect(same, `a full decode has a frame at ${frame.time}`).toBeDefined();
      expect(Buffer.from(frame.data).equals(Buffer.from(same!.data)), `the picture at ${frame.time}`).toBe(true);
    }
  });

  it('from an earlier seek point (seekFrom, for a file without an index), the frames and pictures of a full decode', async () => {
    // An MPEG program stream with B-frames, keyframes 4 s apart (at 0, 4 s).
    const ps = join(dir, 'colours.mpg');
    ffmpegSync(['-i', clip, '-an', '-c:v', 'mpeg2video', '-q:v', '3', '-g', '100', '-bf', '2', '-f', 'mpeg', ps]);
    const ms = (frames: { time: number }[]) => frames.map((f) => Math.round(f.time * 1000) / 1000);
    const all = (await collect({ width: 16, height: 9, mode: 'dense' }, ps)).filter((f) => f.time >= 5.1 && f.time < 7 - 1e-3);
    // At 5 a second: the first frame at or after the start in each fifth of a second of the file.
    const fifths = all.filter((f, i) => i === 0 || Math.floor(f.time * 5 + 1e-3) > Math.floor(all[i - 1]!.time * 5 + 1e-3));
    expect(fifths.length).toBe(10);
    for (const seekFrom of [0, 3.5]) {
      const every = await collect({ width: 16, height: 9, mode: 'dense', start: 5.1, end: 7, seekFrom }, ps);
      expect(ms(every), `every frame, seeking to ${seekFrom} s`).toEqual(ms(all));
      const sampled = await collect({ width: 16, height: 9, mode: 'dense', fps: 5, skipNonReference: false, start: 5.1, end: 7, seekFrom }, ps);
      expect(ms(sampled), `5 a second, seeking to ${seekFrom} s`).toEqual(ms(fifths));
      expect(sampled.map((f) => colourOf(f.data))).toEqual(fifths.map((f) => colourOf(f.data)));
    }
  });

  it('stops ffmpeg when the consumer stops early', async () => {
    const started = Date.now();
    for await (const frame of sampleFrames(clip, { width: 16, height: 9, mode: 'dense' })) {
      expect(frame.time).toBe(0);
      break;
    }
    expect(Date.now() - started).toBeLessThan(3000);
  });

  it('a slow consumer is not taken for a stalled ffmpeg, and gets every frame in order', async () => {
    // 200 frames of 16 × 9 (a pipe chunk holds about 150 of them); the consumer takes 30 ms a frame,
    // 6 s in all, against a 2 s stall limit. Frames wait read ahead while it works, ffmpeg waits on
    // it, and neither wait counts as ffmpeg producing nothing.
    const frames = [];
    for await (const frame of sampleFrames(clip, { width: 16, height: 9, mode: 'dense', stallTimeoutMs: 2000 })) {
      frames.push(frame);
      await new Promise((resolve) => setTimeout(resolve, 30));
    }
    expect(frames).toHaveLength(200);
    expect(frames.map((f) => Math.round(f.time * 25))).toEqual(Array.from({ length: 200 }, (_, i) => i));
    expect(frames.map((f) => colourOf(f.data)).filter((c, i, all) => c !== all[i - 1])).toEqual(['red', 'green', 'blue', 'white']);
  });

  it('can be cancelled', async () => {
    const controller = new AbortController();
    const error = await (async () => {
      for await (const frame of sampleFrames(clip, { width: 16, height: 9, mode: 'dense', signal: controller.signal })) {
        if (frame.time > 1) controller.abort();
      }
    })().catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'cancelled' });
  });

  it('a file that is not a video fails with a readable error', async () => {
    const bad = join(dir, 'bad.mp4');
    writeFileSync(bad, 'not a video at all');
    const error = await collect({ width: 16, height: 9, mode: 'keyframes' }, bad).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'ffmpeg_failed' });
    expect((error as Error).message).toMatch(/^Decoding failed: /);
  });

  it('refuses a nonsensical frame size or range', async () => {
    await expect(collect({ width: 0, height: 9, mode: 'dense' })).rejects.toMatchObject({ code: 'bad_argument' });
    await expect(collect({ width: 16, height: 9, mode: 'dense', start: 3, end: 2 })).rejects.toMatchObject({ code: 'bad_argument' });
  });
});
