// From per-frame scores over time to the ranges removed from the video. Privacy first: every
// stretch between the last frame known to be safe and the next one is removed (the unseen frames
// in between may reveal the patient), then a safety margin is added and close ranges are merged
// so the result never flickers between kept and removed.
import { type Reason } from './detector.js';

export interface Sample {
  time: number;
  /** Highest score over the detectors that looked at this frame. */
  score: number;
  /** The reason of the detector that gave the highest score. */
  reason: Reason;
  /** Per-detector scores, for the review timeline. */
  scores: Partial<Record<Reason, number>>;
}

export interface RemovedRange {
  start: number;
  end: number;
  reasons: Reason[];
  /** Highest score inside the range. */
  confidence: number;
}

export interface DecisionOptions {
  threshold: number;
  /** Seconds added before and after every removed range (default 1). */
  marginSeconds?: number;
  /** Removed ranges closer than this are joined (default 2 s). */
  mergeGapSeconds?: number;
  durationSeconds: number;
}

export const DEFAULT_MARGIN_SECONDS = 1;
export const DEFAULT_MERGE_GAP_SECONDS = 2;

const round = (t: number) => Math.round(t * 1000) / 1000;

export const decideRanges = (samples: readonly Sample[], options: DecisionOptions): RemovedRange[] => {
  const { threshold, durationSeconds } = options;
  const margin = options.marginSeconds ?? DEFAULT_MARGIN_SECONDS;
  const mergeGap = options.mergeGapSeconds ?? DEFAULT_MERGE_GAP_SECONDS;
  if (!(margin >= 0) || !(mergeGap >= 0)) throw new Error('The margin and merge gap must be zero or more seconds');
  const sorted = [...samples].sort((a, b) => a.time - b.time);

  // 1. Raw ranges: a flagged sample removes everything back to the previous safe sample and on to
  //    the next safe sample (or the ends of the video).
  const raw: RemovedRange[] = [];
  for (let i = 0; i < sorted.length; i += 1) {
    const sample = sorted[i]!;
    if (sample.score < threshold) continue;
    const start = i > 0 ? sorted[i - 1]!.time : 0;
    let j = i;
    const reasons = new Set<Reason>();
    let confidence = 0;
    while (j < sorted.length && sorted[j]!.score >= threshold) {
      for (const [reason, score] of Object.entries(sorted[j]!.scores) as [Reason, number][]) if (score >= threshold) reasons.add(reason);
      reasons.add(sorted[j]!.reason);
      confidence = Math.max(confidence, sorted[j]!.score);
      j += 1;
    }
    const end = j < sorted.length ? sorted[j]!.time : durationSeconds;
    raw.push({ start, end, reasons: [...reasons].sort(), confidence });
    i = j;
  }

  // 2. Margin, clamp, merge.
  const merged: RemovedRange[] = [];
  for (const range of raw) {
    const start = Math.max(0, range.start - margin);
    const end = Math.min(durationSeconds, range.end + margin);
    const last = merged.at(-1);
    if (last && start - last.end <= mergeGap) {
      last.end = Math.max(last.end, end);
      last.reasons = [...new Set([...last.reasons, ...range.reasons])].sort();
      last.confidence = Math.max(last.confidence, range.confidence);
    } else merged.push({ ...range, start, end });
  }
  return merged.map((r) => ({ ...r, start: round(r.start), end: round(r.end), confidence: Math.round(r.confidence * 1000) / 1000 }));
};

/** Total seconds covered by ranges (they do not overlap after decideRanges). */
export const removedSeconds = (ranges: readonly RemovedRange[]): number => ranges.reduce((sum, r) => sum + (r.end - r.start), 0);
