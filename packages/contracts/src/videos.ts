// Videos from upload to publication (DESIGN.md section 5): the lifecycle, the details form of
// /upload-finished and /edit-video (spec sections 2 and 3), and what the API returns about a video.
import { z } from 'zod';
import { REQUIRED_MESSAGE } from './auth.js';
import { UPLOAD_VIOLATION_CODES } from './upload.js';

/** Lifecycle of DESIGN.md section 5, in order. */
export const VIDEO_STATUSES = [
  'uploading',
  'uploaded',
  'validating',
  'rejected',
  'awaiting_details',
  'analysing',
  'review',
  'rendering',
  'published',
  'failed',
] as const;
export type VideoStatus = (typeof VIDEO_STATUSES)[number];

/** Video ids are UUIDs (the tus upload id); anything else names no video. */
export const videoIdSchema = z.uuid();

/** private: the owner only; whitelist: owner plus listed emails or @domains; signed_in: every signed-in user. */
export const VISIBILITIES = ['private', 'whitelist', 'signed_in'] as const;
export type Visibility = (typeof VISIBILITIES)[number];

/** Spec section 3 "Search state": patient gender Male, Female, Other. */
export const PATIENT_GENDERS = ['male', 'female', 'other'] as const;
export const AGE_BANDS = ['child', 'adolescent', 'adult', 'older_adult'] as const;
/** BMI classes (WHO). */
export const WEIGHT_CLASSES = ['underweight', 'normal', 'overweight', 'obese', 'severely_obese'] as const;
export const APPROACHES = ['laparoscopic', 'robotic', 'open', 'endoscopic', 'hybrid'] as const;
export const INITIAL_OR_REDO = ['initial', 'redo'] as const;
export const CASE_TYPES = ['elective', 'emergency'] as const;
/** Parkland grading scale for cholecystectomy (PGS), grades 1 to 5. */
export const PGS_GRADES = [1, 2, 3, 4, 5] as const;
/** The surgery type the PGS grade applies to (Cholecystectomy). */
export const PGS_SURGERY_TYPE = 1;

/** The patient-privacy question of the upload page. */
export const PRIVACY_ANSWERS = ['no', 'yes', 'unsure'] as const;
export type PrivacyAnswer = (typeof PRIVACY_ANSWERS)[number];

export const TITLE_MAX = 200;
export const TEXT_MAX = 200;
export const WHITELIST_MAX = 200;
export const THUMBNAIL_MAX_BYTES = 5 * 1024 * 1024;
export const THUMBNAIL_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
export const THUMBNAIL_TOO_LARGE_MESSAGE = 'The thumbnail must be at most 5 MB';
export const THUMBNAIL_TYPE_MESSAGE = 'The thumbnail must be a PNG, JPEG or WebP image';
/** Spec section 4: processing takes 0 to 60 minutes. */
export const PROCESSING_MINUTES_MAX = 60;

export const WHITELIST_ENTRY_MESSAGE = 'Enter email addresses or domains such as @hospital.org';
export const INVALID_URL_MESSAGE = 'Please enter a valid link (https://…)';
export const INVALID_DATE_MESSAGE = 'Please enter a valid date';
export const FUTURE_DATE_MESSAGE = 'The surgery date cannot be in the future';

const optionalText = z.string().trim().max(TEXT_MAX).default('');
export const whitelistEntry = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^([^\s@]+@[^\s@]+\.[^\s@]+|@[^\s@]+\.[^\s@]+)$/, WHITELIST_ENTRY_MESSAGE);

/** The structured description of spec section 3 (stored pipe-separated, in this order). */
export const descriptionSchema = z.object({
  procedure: optionalText,
  approach: z.enum(APPROACHES).nullable().default(null),
  initialOrRedo: z.enum(INITIAL_OR_REDO).nullable().default(null),
  technique: optionalText,
  caseType: z.enum(CASE_TYPES).nullable().default(null),
  ageBand: z.enum(AGE_BANDS).nullable().default(null),
  weightClass: z.enum(WEIGHT_CLASSES).nullable().default(null),
});
export type Description = z.infer<typeof descriptionSchema>;

/** Spec section 3: "description (pipe-separated: procedure, approach, initial or not, technique, case type, age band, weight class)". */
export const descriptionText = (d: Description): string =>
  [d.procedure, d.approach, d.initialOrRedo, d.technique, d.caseType, d.ageBand, d.weightClass].map((part) => (part ?? '').replaceAll('|', '/')).join('|');

export const thumbnailChoiceSchema = z.discriminatedUnion('kind', [
  /** One of the frames the server generated (index into the candidates list). */
  z.object({ kind: z.literal('frame'), index: z.number().int().min(0).max(20) }),
  /** The image uploaded through POST /api/videos/:id/thumbnail. */
  z.object({ kind: z.literal('upload') }),
]);

/** The form of /upload-finished and /edit-video. Title is the only required field (spec section 5). */
export const videoDetailsInputSchema = z
  .object({
    title: z.string().trim().min(1, REQUIRED_MESSAGE).max(TITLE_MAX),
    surgeryTypeId: z.number().int().nullable().default(null),
    patientGender: z.enum(PATIENT_GENDERS).nullable().default(null),
    surgeryEvent: optionalText,
    description: descriptionSchema.default(descriptionSchema.parse({})),
    surgeryDate: z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/, INVALID_DATE_MESSAGE)
      .refine((s) => !Number.isNaN(Date.parse(`${s}T00:00:00Z`)), INVALID_DATE_MESSAGE)
      .refine((s) => Date.parse(`${s}T00:00:00Z`) <= Date.now() + 86_400_000, FUTURE_DATE_MESSAGE)
      .nullable()
      .default(null),
    surgeryYear: z.number().int().min(1950).max(2100).nullable().default(null),
    pgsGrade: z.number().int().min(1).max(5).nullable().default(null),
    thumbnail: thumbnailChoiceSchema.nullable().default(null),
    videoLink: z
      .string()
      .trim()
      .max(500)
      .refine((s) => s === '' || /^https?:\/\/[^\s]+\.[^\s]+/i.test(s), INVALID_URL_MESSAGE)
      .default(''),
    fileName: z.string().trim().min(1, REQUIRED_MESSAGE).max(255),
    isDownloadable: z.boolean().default(false),
    visibility: z.enum(VISIBILITIES).default('private'),
    whitelist: z.array(whitelistEntry).max(WHITELIST_MAX).default([]),
    /** Publish without a review when the analysis found nothing (DESIGN.md: default off). */
    autoConfirm: z.boolean().default(false),
  })
  .transform((v) => ({
    ...v,
    // The year follows the date when both are given.
    surgeryYear: v.surgeryDate ? Number(v.surgeryDate.slice(0, 4)) : v.surgeryYear,
    pgsGrade: v.surgeryTypeId === PGS_SURGERY_TYPE ? v.pgsGrade : null,
    whitelist: v.visibility === 'whitelist' ? [...new Set(v.whitelist)] : [],
  }));
export type VideoDetailsInput = z.input<typeof videoDetailsInputSchema>;
export type VideoDetails = z.output<typeof videoDetailsInputSchema>;

export const uploadViolationSchema = z.object({
  code: z.enum(UPLOAD_VIOLATION_CODES),
  message: z.string(),
  params: z.record(z.string(), z.union([z.string(), z.number()])),
});

/** A video as its owner (and editors) see it. Never a database row. */
export const videoSchema = z.object({
  id: z.string(),
  ownerId: z.string(),
  ownerName: z.string(),
  status: z.enum(VIDEO_STATUSES),
  /** Percent of the current stage (0-100), null when the stage has no measure. */
  percent: z.number().nullable(),
  privacyAnswer: z.enum(PRIVACY_ANSWERS).nullable(),
  details: z.object({
    title: z.string(),
    surgeryTypeId: z.number().nullable(),
    patientGender: z.enum(PATIENT_GENDERS).nullable(),
    surgeryEvent: z.string(),
    description: descriptionSchema,
    surgeryDate: z.string().nullable(),
    surgeryYear: z.number().nullable(),
    pgsGrade: z.number().nullable(),
    thumbnail: thumbnailChoiceSchema.nullable(),
    videoLink: z.string(),
    fileName: z.string(),
    isDownloadable: z.boolean(),
    visibility: z.enum(VISIBILITIES),
    whitelist: z.array(z.string()),
    autoConfirm: z.boolean(),
  }),
  /** True once the details form has been saved at least once. */
  detailsSaved: z.boolean(),
  /** From the probe: e.g. '1080' (spec section 3 "quality (text, e.g. 720)"). */
  quality: z.string().nullable(),
  width: z.number().nullable(),
  height: z.number().nullable(),
  durationSeconds: z.number().nullable(),
  sizeBytes: z.number().nullable(),
  violations: z.array(uploadViolationSchema),
  failureReason: z.string().nullable(),
  /** Version of the published rendition (0 before the first). A re-review renders version + 1. */
  publishedVersion: z.number(),
  /**
   * False while the published version still lacks renditions (the HD ladder and storyboard are made
   * after the standard-definition one goes public); `percent` then measures that work.
   */
  renditionComplete: z.boolean(),
  /** When the owner's unconfirmed privacy-review edits were last kept (their view only), or null. */
  reviewDraftSavedAt: z.string().nullable(),
  /** Set while an administrator has taken the video down (only its owner and administrators may watch it). */
  takenDown: z.object({ at: z.string(), reason: z.string() }).nullable(),
  thumbnailUrl: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  publishedAt: z.string().nullable(),
});
export type Video = z.infer<typeof videoSchema>;

export const videoListSchema = z.object({ videos: z.array(videoSchema) });

/** Frames offered as thumbnails (signed URLs), and the uploaded image if any. */
export const thumbnailCandidatesSchema = z.object({
  frames: z.array(z.object({ index: z.number(), time: z.number(), url: z.string() })),
  uploadUrl: z.string().nullable(),
});

/** Live progress pushed over the WebSocket /api/videos/progress (one message per change). */
export const progressEventSchema = z.object({
  type: z.literal('video'),
  id: z.string(),
  status: z.enum(VIDEO_STATUSES),
  percent: z.number().nullable(),
  failureReason: z.string().nullable(),
  /** As on the video: false while a published version still lacks renditions. */
  renditionComplete: z.boolean(),
});
export type ProgressEvent = z.infer<typeof progressEventSchema>;

/** Where a viewer streams a published video: signed, expiring URLs (spec section 9: 6000 s). */
export const playbackSchema = z.object({
  hls: z.string(),
  mp4: z.string().nullable(),
  poster: z.string().nullable(),
  storyboard: z.string().nullable(),
  expiresAt: z.string(),
});
export type Playback = z.infer<typeof playbackSchema>;

/** Default lifetime of signed media URLs (spec section 9); MEDIA_URL_LIFETIME_SECONDS sets another. */
export const MEDIA_URL_LIFETIME_SECONDS = 6000;

export const takeDownInputSchema = z.object({
  reason: z.string().trim().min(1, REQUIRED_MESSAGE).max(1000),
});
export type TakeDownInput = z.infer<typeof takeDownInputSchema>;
