// Overlays must not decide the scene (issue 47), on generated clips with the real models: a tower's
// name-and-date overlay (white on a black band, the kind the scene model took for "not endoscopic"
// and cut 0:00-0:21 for) over the whole of an endoscopic clip proposes the same cuts as the clip
// without it, none; over a clip with a withdrawal, the same cut as without it, so blanking the text
// for the scene model hides no part of the operating room. The overlay may add a mask of its own.
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyseVideo, type AnalysisResult } from '../src/analyse.js';
import { loadPixels } from '../src/dataset.js';
import { SceneDetector } from '../src/scene-detector.js';
import { SCENE_UNCERTAIN_FROM } from '../src/scene-model.js';
import { closeDetectors, defaultSecondaryDetectors } from '../src/secondary-detectors.js';
import { findFont } from './detector-overlay.js';
import { drawText, makeTextClip } from './helpers/text-clip.js';
import { ABRUPT_TIMELINE, covered, hasDevData, makeAbruptWithdrawalClip } from './helpers/withdrawal-clip.js';
import { tempDir } from '../../media/test/helpers/make-video.js';

const { dir, cleanup } = tempDir('ipsv-deid-overlay-');
afterAll(cleanup);
const font = findFont();

/** The name and birth date on one line, the date and time on the next, each on a black band. */
const nameAndDate = (size: number, border: number) => [
  drawText(font!, 'DOE JOHN  02.03.1957', `${border * 2}`, `${border * 2}`, size, `box=1:boxcolor=black:boxborderw=${border}`),
  drawText(font!, '2024-11-05  14:32:07', `${border * 2}`, `${border * 4 + size + 4}`, size, `box=1:boxcolor=black:boxborderw=${border}`),
];

describe.skipIf(!hasDevData || !font)('a persistent name-and-date overlay does not change the cuts (needs ../shared/data/deid-frames and a font)', () => {
  const detectors = defaultSecondaryDetectors();
  const scene = new SceneDetector();
  const confidentInside = async (file: string) => (await scene.scoreOne(await loadPixels(file))) < SCENE_UNCERTAIN_FROM;
  const results: Record<'endoscopic' | 'endoscopicOverlay' | 'withdrawal' | 'withdrawalOverlay', AnalysisResult> = {} as never;

  beforeAll(async () => {
    const endoscopic = (name: string, filters: string[]) => makeTextClip(join(dir, `${name}.mp4`), 20, filters, confidentInside);
    results.endoscopic = await analyseVideo(await endoscopic('endoscopic', []), { scene, detectors });
    results.endoscopicOverlay = await analyseVideo(await endoscopic('endoscopic-overlay', nameAndDate(11, 3)), { scene, detectors });
    const withdrawal = (name: string, overlay: string[]) => makeAbruptWithdrawalClip(join(dir, `${name}.mp4`), confidentInside, overlay);
    results.withdrawal = await analyseVideo(await withdrawal('withdrawal', []), { scene, detectors });
    results.withdrawalOverlay = await analyseVideo(await withdrawal('withdrawal-overlay', nameAndDate(22, 6)), { scene, detectors });
  }, 600_000);
  afterAll(async () => {
    await closeDetectors(detectors);
    await scene.close();
  });

  it('an endoscopic clip proposes no cut with the overlay, as without it, and the overlay is masked', () => {
    expect(results.endoscopic.ranges).toEqual([]);
    expect(results.endoscopicOverlay.ranges).toEqual([]);
    const corner = results.endoscopicOverlay.masks.filter((m) => m.x < 0.1 && m.y < 0.1);
    expect(corner).toHaveLength(1);
    expect(corner[0]!.start).toBe(0);
    expect(corner[0]!.end).toBeCloseTo(results.endoscopicOverlay.durationSeconds, 3);
    expect(results.endoscopic.masks).toEqual([]);
  });

  it('the scene model is not fooled frame by frame either: it scores the overlay frames as it scores the clean ones', () => {
    // Every examined frame, paired by time: the overlay may move a score, never across the threshold.
    const clean = new Map(results.endoscopic.track.map((p) => [p.time, p.scores.out_of_body ?? 0]));
    const paired = results.endoscopicOverlay.track.filter((p) => clean.has(p.time));
    expect(paired.length).toBeGreaterThanOrEqual(40);
    for (const p of paired) expect(p.scores.out_of_body ?? 0, `at ${p.time} s`).toBeLessThan(results.endoscopicOverlay.threshold);
  });

  it('a clip with a withdrawal proposes the same cut with the overlay as without it, the whole withdrawal included', () => {
    const { revealing } = ABRUPT_TIMELINE;
    for (const result of [results.withdrawal, results.withdrawalOverlay]) {
      expect(covered(revealing, result.ranges)).toBeCloseTo(revealing.end - revealing.start, 6);
      expect(result.ranges.flatMap((r) => r.reasons)).toContain('out_of_body');
    }
    const span = (r: AnalysisResult) => r.ranges.map(({ start, end }) => ({ start, end }));
    expect(span(results.withdrawalOverlay)).toEqual(span(results.withdrawal));
    expect(results.withdrawalOverlay.masks.some((m) => m.x < 0.1 && m.y < 0.1)).toBe(true);
  });
});
