import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { probe } from '@ipsv/media/probe';
import { analyseVideo, type AnalysisResult } from '../src/analyse.js';
import { loadPixels } from '../src/dataset.js';
import { SceneDetector } from '../src/scene-detector.js';
import { closeDetectors, defaultSecondaryDetectors } from '../src/secondary-detectors.js';
import { covered, hasDevData, makeWithdrawalClip, TIMELINE } from './helpers/withdrawal-clip.js';
import { tempDir } from '../../media/test/helpers/make-video.js';

const { dir, cleanup } = tempDir('ipsv-deid-');
afterAll(cleanup);

describe.skipIf(!hasDevData)('a camera withdrawal in a synthetic surgery clip (needs ../shared/data/deid-frames)', () => {
  const clip = join(dir, 'withdrawal.mp4');
  const detectors = defaultSecondaryDetectors();
  let result: AnalysisResult;
  const progress: number[] = [];

  beforeAll(async () => {
    // The clip is about the withdrawal: endoscopic frames that the scene model itself finds
    // uncertain (about 7 % of them; its frame-level figures come from `deid eval`) are left out.
    const scene = new SceneDetector();
    await makeWithdrawalClip(clip, async (file) => scene.scoreOne(await loadPixels(file)) < 0.03);
    result = await analyseVideo(clip, { detectors, onProgress: (p) => progress.push(p) });
  });
  afterAll(() => closeDetectors(detectors));

  it('removes every second in which the operating room is seen', () => {
    const { revealing } = TIMELINE;
    expect(covered(revealing, result.ranges)).toBeCloseTo(revealing.end - revealing.start, 6);
    for (let t = revealing.start; t < revealing.end; t += 0.2) expect(result.ranges.some((r) => r.start <= t && t < r.end), `${t.toFixed(1)} s`).toBe(true);
    expect(result.ranges.flatMap((r) => r.reasons)).toContain('out_of_body');
  });

  it('keeps the endoscopic parts outside the safety margins', () => {
    const insideSeconds = TIMELINE.inside.reduce((sum, s) => sum + s.end - s.start, 0);
    const removedInside = TIMELINE.inside.reduce((sum, s) => sum + covered(s, result.ranges), 0);
    // The withdrawal is found to a fraction of a second; with the 1 s margin on each side at most
    // about 2 s of endoscopic picture go.
    expect(removedInside).toBeLessThan(2.5);
    expect(1 - removedInside / insideSeconds).toBeGreaterThan(0.8);
    expect(result.ranges).toHaveLength(1);
  });

  it('decodes only a fraction of the frames, reports progress to 100 and gives the timeline its score track', async () => {
    const info = await probe(clip);
    expect(result.durationSeconds).toBeCloseTo(info.durationSeconds, 1);
    expect(result.framesDecoded).toBeLessThan((info.video.frameCount ?? 600) / 4);
    expect(progress.at(-1)).toBe(100);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    expect(result.track.length).toBeGreaterThan(10);
    const inRoom = result.track.filter((p) => p.time >= 9.5 && p.time < 14.5);
    expect(inRoom.length).toBeGreaterThan(0);
    for (const p of inRoom) expect(p.score).toBeGreaterThanOrEqual(result.threshold);
    expect(result.detectors.map((d) => d.reason)).toEqual(['out_of_body', 'face', 'person', 'text']);
  });
});
