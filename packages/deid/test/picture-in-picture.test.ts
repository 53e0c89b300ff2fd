// A tower's picture-in-picture: the room camera shown in a corner of the endoscope's picture. The
// inset here is a real photograph of a person that no detector was trained on (a demo photo
// shipped in @vladmandic/human, MIT), over a moving endoscopic clip made of dev frames; the whole
// analysis must remove every second the inset is on screen and keep the endoscopic picture around it.
import { createRequire } from 'node:module';
import path, { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyseVideo, type AnalysisResult } from '../src/analyse.js';
import { loadPixels } from '../src/dataset.js';
import { SceneDetector } from '../src/scene-detector.js';
import { SCENE_UNCERTAIN_FROM } from '../src/scene-model.js';
import { closeDetectors, defaultSecondaryDetectors } from '../src/secondary-detectors.js';
import { covered, hasDevData, INSET_TIMELINE, makeInsetClip } from './helpers/withdrawal-clip.js';
import { tempDir } from '../../media/test/helpers/make-video.js';

const require = createRequire(import.meta.url);
const SAMPLES = path.join(path.dirname(require.resolve('@vladmandic/human')), '..', 'assets', 'samples.jpg');
/** The photo of a man at a dinner table, third in the collage's top row (as in detectors-face.test). */
const MAN_AT_TABLE = 'crop=210:158:327:0';

const { dir, cleanup } = tempDir('ipsv-deid-pip-');
afterAll(cleanup);

// A third and a quarter of the frame's width (213 and 160 of 640 px): the sizes of the towers' layouts.
describe.skipIf(!hasDevData).each([213, 160])('a person in a picture-in-picture inset %i px wide (needs ../shared/data/deid-frames)', (width) => {
  const clip = join(dir, `inset-${width}.mp4`);
  const detectors = defaultSecondaryDetectors();
  let result: AnalysisResult;

  beforeAll(async () => {
    // Endoscopic frames the scene model itself finds uncertain are left out, as in withdrawal.test:
    // this is about the inset, not about the model's frame-level mistakes (`deid eval` counts those).
    const scene = new SceneDetector();
    await makeInsetClip(
      clip,
      { file: SAMPLES, filter: MAN_AT_TABLE, width },
      async (file) => (await scene.scoreOne(await loadPixels(file))) < SCENE_UNCERTAIN_FROM,
    ).finally(() => scene.close());
    result = await analyseVideo(clip, { detectors });
  }, 120_000);
  afterAll(() => closeDetectors(detectors));

  it('removes every second in which the inset shows the person', () => {
    const { revealing } = INSET_TIMELINE;
    for (let t = revealing.start; t < revealing.end; t += 0.2)
      expect(
        result.ranges.some((r) => r.start <= t && t < r.end),
        `${t.toFixed(1)} s: ${JSON.stringify(result.ranges)}`,
      ).toBe(true);
  });

  it('keeps the endoscopic picture away from the inset', () => {
    const clearSeconds = INSET_TIMELINE.clear.reduce((sum, s) => sum + s.end - s.start, 0);
    const removed = INSET_TIMELINE.clear.reduce((sum, s) => sum + covered(s, result.ranges), 0);
    expect(removed / clearSeconds, JSON.stringify(result.ranges)).toBeLessThanOrEqual(0.1);
  });
});
