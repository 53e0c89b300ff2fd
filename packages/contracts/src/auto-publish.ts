// Publication without a person's review (issue 47, section 4): the instance's administrator allows
// it (AUTO_PUBLISH), the provider asks for it per video, and even then only an analysis that is
// certain of every frame it examined publishes by itself. Otherwise the video waits for the
// provider's review and the provider is told why. Pure, so the server's lifecycle, its
// notifications and the web say the same.

/** Every examined frame of the analysis track must score at most this for publication without review. */
export const AUTO_PUBLISH_MAX_SCORE = 0.05;

/** Why a video waits for its review although its provider asked for automatic publication. */
export const REVIEW_WAIT_REASONS = ['auto_publish_off', 'proposed', 'masks', 'withdrawal', 'uncertain', 'not_examined'] as const;
export type ReviewWaitReason = (typeof REVIEW_WAIT_REASONS)[number];

/** What the decision reads of a stored analysis (the server's VideoAnalysis has these fields). */
export interface AnalysisFindings {
  proposed: readonly { start: number; end: number }[];
  proposedMasks?: readonly unknown[];
  faceMasks?: readonly unknown[];
  /** Scores of the examined frames of the analysis track. */
  track: readonly { time: number; score: number }[];
  /** Scope exits and re-entries seen by the analysis, in analyses that record them. */
  transitions?: readonly { time: number }[];
}

export interface ReviewWait {
  reason: ReviewWaitReason;
  /** The seconds in question (proposed ranges, uncertain frames, transitions), oldest first. */
  spans: { start: number; end: number }[];
}

export type AutoPublishDecision = { publish: true } | { publish: false; wait: ReviewWait | null };

/** Consecutive track points above the limit, as spans from the first to the last such frame. */
function uncertainSpans(track: AnalysisFindings['track']): ReviewWait['spans'] {
  const spans: ReviewWait['spans'] = [];
  let open: { start: number; end: number } | null = null;
  for (const point of [...track].sort((a, b) => a.time - b.time)) {
    if (point.score > AUTO_PUBLISH_MAX_SCORE) {
      if (open) open.end = point.time;
      else spans.push((open = { start: point.time, end: point.time }));
    } else {
      open = null;
    }
  }
  return spans;
}

/**
 * Whether the analysis alone may publish the video. `wait` is null when the provider did not ask
 * for automatic publication (the usual review, nothing to explain); otherwise it says why not.
 */
export function autoPublishDecision(analysis: AnalysisFindings, allowed: { byVideo: boolean; byInstance: boolean }): AutoPublishDecision {
  if (!allowed.byVideo) return { publish: false, wait: null };
  if (!allowed.byInstance) return { publish: false, wait: { reason: 'auto_publish_off', spans: [] } };
  if (analysis.proposed.length > 0) {
    return { publish: false, wait: { reason: 'proposed', spans: analysis.proposed.map(({ start, end }) => ({ start, end })) } };
  }
  if ((analysis.proposedMasks?.length ?? 0) + (analysis.faceMasks?.length ?? 0) > 0) return { publish: false, wait: { reason: 'masks', spans: [] } };
  if (analysis.transitions?.length) {
    return { publish: false, wait: { reason: 'withdrawal', spans: analysis.transitions.map(({ time }) => ({ start: time, end: time })) } };
  }
  // Nothing examined is not the same as nothing found.
  if (analysis.track.length === 0) return { publish: false, wait: { reason: 'not_examined', spans: [] } };
  const uncertain = uncertainSpans(analysis.track);
  if (uncertain.length > 0) return { publish: false, wait: { reason: 'uncertain', spans: uncertain } };
  return { publish: true };
}

/** "0:12", or "1:02:03" past an hour. */
export function clockTime(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const rest = String(s % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${rest}` : `${m}:${rest}`;
}

/** The spans as the provider reads them: "0:12–0:15, 1:03" (at most `limit`, then "…"). */
export function spansText(spans: ReviewWait['spans'], limit = 5): string {
  const parts = spans.slice(0, limit).map(({ start, end }) => {
    const from = clockTime(start);
    const to = clockTime(end);
    return from === to ? from : `${from}–${to}`;
  });
  return spans.length > limit ? `${parts.join(', ')}, …` : parts.join(', ');
}
