// The privacy review of /pii-editor and /edit-pii/:surgeryId: the ranges the analysis proposes for
// removal, and the ranges the provider confirms (nothing is published before that confirmation).
import { z } from 'zod';

/** Why a range is removed: what the detectors found, or the provider's own choice. */
export const RANGE_REASONS = ['out_of_body', 'face', 'person', 'text', 'manual'] as const;
export type RangeReason = (typeof RANGE_REASONS)[number];

export const MAX_RANGES = 500;
export const RANGE_ORDER_MESSAGE = 'A range must end after it starts';
export const RANGE_OUTSIDE_MESSAGE = 'A range must lie inside the video';
export const RANGE_OVERLAP_MESSAGE = 'Ranges must not overlap';
export const NOTHING_LEFT_MESSAGE = 'Removing these ranges would leave less than a second of the video';
/** A published video keeps at least this much after the privacy cuts. */
export const MIN_KEPT_SECONDS = 1;
export const REVIEW_NOT_READY_MESSAGE = 'The privacy analysis of this video has not finished yet';

export const privacyRangeSchema = z.object({
  start: z.number().min(0),
  end: z.number().min(0),
  reasons: z.array(z.enum(RANGE_REASONS)).min(1).max(RANGE_REASONS.length),
  /** Highest detector score inside the range (null for ranges the provider drew). */
  confidence: z.number().min(0).max(1).nullable().default(null),
});
export type PrivacyRange = z.infer<typeof privacyRangeSchema>;

/** What can be wrong with a set of ranges, as error codes (packages/contracts/src/errors.ts). */
export type RangeProblem = 'RANGE_ORDER' | 'RANGE_OUTSIDE' | 'RANGE_OVERLAP';

/**
 * Checks ranges against the video's duration: each inside it, end after start, no overlaps.
 * Returns the code of the first problem, or null. Shared by the editors and the server.
 */
export function rangeProblem(ranges: readonly { start: number; end: number }[], durationSeconds: number): RangeProblem | null {
  const sorted = [...ranges].sort((a, b) => a.start - b.start);
  for (const [i, r] of sorted.entries()) {
    if (!(r.end > r.start)) return 'RANGE_ORDER';
    if (r.start < 0 || r.end > durationSeconds + 0.001) return 'RANGE_OUTSIDE';
    const previous = sorted[i - 1];
    if (previous && r.start < previous.end) return 'RANGE_OVERLAP';
  }
  return null;
}

export const confirmReviewInputSchema = z.object({
  ranges: z.array(privacyRangeSchema).max(MAX_RANGES),
});
export type ConfirmReviewInput = z.input<typeof confirmReviewInputSchema>;

export const scorePointSchema = z.object({
  time: z.number(),
  score: z.number(),
  /** The detector reason behind the score. */
  reason: z.enum(RANGE_REASONS),
});

export const privacyReviewSchema = z.object({
  videoId: z.string(),
  title: z.string(),
  durationSeconds: z.number(),
  /** Signed URL of the quarantined original (owner only, expires like every media URL). */
  originalUrl: z.string(),
  /** Filmstrip of the original: a sprite and its WebVTT map (signed), null until generated. */
  filmstrip: z
    .object({ vttUrl: z.string(), spriteUrl: z.string(), interval: z.number(), tileWidth: z.number(), tileHeight: z.number(), columns: z.number() })
    .nullable(),
  threshold: z.number(),
  track: z.array(scorePointSchema),
  proposed: z.array(privacyRangeSchema),
  /** The confirmed ranges of the current version, or null before the first confirmation. */
  confirmed: z.array(privacyRangeSchema).nullable(),
  confirmedBy: z.string().nullable(),
  /** Who confirmed, as a name to show: the user's name, or 'auto' for an automatic confirmation. */
  confirmedByName: z.string().nullable(),
  confirmedAt: z.string().nullable(),
  /** The version that Save renders (published version + 1). */
  nextVersion: z.number(),
});
export type PrivacyReview = z.infer<typeof privacyReviewSchema>;

/** Ranges the provider confirms for removal: valid ranges that leave something to publish. */
export function removalProblem(ranges: readonly { start: number; end: number }[], durationSeconds: number): RangeProblem | 'NOTHING_LEFT' | null {
  const problem = rangeProblem(ranges, durationSeconds);
  if (problem) return problem;
  const removed = ranges.reduce((sum, r) => sum + (Math.min(r.end, durationSeconds) - Math.max(r.start, 0)), 0);
  return durationSeconds - removed < MIN_KEPT_SECONDS ? 'NOTHING_LEFT' : null;
}
