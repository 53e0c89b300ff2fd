// Detector quality figures: ROC AUC, recall of revealing frames and the share of endoscopic frames
// removed at a threshold.
export interface Scored {
  score: number;
  revealing: boolean;
}

/** Area under the ROC curve (probability a revealing frame outscores an endoscopic one; ties count half). */
export const rocAuc = (items: readonly Scored[]): number => {
  const positives = items.filter((i) => i.revealing).length;
  const negatives = items.length - positives;
  if (positives === 0 || negatives === 0) return Number.NaN;
  const sorted = [...items].sort((a, b) => a.score - b.score);
  // Mann-Whitney U with mid-ranks for ties.
  let rankSum = 0;
  for (let i = 0; i < sorted.length;) {
    let j = i;
    while (j + 1 < sorted.length && sorted[j + 1]!.score === sorted[i]!.score) j += 1;
    const midRank = (i + j + 2) / 2;
    for (let k = i; k <= j; k += 1) if (sorted[k]!.revealing) rankSum += midRank;
    i = j + 1;
  }
  return (rankSum - (positives * (positives + 1)) / 2) / (positives * negatives);
};

export interface OperatingPoint {
  threshold: number;
  /** Share of revealing frames scored at or above the threshold (removed). */
  recall: number;
  /** Share of endoscopic frames scored at or above the threshold (removed needlessly). */
  insideRemoved: number;
  missed: number;
  falseRemovals: number;
}

export const atThreshold = (items: readonly Scored[], threshold: number): OperatingPoint => {
  const positives = items.filter((i) => i.revealing);
  const negatives = items.filter((i) => !i.revealing);
  const missed = positives.filter((i) => i.score < threshold).length;
  const falseRemovals = negatives.filter((i) => i.score >= threshold).length;
  return {
    threshold,
    recall: positives.length ? (positives.length - missed) / positives.length : Number.NaN,
    insideRemoved: negatives.length ? falseRemovals / negatives.length : Number.NaN,
    missed,
    falseRemovals,
  };
};
