// Evaluation of the scene detector on a labelled frame folder: ROC AUC, recall of revealing
// frames and share of endoscopic frames removed at the operating threshold, and the frames it got
// wrong. Works on any folder laid out like shared/data/deid-frames.
import { basename, dirname, join } from 'node:path';
import { loadPixels, readLabels } from './dataset.js';
import { SCENE_THRESHOLD } from './scene-model.js';
import { buildSamples, EXTRA_LABELS, heldOutGroup, kFold, LEAVE_ONE_VIDEO_OUT, leaveOneVideoOut } from './scene-training.js';
import { type SecondaryDetector, calibrate, DEFAULT_UNCERTAIN_FROM } from './analyse.js';
import { atThreshold, rocAuc } from './metrics.js';
import { SceneDetector } from './scene-detector.js';

/** The figures every evaluation reports (`--json` prints the first five). */
export interface Figures {
  auc: number;
  recall: number;
  insideRemoved: number;
  threshold: number;
  frames: number;
  missed: { file: string; score: number }[];
}

export interface Evaluation extends Figures {
  falseRemovals: { file: string; score: number }[];
  detector: { name: string; version: string };
  /** Frames the secondary detectors looked at (scene score in the uncertain band). */
  checkedBySecondary: number;
}

export interface EvaluateOptions {
  scene?: SceneDetector;
  /** The product's frame rule: these run where the scene score is uncertain, as in analyseVideo. */
  detectors?: SecondaryDetector[];
  uncertainFrom?: number;
}

/** Scores every labelled frame the way the analysis scores a video frame. */
export const evaluate = async (labelsFile: string, imagesDir: string, options: EvaluateOptions = {}): Promise<Evaluation> => {
  const detector = options.scene ?? new SceneDetector();
  try {
    return await evaluateWith(detector, labelsFile, imagesDir, options);
  } finally {
    if (!options.scene) await detector.close();
  }
};

const evaluateWith = async (detector: SceneDetector, labelsFile: string, imagesDir: string, options: EvaluateOptions): Promise<Evaluation> => {
  const threshold = detector.threshold;
  const uncertainFrom = options.uncertainFrom ?? DEFAULT_UNCERTAIN_FROM;
  const frames = await readLabels(labelsFile, imagesDir);
  const scored = [];
  let checkedBySecondary = 0;
  for (const [index, frame] of frames.entries()) {
    const pixels = await loadPixels(frame.file);
    let score = await detector.scoreOne(pixels);
    if (score >= uncertainFrom && score < threshold && options.detectors?.length) {
      checkedBySecondary += 1;
      for (const { detector: secondary, threshold: own } of options.detectors) {
        const [raw] = await secondary.score([{ ...pixels, time: index, keyframe: true }]);
        score = Math.max(score, calibrate(raw ?? 0, own, threshold));
      }
    }
    scored.push({ file: basename(frame.file), revealing: frame.revealing, score });
  }
  const point = atThreshold(scored, threshold);
  const byScore = (a: { score: number }, b: { score: number }) => a.score - b.score;
  return {
    auc: rocAuc(scored),
    recall: point.recall,
    insideRemoved: point.insideRemoved,
    threshold,
    frames: scored.length,
    missed: scored
      .filter((s) => s.revealing && s.score < threshold)
      .sort(byScore)
      .map(({ file, score }) => ({ file, score })),
    falseRemovals: scored
      .filter((s) => !s.revealing && s.score >= threshold)
      .sort(byScore)
      .reverse()
      .map(({ file, score }) => ({ file, score })),
    detector: { name: [detector.name, ...(options.detectors ?? []).map((d) => d.detector.name)].join(' + '), version: detector.version },
    checkedBySecondary,
  };
};

export interface CrossValidatedFigures extends Figures {
  name: string;
  /** Per source video: which frames it got wrong (and, left out, what the model had to learn from). */
  groups: { group: string; frames: number; revealing: number; missed: number; falseRemovals: number; revealingInTraining?: number }[];
  /** Synthetic picture-in-picture frames (an endoscopic frame with a revealing inset) of the same fold. */
  pip: { frames: number; recall: number; missed: { file: string; variant: string; score: number }[] };
}

/**
 * The honest figures: every frame scored by a scene model that never saw its video (trained as
 * `npm run deid:train` trains: augmentations, composites and the repository's extra frames
 * included), by leaving one source video out and by holding out a group of sources.
 */
export const crossValidate = async (
  labelsFile: string,
  imagesDir: string,
  options: { folds?: number; threshold?: number; lambda?: number; extra?: boolean; onProgress?: (done: number, total: number) => void } = {},
): Promise<CrossValidatedFigures[]> => {
  const threshold = options.threshold ?? SCENE_THRESHOLD;
  const own = await readLabels(labelsFile, imagesDir);
  const frames = [...own, ...(options.extra === false ? [] : await readLabels(EXTRA_LABELS, join(dirname(EXTRA_LABELS), 'images')))];
  const samples = await buildSamples(frames, true, options.onProgress);
  // Without source videos in the folder's labels, frames of one video may sit on both sides of a
  // split: stratified k-fold is then all there is, and it flatters.
  const results =
    new Set(own.map((f) => f.group)).size > 1
      ? [leaveOneVideoOut(samples, options.lambda), heldOutGroup(samples, undefined, options.lambda)]
      : [kFold(samples, options.folds ?? 5, options.lambda)];
  return results
    .filter((r) => r.scores.length > 0)
    .map(({ name, scores, pip }) => {
      const point = atThreshold(scores, threshold);
      const groups = [...new Set(scores.map((s) => s.group))].sort().map((group) => {
        const mine = scores.filter((s) => s.group === group);
        const revealing = mine.filter((s) => s.revealing).length;
        return {
          group,
          frames: mine.length,
          revealing,
          missed: mine.filter((s) => s.revealing && s.score < threshold).length,
          falseRemovals: mine.filter((s) => !s.revealing && s.score >= threshold).length,
          // Left out, a video takes its revealing frames out of the training set with it.
          ...(name === LEAVE_ONE_VIDEO_OUT ? { revealingInTraining: frames.filter((f) => f.revealing).length - revealing } : {}),
        };
      });
      const pipMissed = pip.filter((s) => s.score < threshold);
      return {
        name,
        auc: rocAuc(scores),
        recall: point.recall,
        insideRemoved: point.insideRemoved,
        threshold,
        frames: scores.length,
        missed: scores
          .filter((s) => s.revealing && s.score < threshold)
          .sort((a, b) => a.score - b.score)
          .map((s) => ({ file: basename(s.file), score: s.score })),
        groups,
        pip: {
          frames: pip.length,
          recall: pip.length ? 1 - pipMissed.length / pip.length : Number.NaN,
          missed: pipMissed.map((s) => ({ file: basename(s.file), variant: s.variant, score: s.score })),
        },
      };
    });
};
