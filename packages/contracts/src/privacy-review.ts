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

/**
 * Why a region is masked (covered by a solid box in every rendition) rather than its frames removed:
 * burned-in text that stays in place (a tower overlay), a face in an inset, or the provider's own.
 */
export const MASK_REASONS = ['text', 'face', 'manual'] as const;
export type MaskReason = (typeof MASK_REASONS)[number];
/** Most masks one confirmation may carry (each one is a filter in every render). */
export const MAX_MASKS = 40;
export const MASK_OUTSIDE_FRAME_MESSAGE = 'A mask must lie inside the picture';
export const MASK_TIME_MESSAGE = 'A mask must start before it ends and lie inside the video';
export const TOO_MANY_MASKS_MESSAGE = `At most ${MAX_MASKS} masks can be applied to a video`;

/**
 * A rectangle of the picture covered from `start` to `end` (seconds of the original): x, y, width
 * and height are fractions of the frame (x, y = top-left corner).
 */
export const privacyMaskSchema = z.object({
  x: z.number().finite(),
  y: z.number().finite(),
  width: z.number().finite(),
  height: z.number().finite(),
  start: z.number().finite(),
  end: z.number().finite(),
  reason: z.enum(MASK_REASONS),
  /** Detector confidence (null for masks the provider drew). */
  confidence: z.number().min(0).max(1).nullable().default(null),
});
export type PrivacyMask = z.infer<typeof privacyMaskSchema>;

export type MaskProblem = 'MASK_OUTSIDE_FRAME' | 'MASK_TIME' | 'TOO_MANY_MASKS';

/** The smallest side of a mask, as a fraction of the frame (a thinner one covers nothing legible). */
export const MIN_MASK_SIZE = 0.01;

/**
 * Checks masks against the picture and the video's duration: each inside [0, 1] × [0, 1] with a
 * visible size, a time range inside the video that ends after it starts, and not too many.
 * Returns the code of the first problem, or null. Shared by the editor and the server.
 */
export function maskProblem(
  masks: readonly Pick<PrivacyMask, 'x' | 'y' | 'width' | 'height' | 'start' | 'end'>[],
  durationSeconds: number,
): MaskProblem | null {
  if (masks.length > MAX_MASKS) return 'TOO_MANY_MASKS';
  const eps = 1e-6;
  for (const m of masks) {
    if (!(m.x >= 0 && m.y >= 0 && m.width >= MIN_MASK_SIZE - eps && m.height >= MIN_MASK_SIZE - eps)) return 'MASK_OUTSIDE_FRAME';
    if (!(m.x + m.width <= 1 + eps && m.y + m.height <= 1 + eps)) return 'MASK_OUTSIDE_FRAME';
    if (!(m.start >= 0 && m.end > m.start && m.end <= durationSeconds + 0.001)) return 'MASK_TIME';
  }
  return null;
}

export const confirmReviewInputSchema = z.object({
  ranges: z.array(privacyRangeSchema).max(MAX_RANGES),
  /** Regions to cover instead of cutting (absent: none). The count is checked by maskProblem. */
  masks: z
    .array(privacyMaskSchema)
    .max(MAX_MASKS * 4)
    .default([]),
});
export type ConfirmReviewInput = z.input<typeof confirmReviewInputSchema>;

/**
 * The review in progress, saved by the editor as the owner works (PUT .../review/draft) so that a
 * reload or a crash loses nothing, and so that the masks it carries can be drawn into a copy of the
 * speculative SD before the confirmation. Checked like a confirmation, except that removing
 * everything is allowed on the way.
 */
export const privacyReviewDraftSchema = z.object({
  ranges: z.array(privacyRangeSchema),
  masks: z.array(privacyMaskSchema),
  savedAt: z.string(),
});
export type PrivacyReviewDraft = z.infer<typeof privacyReviewDraftSchema>;

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
  /** Masks the analysis proposes (persistent on-screen text). */
  proposedMasks: z.array(privacyMaskSchema),
  /**
   * Faces the analysis found inside an otherwise endoscopic picture (an inset), as masks the
   * provider may choose to apply instead of removing those frames.
   */
  faceMasks: z.array(privacyMaskSchema),
  /** The confirmed ranges of the current version, or null before the first confirmation. */
  confirmed: z.array(privacyRangeSchema).nullable(),
  /** The confirmed masks of the current version, or null before the first confirmation. */
  confirmedMasks: z.array(privacyMaskSchema).nullable(),
  confirmedBy: z.string().nullable(),
  /** Who confirmed, as a name to show: the user's name, or 'auto' for an automatic confirmation. */
  confirmedByName: z.string().nullable(),
  confirmedAt: z.string().nullable(),
  /** The version that Save renders (published version + 1). */
  nextVersion: z.number(),
  /** The owner's unconfirmed edits since the last confirmation, or null. */
  draft: privacyReviewDraftSchema.nullable(),
});
export type PrivacyReview = z.infer<typeof privacyReviewSchema>;

/** Ranges the provider confirms for removal: valid ranges that leave something to publish. */
export function removalProblem(ranges: readonly { start: number; end: number }[], durationSeconds: number): RangeProblem | 'NOTHING_LEFT' | null {
  const problem = rangeProblem(ranges, durationSeconds);
  if (problem) return problem;
  const removed = ranges.reduce((sum, r) => sum + (Math.min(r.end, durationSeconds) - Math.max(r.start, 0)), 0);
  return durationSeconds - removed < MIN_KEPT_SECONDS ? 'NOTHING_LEFT' : null;
}
