// The detectors that back up the scene classifier, with where they run and their thresholds.
import { type SecondaryDetector } from './analyse.js';
import { FaceDetector } from './detectors/face-detector.js';
import { PersonDetector } from './detectors/person-detector.js';
import { TEXT_THRESHOLD, TextDetector } from './detectors/text-detector.js';

/**
 * Faces and people only where the scene score is uncertain (a confident endoscopic view has
 * neither, and they are the slowest models); burned-in text also on one keyframe every 10 s,
 * because tower overlays sit on endoscopic pictures too. Thresholds from bench/RESULTS.md: text at
 * 0.9 still finds every drawn overlay while printing on instruments triggers it less often; lines
 * at 0.9 or more are read, and a maker's print on an instrument cuts nothing.
 */
export const defaultSecondaryDetectors = (): SecondaryDetector[] => [
  { detector: new FaceDetector(), threshold: 0.5, run: 'uncertain' },
  { detector: new PersonDetector(), threshold: 0.5, run: 'uncertain' },
  { detector: new TextDetector({ readFrom: TEXT_THRESHOLD }), threshold: TEXT_THRESHOLD, run: 'periodic', everySeconds: 10 },
];

export const closeDetectors = async (detectors: readonly SecondaryDetector[]) => {
  for (const { detector } of detectors) await detector.close?.();
};
