import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { probe } from '@ipsv/media/probe';
import { analyseVideo, type AnalysisResult } from '../src/analyse.js';
import { loadPixels } from '../src/dataset.js';
import { SceneDetector } from '../src/scene-detector.js';
import { SCENE_UNCERTAIN_FROM } from '../src/scene-model.js';
import { closeDetectors, defaultSecondaryDetectors } from '../src/secondary-detectors.js';
import { ABRUPT_TIMELINE, covered, hasDevData, makeAbruptWithdrawalClip, makeWithdrawalClip, TIMELINE } from './helpers/withdrawal-clip.js';
import { ffprobeJson, tempDir } from '../../media/test/helpers/make-video.js';

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
    await makeWithdrawalClip(clip, async (file) => (await scene.scoreOne(await loadPixels(file))) < SCENE_UNCERTAIN_FROM).finally(() => scene.close());
    result = await analyseVideo(clip, { detectors, onProgress: (p) => progress.push(p) });
  });
  afterAll(() => closeDetectors(detectors));

  it('removes every second in which the operating room is seen', () => {
    const { revealing } = TIMELINE;
    expect(covered(revealing, result.ranges)).toBeCloseTo(revealing.end - revealing.start, 6);
    for (let t = revealing.start; t < revealing.end; t += 0.2)
      expect(
        result.ranges.some((r) => r.start <= t && t < r.end),
        `${t.toFixed(1)} s`,
      ).toBe(true);
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
    // Outside the 1 s safety margins around the withdrawal (darkening included) the endoscopic
    // picture is kept whole but for at most 10 %.
    const clear = [
      { start: 0, end: 5.5 },
      { start: 17.5, end: 24 },
    ];
    const clearSeconds = clear.reduce((sum, s) => sum + s.end - s.start, 0);
    expect(clear.reduce((sum, s) => sum + covered(s, result.ranges), 0) / clearSeconds).toBeLessThanOrEqual(0.1);
  });

  it('examines at least two frames a second yet decodes only a fraction of the frames, reports progress to 100 and gives the timeline its score track', async () => {
    const info = await probe(clip);
    expect(result.durationSeconds).toBeCloseTo(info.durationSeconds, 1);
    expect(result.framesExamined).toBeGreaterThanOrEqual(2 * Math.floor(info.durationSeconds));
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

describe.skipIf(!hasDevData)('a short withdrawal between keyframes far apart (needs ../shared/data/deid-frames)', () => {
  const clip = join(dir, 'abrupt.mp4');
  let result: AnalysisResult;

  beforeAll(async () => {
    // Endoscopic frames the scene model keeps with confidence (below its uncertain band, as in the
    // clip above); the clip is about where the analysis looks, not about the model's frame-level
    // mistakes (those are `deid eval`'s figures). With the second scene model, frames kept as stills
    // just under the threshold crossed it once zoomed, panned and encoded in the clip.
    const scene = new SceneDetector();
    await makeAbruptWithdrawalClip(clip, async (file) => (await scene.scoreOne(await loadPixels(file))) < SCENE_UNCERTAIN_FROM).finally(() => scene.close());
    result = await analyseVideo(clip);
  });

  it('the clip has a single keyframe, so a keyframe-only pass (the analysis before issue 46) would see none of the operating room', () => {
    const { frames } = ffprobeJson<{ frames: { key_frame: number }[] }>([
      '-select_streams',
      'v',
      '-skip_frame',
      'nokey',
      '-show_entries',
      'frame=key_frame',
      clip,
    ]);
    expect(frames).toHaveLength(1);
  });

  it('the even pass (two frames a second, wherever the keyframes are) finds it: every revealing second removed', () => {
    const { revealing } = ABRUPT_TIMELINE;
    expect(covered(revealing, result.ranges)).toBeCloseTo(revealing.end - revealing.start, 6);
    expect(result.ranges.flatMap((r) => r.reasons)).toEqual(['out_of_body']);
  });

  it('keeps at least 90 % of the endoscopic picture outside the margins around the withdrawal', () => {
    // The even pass samples every half second and the dense pass locates the cut to a fifth of a
    // second; with the 1 s margin on each side about 1.5 s of endoscopic picture go.
    const clear = [
      { start: 0, end: 12 },
      { start: 18, end: 30 },
    ];
    const clearSeconds = clear.reduce((sum, s) => sum + s.end - s.start, 0);
    expect(clear.reduce((sum, s) => sum + covered(s, result.ranges), 0) / clearSeconds).toBeLessThanOrEqual(0.1);
  });
});
