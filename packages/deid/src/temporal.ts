// From per-frame scores over time to the ranges removed from the video. Privacy first: every
// stretch between the last frame known to be safe and the next one is removed (the unseen frames
// in between may reveal the patient), a removal grows over uncertain neighbours (hysteresis), then
// a safety margin is added and close ranges are merged so the result never flickers between kept
// and removed. Smoothing here only ever removes more: a median filter would also erase a lone
// flagged frame, and in the coarse pass one frame can stand for several seconds of video.
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
  /**
   * Hysteresis: once a frame reaches `threshold`, its neighbours on both sides stay removed while
   * they score at least this (default threshold / 2). The frames around a withdrawal (the scope in
   * the trocar, fogged or blurred on re-entry) score in between and may still show the port site.
   */
  releaseThreshold?: number;
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
  const release = options.releaseThreshold ?? threshold / 2;
  if (!(margin >= 0) || !(mergeGap >= 0)) throw new Error('The margin and merge gap must be zero or more seconds');
  if (!(release >= 0 && release <= threshold)) throw new Error('The release threshold must be between 0 and the threshold');
  if (!(durationSeconds >= 0)) throw new Error('The duration must be zero or more seconds');
  const sorted = [...samples].sort((a, b) => a.time - b.time);

  // 1. Raw ranges: a flagged sample removes its uncertain neighbours (score ≥ release) and
  //    everything back to the previous safe sample and on to the next safe sample (or the ends).
  const raw: RemovedRange[] = [];
  for (let i = 0; i < sorted.length; i += 1) {
    if (sorted[i]!.score < threshold) continue;
    let first = i;
    while (first > 0 && sorted[first - 1]!.score >= release) first -= 1;
    // The previous range stopped at a safe sample, so this walk back never crosses into it.
    const start = first > 0 ? sorted[first - 1]!.time : 0;
    let j = i;
    const reasons = new Set<Reason>();
    let confidence = 0;
    while (j < sorted.length && sorted[j]!.score >= release) {
      for (const [reason, score] of Object.entries(sorted[j]!.scores) as [Reason, number][]) if (score >= threshold) reasons.add(reason);
      if (sorted[j]!.score >= threshold) reasons.add(sorted[j]!.reason);
      confidence = Math.max(confidence, sorted[j]!.score);
      j += 1;
    }
    const end = j < sorted.length ? sorted[j]!.time : durationSeconds;
    raw.push({ start: Math.min(start, durationSeconds), end: Math.max(Math.min(end, durationSeconds), start), reasons: [...reasons].sort(), confidence });
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
