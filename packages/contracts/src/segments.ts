// Timed segments of a video and the segment editor of /segment-editor and /edit-segments/:surgeryId
// (spec sections 2, 3 "Segment" and 4 "Playback").
import { z } from 'zod';
import { REQUIRED_MESSAGE } from './auth.js';
import { RANGE_ORDER_MESSAGE, RANGE_OUTSIDE_MESSAGE, RANGE_OVERLAP_MESSAGE, rangeProblem, type RangeProblem } from './privacy-review.js';

export { RANGE_ORDER_MESSAGE, RANGE_OUTSIDE_MESSAGE, RANGE_OVERLAP_MESSAGE };

export const FILE_TYPES = ['full_procedure', 'edited_procedure', 'highlights', 'teaching'] as const;
export const SEGMENT_CATEGORIES = [
  'preparation',
  'access',
  'exposure',
  'dissection',
  'resection',
  'reconstruction',
  'hemostasis',
  'closure',
  'complication',
  'other',
] as const;
export type SegmentCategory = (typeof SEGMENT_CATEGORIES)[number];

/** The editor's hint: "20 words remain" when the description is empty. */
export const SEGMENT_DESCRIPTION_MAX_WORDS = 20;
export const MAX_SEGMENTS = 200;
export const TOO_MANY_WORDS_MESSAGE = `The description may have at most ${SEGMENT_DESCRIPTION_MAX_WORDS} words`;

export const countWords = (text: string): number => text.trim().split(/\s+/).filter(Boolean).length;
export const wordsRemaining = (text: string): number => SEGMENT_DESCRIPTION_MAX_WORDS - countWords(text);

export const segmentSchema = z.object({
  start: z.number().min(0),
  end: z.number().min(0),
  title: z.string().trim().min(1, REQUIRED_MESSAGE).max(120),
  category: z.enum(SEGMENT_CATEGORIES).nullable().default(null),
  description: z
    .string()
    .trim()
    .max(400)
    .refine((s) => countWords(s) <= SEGMENT_DESCRIPTION_MAX_WORDS, TOO_MANY_WORDS_MESSAGE)
    .default(''),
});
export type Segment = z.output<typeof segmentSchema>;

/** What Confirm sends. Segments are checked against the duration on the server (rangeProblem). */
export const segmentsInputSchema = z
  .object({
    fileType: z.enum(FILE_TYPES).nullable().default(null),
    category: z.enum(SEGMENT_CATEGORIES).nullable().default(null),
    /** 'This content is public': visible to every signed-in user (otherwise private). */
    isPublic: z.boolean(),
    segments: z.array(segmentSchema).max(MAX_SEGMENTS),
  })
  // Stored and returned sorted by start time (spec section 4).
  .transform((v) => ({ ...v, segments: [...v.segments].sort((a, b) => a.start - b.start) }));
export type SegmentsInput = z.input<typeof segmentsInputSchema>;

export const segmentsSchema = z.object({
  videoId: z.string(),
  title: z.string(),
  durationSeconds: z.number(),
  fileType: z.enum(FILE_TYPES).nullable(),
  category: z.enum(SEGMENT_CATEGORIES).nullable(),
  isPublic: z.boolean(),
  segments: z.array(segmentSchema),
  /** Signed URL of the video to preview while editing (published rendition, else the original). */
  previewUrl: z.string().nullable(),
});
export type Segments = z.infer<typeof segmentsSchema>;

/** 'AI Analysis': boundaries proposed from scene changes, for the provider to accept or adjust. */
export const segmentSuggestionsSchema = z.object({
  segments: z.array(z.object({ start: z.number(), end: z.number() })),
});

export const segmentsProblem = (segments: readonly { start: number; end: number }[], durationSeconds: number): RangeProblem | null =>
  rangeProblem(segments, durationSeconds);

/** Spec section 3: display text in whole minutes and rounded seconds ("3 min 07 s" style: m:ss). */
export const segmentClock = (seconds: number): string => {
  const whole = Math.round(seconds);
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
};
