// Scene changes found by ffmpeg on a generated clip of three visibly different parts.
import { execFile } from 'node:child_process';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sceneChanges } from '../src/scene-changes.js';
import { ffmpegSync, tempDir } from './helpers/make-video.js';

const { dir, cleanup } = tempDir();
const clip = join(dir, 'three-scenes.mp4');
const still = join(dir, 'still.mp4');
afterAll(cleanup);

beforeAll(() => {
  // Flat colour, then the moving test pattern, then a zooming fractal: 6 s each, so the scene
  // changes are at 6 s and 12 s, and the moving parts give scores below the threshold in between.
  const part = 'size=320x180:rate=25';
  ffmpegSync([
    '-f',
    'lavfi',
    '-i',
    `color=c=0x3060a0:${part}:duration=6`,
    '-f',
    'lavfi',
    '-i',
    `testsrc2=${part}:duration=6`,
    '-f',
    'lavfi',
    '-i',
    `mandelbrot=${part}`,
    '-filter_complex',
    '[2:v]trim=duration=6,setpts=PTS-STARTPTS[m];[0:v][1:v][m]concat=n=3:v=1:a=0,format=yuv420p[v]',
    '-map',
    '[v]',
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
    '-g',
    '50',
    clip,
  ]);
  ffmpegSync([
    '-f',
    'lavfi',
    '-i',
    'color=c=0x3060a0:size=320x180:rate=25:duration=8',
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
    '-pix_fmt',
    'yuv420p',
    still,
  ]);
});

describe('sceneChanges', () => {
  it('finds the changes at 6 s and 12 s and suggests the three parts as segments', async () => {
    const progress: number[] = [];
    const { changes, segments } = await sceneChanges(clip, { minSegmentSeconds: 3, onProgress: (p) => progress.push(p) });
    expect(changes).toHaveLength(2);
    expect(Math.abs(changes[0]!.time - 6)).toBeLessThanOrEqual(0.5);
    expect(Math.abs(changes[1]!.time - 12)).toBeLessThanOrEqual(0.5);
    for (const c of changes) expect(c.score).toBeGreaterThan(0.3);
    expect(segments).toHaveLength(3);
    const expected = [
      [0, 6],
      [6, 12],
      [12, 18],
    ];
    segments.forEach((segment, i) => {
      expect(Math.abs(segment.start - expected[i]![0]!)).toBeLessThanOrEqual(0.5);
      expect(Math.abs(segment.end - expected[i]![1]!)).toBeLessThanOrEqual(0.5);
    });
    expect(segments[0]!.start).toBe(0);
    expect(progress.at(-1)).toBe(100);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
  });

  it('with the default 20 s shortest segment, an 18 s clip stays one segment', async () => {
    const { changes, segments } = await sceneChanges(clip);
    expect(changes).toHaveLength(2);
    expect(segments).toHaveLength(1);
    expect(segments[0]!.start).toBe(0);
    expect(segments[0]!.end).toBeCloseTo(18, 0);
  });

  it('a still picture has no scene change and stays one segment', async () => {
    const { changes, segments } = await sceneChanges(still, { minSegmentSeconds: 1 });
    expect(changes).toEqual([]);
    expect(segments).toHaveLength(1);
    expect(segments[0]!.end).toBeCloseTo(8, 0);
  });

  it('refuses a bad threshold and stops when cancelled', async () => {
    await expect(sceneChanges(clip, { threshold: 1.5 })).rejects.toMatchObject({ code: 'bad_argument' });
    await expect(sceneChanges(clip, { threshold: 0 })).rejects.toMatchObject({ code: 'bad_argument' });
    const controller = new AbortController();
    const running = sceneChanges(clip, { signal: controller.signal, onProgress: () => controller.abort() });
    await expect(running).rejects.toMatchObject({ code: 'cancelled' });
  });

  it('ipsv-media scenes prints the suggested segments as start-end ranges', async () => {
    const bin = resolve(import.meta.dirname, '../bin/ipsv-media.mjs');
    const { stdout, stderr } = await promisify(execFile)(process.execPath, [bin, 'scenes', clip]);
    // The default 20 s shortest segment keeps the 18 s clip whole.
    expect(stdout).toMatch(/^0\.0-18\.\d\n$/);
    expect(stderr).toContain('scenes 100%');
  });
});
