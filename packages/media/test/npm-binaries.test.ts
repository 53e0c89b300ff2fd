// The fallback binaries from @ffmpeg-installer / @ffprobe-installer (a static 2018 build) must be
// enough for the whole pipeline on a machine without ffmpeg. Vitest runs each file in its own
// process, so pointing this one at them does not affect the others.
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { locateBinaries } from '../src/binaries.js';
import { cut } from '../src/cut.js';
import { renderLadder, RUNGS } from '../src/ladder.js';
import { probe } from '../src/probe.js';
import { sampleFrames } from '../src/sample-frames.js';
import { validate } from '../src/validate.js';
import { colourOf, makeColourClip, tempDir } from './helpers/make-video.js';

const require = createRequire(import.meta.url);
const { dir, cleanup } = tempDir();
const clip = join(dir, 'clip.mp4');
afterAll(cleanup);

describe('with the ffmpeg and ffprobe shipped in npm packages', () => {
  beforeAll(() => {
    makeColourClip(clip, ['red', 'green', 'blue'], 2, 25, '1280x720');
    process.env.FFMPEG_PATH = (require('@ffmpeg-installer/ffmpeg') as { path: string }).path;
    process.env.FFPROBE_PATH = (require('@ffprobe-installer/ffprobe') as { path: string }).path;
  });

  it('probes, validates, samples, cuts frame-exactly and renders', async () => {
    expect(locateBinaries()).toMatchObject({ source: 'env', ffmpeg: expect.stringContaining('@ffmpeg-installer') });
    const info = await probe(clip);
    expect(validate(info).map((v) => v.code)).toEqual([]);
    const out = join(dir, 'cut.mp4');
    const result = await cut(clip, [{ start: 2, end: 4 }], out);
    const colours: string[] = [];
    for await (const frame of sampleFrames(out, { width: 16, height: 9, mode: 'dense' })) colours.push(colourOf(frame.data));
    expect(colours.filter((c) => c === 'red')).toHaveLength(50);
    expect(colours.filter((c) => c === 'blue')).toHaveLength(50);
    expect(colours).not.toContain('green');
    expect(result.durationSeconds).toBe(4);
    const [rendition] = await renderLadder(out, join(dir, 'hls'), [RUNGS[0]!]);
    expect((await probe(rendition!.mp4)).video).toMatchObject({ width: 640, height: 360 });
  });
});
