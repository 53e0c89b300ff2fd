// Evaluation of the scene detector on a labelled frame folder: ROC AUC, recall of revealing
// frames and share of endoscopic frames removed at the operating threshold, and the frames it got
// wrong. Works on any folder laid out like shared/data/deid-frames.
import { basename } from 'node:path';
import { loadPixels, readLabels } from './dataset.js';
import { atThreshold, rocAuc } from './metrics.js';
import { SceneDetector } from './scene-detector.js';

export interface Evaluation {
  auc: number;
  recall: number;
  insideRemoved: number;
  threshold: number;
  frames: number;
  missed: { file: string; score: number }[];
  falseRemovals: { file: string; score: number }[];
  detector: { name: string; version: string };
}

export const evaluate = async (labelsFile: string, imagesDir: string, detector = new SceneDetector(), threshold = detector.threshold): Promise<Evaluation> => {
  const frames = await readLabels(labelsFile, imagesDir);
  const scored = [];
  for (const frame of frames) scored.push({ file: basename(frame.file), revealing: frame.revealing, score: detector.scoreOne(await loadPixels(frame.file)) });
  const point = atThreshold(scored, threshold);
  const byScore = (a: { score: number }, b: { score: number }) => a.score - b.score;
  return {
    auc: rocAuc(scored),
    recall: point.recall,
    insideRemoved: point.insideRemoved,
    threshold,
    frames: scored.length,
    missed: scored.filter((s) => s.revealing && s.score < threshold).sort(byScore).map(({ file, score }) => ({ file, score })),
    falseRemovals: scored.filter((s) => !s.revealing && s.score >= threshold).sort(byScore).reverse().map(({ file, score }) => ({ file, score })),
    detector: { name: detector.name, version: detector.version },
  };
};
