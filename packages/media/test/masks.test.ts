// Privacy masks in the render, checked by decoding what was written: a permanent corner overlay is
// covered in every frame of every rung, and a mask over part of the video covers exactly the frames
// of its time range, in the GOP-copy cut as in the re-encoded one.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { locateBinaries } from '../src/binaries.js';
import { cut } from '../src/cut.js';
import { renderLadder, RUNGS } from '../src/ladder.js';
import { keyframeTimes, probe } from '../src/probe.js';
import { maskFilters, type MaskRegion } from '../src/ranges.js';
import { sampleFrames } from '../src/sample-frames.js';
import { ffmpegSync, tempDir } from './helpers/make-video.js';

const { dir, cleanup } = tempDir('ipsv-masks-');
afterAll(cleanup);
const FONT = ['/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf', '/usr/share/fonts/truetype/liberation/LiberationSans-Regular.ttf'].find(existsSync);
const FPS = 25;
/** x264 at a keyframe every 2 s, as the sources of these tests are written. */
const X264 = ['-c:v', 'libx264', '-preset', 'ultrafast', '-g', String(FPS * 2), '-pix_fmt', 'yuv420p'];
const source = join(dir, 'source.mp4');
/** The overlay's corner and the partial mask's region, as fractions of the frame. */
const CORNER: MaskRegion = { x: 0, y: 0, width: 0.5, height: 0.2, start: 0, end: 10 };
const PATCH = { x: 0.55, y: 0.5, width: 0.3, height: 0.3 };

beforeAll(() => {
  // 10 s, 320x180, a bright green picture with a white tower overlay top-left the whole time,
  // keyframe every 2 s, with sound.
  const overlay = FONT
    ? `,drawtext=fontfile='${FONT}':text='DOE JOHN 1957-03-02':fontcolor=white:fontsize=14:x=4:y=6`
    : ',drawbox=x=4:y=6:w=140:h=14:color=white:t=fill';
  ffmpegSync([
    '-f',
    'lavfi',
    '-i',
    `color=c=0x30c040:size=320x180:rate=${FPS}:duration=10${overlay}`,
    '-f',
    'lavfi',
    '-i',
    'sine=frequency=440:sample_rate=48000:duration=10',
    '-map',
    '0:v',
    '-map',
    '1:a',
    ...X264,
    '-c:a',
    'aac',
    source,
  ]);
});

/** Largest channel value over a region of an RGB frame (fractions of the frame, inset by a pixel). */
const brightest = (frame: { data: Uint8Array; width: number; height: number }, r: { x: number; y: number; width: number; height: number }) => {
  let max = 0;
  const x0 = Math.ceil(r.x * frame.width) + 1;
  const x1 = Math.floor((r.x + r.width) * frame.width) - 1;
  const y0 = Math.ceil(r.y * frame.height) + 1;
  const y1 = Math.floor((r.y + r.height) * frame.height) - 1;
  for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) for (let c = 0; c < 3; c++) max = Math.max(max, frame.data[(y * frame.width + x) * 3 + c]!);
  return max;
};
const decode = async (file: string) => {
  const frames = [];
  for await (const frame of sampleFrames(file, { width: 320, height: 180, mode: 'dense' })) frames.push(frame);
  return frames;
};
const MASKED = 40;

describe('privacy masks', () => {
  it('the source shows the overlay text (what the masks must hide)', async () => {
    const [first] = await decode(source);
    expect(brightest(first!, CORNER)).toBeGreaterThan(200);
    expect(brightest(first!, PATCH)).toBeGreaterThan(150);
  });

  it('renderLadder covers a permanent corner overlay in every frame of every rung, cuts what it is told, and leaves the rest', async () => {
    const out = await renderLadder(source, join(dir, 'ladder'), [RUNGS[0]!, { ...RUNGS[0]!, name: '144p', height: 144 }], {
      masks: [CORNER],
      removeRanges: [{ start: 3, end: 4 }],
    });
    for (const rendition of out) {
      const frames = await decode(rendition.mp4);
      expect(frames.length).toBe(9 * FPS);
      for (const frame of frames) {
        expect(brightest(frame, CORNER), `${rendition.rung.name} ${frame.time}s corner`).toBeLessThan(MASKED);
        expect(brightest(frame, PATCH), `${rendition.rung.name} ${frame.time}s elsewhere`).toBeGreaterThan(150);
      }
    }
  });

  const methods = locateBinaries().modern ? (['copy', 'reencode'] as const) : (['reencode'] as const);
  it.each(methods)('%s cut: a mask over part of the video covers exactly the frames of its time range', async (method) => {
    const partial: MaskRegion = { ...PATCH, start: 6.5, end: 8 };
    const output = join(dir, `cut-${method}.mp4`);
    const result = await cut(source, [{ start: 4.5, end: 5 }], output, { method, masks: [partial] });
    if (method === 'copy') expect(result.copiedSeconds).toBeGreaterThan(0);
    const frames = await decode(output);
    // Frames 0-112 (up to 4.48 s) and 125-249 (from 5 s).
    expect(frames.length).toBe(113 + 125);
    expect((await probe(output)).audio.length).toBe(1);
    for (const [n, frame] of frames.entries()) {
      const sourceFrame = n < 113 ? n : n - 113 + 125;
      const inside = sourceFrame >= 6.5 * FPS && sourceFrame <= 8 * FPS;
      const value = brightest(frame, PATCH);
      if (inside) expect(value, `frame ${n} (source ${sourceFrame / FPS}s) masked`).toBeLessThan(MASKED);
      else expect(value, `frame ${n} (source ${sourceFrame / FPS}s) not masked`).toBeGreaterThan(150);
      // The overlay was not masked here: it is still there.
      expect(brightest(frame, CORNER)).toBeGreaterThan(150);
    }
  });

  it.runIf(locateBinaries().modern)('copy cut: a mask over minutes is encoded in pieces side by side, every frame masked, none lost or repeated', async () => {
    // 70 s, 160x90, a white box top-left always, and a patch whose grey level tells the frame
    // number (16 + 8 × (n mod 25)): a frame lost or repeated where two pieces meet shows.
    const long = join(dir, 'long.mp4');
    ffmpegSync([
      '-f',
      'lavfi',
      '-i',
      `color=c=black:size=160x90:rate=${FPS}:duration=70,format=gray,geq=lum='16+8*mod(N,25)',format=yuv420p,drawbox=x=0:y=0:w=80:h=18:color=white:t=fill`,
      ...X264,
      long,
    ]);
    const output = join(dir, 'long-masked.mp4');
    // Kept: 0-20.3 s and 21.1-70 s; the second is 48.9 s, encoded as two pieces (21.1-52, 52-70).
    const result = await cut(long, [{ start: 20.3, end: 21.1 }], output, { masks: [{ ...CORNER, start: 0, end: 70 }] });
    expect(result.method).toBe('copy');
    expect(result.copiedSeconds).toBe(0);
    const frames = await decode(output);
    // Source frames 0-507 (to 20.28 s) and 528-1749 (from 21.12 s).
    expect(frames.length).toBe(508 + 1222);
    for (const [n, frame] of frames.entries()) {
      const sourceFrame = n < 508 ? n : n - 508 + 528;
      expect(brightest(frame, CORNER), `frame ${n} masked`).toBeLessThan(MASKED);
      const grey = brightest(frame, PATCH);
      expect(Math.abs(grey - (16 + 8 * (sourceFrame % 25))), `frame ${n} is source frame ${sourceFrame} (grey ${grey})`).toBeLessThanOrEqual(5);
    }
  });

  it.runIf(locateBinaries().modern)('a masked rendition stays on the 2 s keyframe grid when asked (HLS segments, later cuts)', async () => {
    // A picture that moves smoothly (no scene cut that would give x264 keyframes of its own).
    const smooth = join(dir, 'smooth.mp4');
    ffmpegSync(['-f', 'lavfi', '-i', `testsrc2=size=160x90:rate=${FPS}:duration=64`, ...X264, smooth]);
    const gridded = join(dir, 'smooth-gridded.mp4');
    const result = await cut(smooth, [{ start: 30.1, end: 30.5 }], gridded, { masks: [{ ...CORNER, start: 0, end: 64 }], keyframeSeconds: 2 });
    expect(result.copiedSeconds).toBe(0);
    const keyframes = await keyframeTimes(gridded);
    const gaps = keyframes.slice(1).map((time, i) => time - keyframes[i]!);
    expect(keyframes[0]).toBe(0);
    expect(Math.max(...gaps, result.durationSeconds - keyframes.at(-1)!)).toBeLessThanOrEqual(2.05);
    // Without it, x264 puts them up to 10 s apart.
    const own = join(dir, 'smooth-own.mp4');
    await cut(smooth, [{ start: 30.1, end: 30.5 }], own, { masks: [{ ...CORNER, start: 0, end: 64 }] });
    const ownKeyframes = await keyframeTimes(own);
    expect(Math.max(...ownKeyframes.slice(1).map((time, i) => time - ownKeyframes[i]!))).toBeGreaterThan(5);
  });

  it('mask filters are whole pixels rounded outwards, timed on the source, and refuse a mask without area', () => {
    expect(maskFilters([{ x: 0.1, y: 0.2, width: 0.3, height: 0.4, start: 1, end: 2 }], 0.5)).toBe(
      "drawbox=x=floor(iw*0.100000):y=floor(ih*0.200000):w=ceil(iw*0.400000)-floor(iw*0.100000):h=ceil(ih*0.600000)-floor(ih*0.200000):color=black@1:t=fill:enable='between(t,0.500000,1.500000)'",
    );
    expect(() => maskFilters([{ x: 0.1, y: 0.2, width: 0, height: 0.4, start: 1, end: 2 }])).toThrow(/Invalid mask/);
  });
});
