// Burned-in text over time on generated clips, with the real models: a tower overlay in a corner for
// the whole video is masked in every frame and nothing is cut; printing on an instrument shaft that
// moves is neither cut nor masked; a maker's print shown for two seconds at one place cuts nothing,
// while a patient's name shown the same way is cut.
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyseVideo, type AnalysisResult } from '../src/analyse.js';
import { loadPixels } from '../src/dataset.js';
import { SceneDetector } from '../src/scene-detector.js';
import { SCENE_UNCERTAIN_FROM } from '../src/scene-model.js';
import { closeDetectors, defaultSecondaryDetectors } from '../src/secondary-detectors.js';
import { findFont } from './detector-overlay.js';
import { drawText, makeTextClip } from './helpers/text-clip.js';
import { hasDevData } from './helpers/withdrawal-clip.js';
import { tempDir } from '../../media/test/helpers/make-video.js';

const { dir, cleanup } = tempDir('ipsv-deid-text-');
afterAll(cleanup);
const font = findFont();
const SECONDS = 12;

describe.skipIf(!hasDevData || !font)('burned-in text over time (needs ../shared/data/deid-frames and a font)', () => {
  const detectors = defaultSecondaryDetectors();
  const scene = new SceneDetector();
  const confidentInside = async (file: string) => (await scene.scoreOne(await loadPixels(file))) < SCENE_UNCERTAIN_FROM;
  let overlay: AnalysisResult;
  let instrument: AnalysisResult;
  let brief: { print: AnalysisResult; patient: AnalysisResult };

  beforeAll(async () => {
    const overlayClip = await makeTextClip(
      join(dir, 'overlay.mp4'),
      SECONDS,
      [drawText(font!, 'DOE JOHN 1957-03-02', '6', '6', 12), drawText(font!, 'ID 483920  2024-11-05', '6', '22', 12)],
      confidentInside,
    );
    // A grey shaft with its brand name swinging across the picture, as a hand moves an instrument.
    // 30 s, so that the swinging print passes the same places again and again.
    const instrumentClip = await makeTextClip(
      join(dir, 'instrument.mp4'),
      30,
      [drawText(font!, 'KARL STORZ', '110+80*sin(1.3*t)', '80+30*cos(0.9*t)', 12, 'box=1:boxcolor=gray:boxborderw=8')],
      confidentInside,
    );
    overlay = await analyseVideo(overlayClip, { scene, detectors });
    instrument = await analyseVideo(instrumentClip, { scene, detectors });
    // Shown from 10 s to 12 s at one place, on a grey shaft: too short to be an overlay, still, so
    // not told apart by moving. The periodic look at 10 s finds it, the dense pass around it follows it.
    const briefly = async (name: string, text: string) =>
      analyseVideo(
        await makeTextClip(
          join(dir, `${name}.mp4`),
          20,
          [drawText(font!, text, '150', '100', 13, "box=1:boxcolor=gray:boxborderw=6:enable='between(t,10,12)'")],
          confidentInside,
        ),
        { scene, detectors },
      );
    brief = { print: await briefly('print', 'Harmonic ACE'), patient: await briefly('patient', 'DOE JOHN 1957') };
  }, 300_000);
  afterAll(() => closeDetectors(detectors));

  it('a corner overlay for the whole video is masked in every frame, and nothing is cut', () => {
    expect(overlay.ranges).toEqual([]);
    expect(overlay.masks.length).toBeGreaterThanOrEqual(1);
    const covering = overlay.masks.filter((m) => m.x < 0.05 && m.y < 0.05);
    expect(covering).toHaveLength(1);
    const [mask] = covering;
    expect(mask!.reason).toBe('text');
    expect(mask!.start).toBe(0);
    expect(mask!.end).toBeCloseTo(overlay.durationSeconds, 3);
    // Both lines (about 6-34 px down, 6-150 px across of 320x180), and no more than the corner.
    expect(mask!.y + mask!.height).toBeGreaterThan(30 / 180);
    expect(mask!.x + mask!.width).toBeGreaterThan(110 / 320);
    expect(mask!.width * mask!.height).toBeLessThan(0.25);
    expect(overlay.textTracks.some((t) => t.kind === 'persistent')).toBe(true);
  });

  it('an instrument shaft with print that moves is neither cut nor masked', () => {
    // The detector did see the print, in several frames and at several places.
    const seen = instrument.textTracks.reduce((sum, t) => sum + t.sightings, 0);
    expect(seen).toBeGreaterThanOrEqual(4);
    expect(instrument.textTracks.filter((t) => t.kind === 'moving').length).toBeGreaterThanOrEqual(2);
    expect(instrument.masks).toEqual([]);
    // The print itself removes nothing. (The scene model of issue 15 part 1 judges frames region by
    // region, and this clip's flat grey shaft sometimes reads as a non-endoscopic region: those
    // removals are the scene model's endoscopic false positives, measured in bench/RESULTS.md.)
    expect(instrument.ranges.filter((range) => range.reasons.includes('text'))).toEqual([]);
    expect(instrument.ranges.every((range) => range.reasons.every((reason) => reason === 'out_of_body'))).toBe(true);
  });

  it("a maker's print shown briefly at one place is read as instrument print and cuts nothing; a patient's name shown the same way is cut", () => {
    const textRanges = (result: AnalysisResult) => result.ranges.filter((range) => range.reasons.includes('text'));
    // Both were seen as text, for less than an overlay's 3 s, so both are short-lived text.
    for (const result of [brief.print, brief.patient]) {
      expect(result.textTracks.some((t) => t.kind === 'transient' && t.first >= 9.9 && t.last <= 12.1)).toBe(true);
      expect(result.masks).toEqual([]);
    }
    expect(brief.print.textTracks.reduce((sum, t) => sum + t.instrumentPrint, 0)).toBeGreaterThanOrEqual(1);
    expect(textRanges(brief.print)).toEqual([]);
    expect(brief.patient.textTracks.reduce((sum, t) => sum + t.instrumentPrint, 0)).toBe(0);
    const [cut] = textRanges(brief.patient);
    expect(cut).toBeDefined();
    expect(cut!.start).toBeLessThanOrEqual(10);
    expect(cut!.end).toBeGreaterThanOrEqual(12);
  });
});
