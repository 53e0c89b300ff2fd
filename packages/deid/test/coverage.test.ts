// Every second is examined, wherever the keyframes are: room views and short flashes placed
// between keyframes 10 s, 2 s and 0.5 s apart, and in a clip with a variable frame rate, must be
// inside the proposed ranges; a chunked analysis gives the same answer as one pass.
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keyframeTimes, probe } from '@ipsv/media/probe';
import { analyseChunk, analyseVideo, mergeChunks, planFile, type AnalysisResult, type ChunkAnalysis } from '../src/analyse.js';
import { SceneDetector } from '../src/scene-detector.js';
import { makeCoverageClip, partTimes, type ClipPart } from './helpers/coverage-clip.js';
import { covered, hasDevData } from './helpers/withdrawal-clip.js';
import { tempDir } from '../../media/test/helpers/make-video.js';

const { dir, cleanup } = tempDir('ipsv-coverage-');
afterAll(cleanup);

/** A 3 s room view and a 1 s flash, both between two keyframes when they are 10 s apart. */
const PARTS: ClipPart[] = [
  { seconds: 12, view: 'inside' },
  { seconds: 3, view: 'room' },
  { seconds: 7, view: 'inside' },
  { seconds: 1, view: 'room' },
  { seconds: 7, view: 'inside' },
];
const TIMES = partTimes(PARTS);
const revealing = TIMES.filter((p) => p.view === 'room');

const expectCovered = (result: AnalysisResult) => {
  for (const part of revealing) {
    const share = covered(part, result.ranges) / (part.end - part.start);
    expect(share, `${part.start}-${part.end} s: ${JSON.stringify(result.ranges)}`).toBeGreaterThanOrEqual(0.95);
  }
  // ... and the endoscopic picture clear of the views (2 s on each side) is kept.
  const clear = TIMES.filter((p) => p.view === 'inside').map((p) => ({ start: p.start + (p.start ? 2 : 0), end: p.end - (p.end < 30 ? 2 : 0) }));
  const clearSeconds = clear.reduce((sum, s) => sum + s.end - s.start, 0);
  expect(clear.reduce((sum, s) => sum + covered(s, result.ranges), 0) / clearSeconds).toBeLessThanOrEqual(0.1);
};

describe.skipIf(!hasDevData)('coverage: footage between keyframes is examined (needs ../shared/data/deid-frames)', () => {
  const scene = new SceneDetector();
  afterAll(() => scene.close());

  for (const gopSeconds of [10, 2, 0.5]) {
    describe(`keyframes every ${gopSeconds} s`, () => {
      const clip = join(dir, `gop-${gopSeconds}.mp4`);
      let result: AnalysisResult;
      beforeAll(async () => {
        await makeCoverageClip(clip, PARTS, { gopSeconds });
        result = await analyseVideo(clip, { scene });
      });

      it('the room view and the flash are each at least 95 % inside the proposed ranges', async () => {
        if (gopSeconds === 10) expect(await keyframeTimes(clip)).toEqual([0, 10, 20]);
        expectCovered(result);
        expect(result.ranges.flatMap((r) => r.reasons)).toContain('out_of_body');
      });

      it('examines at least two frames per second of the timeline, evenly', async () => {
        const { durationSeconds } = await probe(clip);
        expect(result.sampleFps).toBe(2);
        expect(result.framesExamined).toBeGreaterThanOrEqual(2 * Math.floor(durationSeconds));
        const times = result.track.map((p) => p.time);
        for (let t = 0; t + 0.5 <= durationSeconds; t += 0.5)
          expect(
            times.some((time) => time >= t && time < t + 0.5),
            `a frame in [${t}, ${t + 0.5})`,
          ).toBe(true);
      });
    });
  }

  it('a variable frame rate (25 fps, then about 8) is covered the same way', async () => {
    const clip = join(dir, 'vfr.mp4');
    await makeCoverageClip(clip, PARTS, { gopSeconds: 10, vfrFrom: 6 });
    const result = await analyseVideo(clip, { scene });
    expectCovered(result);
  });

  it('refuses a sampling rate under one frame per second', async () => {
    await expect(analyseVideo(join(dir, 'gop-10.mp4'), { scene, sampleFps: 0.5 })).rejects.toThrow(/at least 1 frame per second/);
  });

  it('in chunks taken by different workers in any order, the same ranges and track as in one pass', async () => {
    const clip = join(dir, 'gop-2.mp4');
    const whole = await analyseVideo(clip, { scene });
    // 10 s chunks: the room view and the flash sit next to chunk borders (12 s, 22 s are near 10, 20).
    const { durationSeconds, chunks } = await planFile(clip, { chunkSeconds: 10 });
    expect(chunks.length).toBe(3);
    expect(chunks[0]!.start).toBe(0);
    expect(chunks.at(-1)!.end).toBe(durationSeconds);
    const other = new SceneDetector();
    try {
      const parts: ChunkAnalysis[] = [];
      // Two "workers" (two detectors), the last chunk first; the parts cross JSON as between processes.
      for (const [i, chunk] of [...chunks].reverse().entries())
        parts.push(JSON.parse(JSON.stringify(await analyseChunk(clip, chunk, durationSeconds, i % 2 ? other : scene))) as ChunkAnalysis);
      const merged = mergeChunks(parts);
      expect(merged.chunks).toBe(3);
      expect(merged.ranges).toEqual(whole.ranges);
      expect(merged.track).toEqual(whole.track);
      expectCovered(merged);
      for (const some of [parts.slice(1), parts.slice(0, -1), [...parts, parts[0]!]]) expect(() => mergeChunks(some)).toThrow(/do not belong to one analysis/);
    } finally {
      await other.close();
    }
  });
});
