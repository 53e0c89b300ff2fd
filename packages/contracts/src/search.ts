// Discovery (spec sections 2 "Landing screen", "Search sidebar and search results", 3 "Search state",
// 7 search-videos and video-by-ids, 9 "Default duration filter 30"): the search query with its
// filters and sorts, what a result card carries, facet counts, and the landing page's collections.
import { z } from 'zod';
import { SURGERY_TYPE_ALL, SURGERY_TYPE_SEED } from './surgery-types.js';
import { PATIENT_GENDERS, PGS_GRADES, PGS_SURGERY_TYPE, WEIGHT_CLASSES } from './videos.js';

/** Spec section 3: sort options with their interface labels (the spec's own spelling, 'Dated added'). */
export const SORT_OPTIONS = ['DATE_ADDED_NEW', 'DATE_ADDED_OLD', 'DATE_PUBLISH_NEW', 'DATE_PUBLISH_OLD'] as const;
export const SORT_LABELS: Record<(typeof SORT_OPTIONS)[number], string> = {
  DATE_ADDED_NEW: 'Dated added (newest)',
  DATE_ADDED_OLD: 'Dated added (oldest)',
  DATE_PUBLISH_NEW: 'Date published (newest)',
  DATE_PUBLISH_OLD: 'Date published (oldest)',
};
/** RELEVANCE needs search text (without it the newest published come first); POPULAR is the landing grid. */
export const SEARCH_SORTS = ['RELEVANCE', 'POPULAR', ...SORT_OPTIONS] as const;
export type SearchSort = (typeof SEARCH_SORTS)[number];

/** Popular = most viewed in this many days, then newest. */
export const POPULAR_WINDOW_DAYS = 30;

/** Spec section 3 "Filters in interface text": resolution. Classes by the published picture height. */
export const RESOLUTIONS = ['720p', '1080p', '4K'] as const;
export type Resolution = (typeof RESOLUTIONS)[number];
/** Lowest height of each class (uploads are at least 720 lines high; spec section 5). */
export const RESOLUTION_MIN_HEIGHT: Record<Resolution, number> = { '720p': 0, '1080p': 1080, '4K': 2160 };

/**
 * Spec section 9 "Default duration filter 30": duration spans in minutes, the first one ending at
 * the spec's 30. No span is applied until the viewer picks one (longer surgeries are not hidden).
 */
export const DEFAULT_DURATION_FILTER_MINUTES = 30;
export const DURATION_SPANS = ['0-30', '30-60', '60-120', '120+'] as const;
export type DurationSpan = (typeof DURATION_SPANS)[number];
export const DURATION_SPAN_MINUTES: Record<DurationSpan, [number, number | null]> = {
  '0-30': [0, DEFAULT_DURATION_FILTER_MINUTES],
  '30-60': [DEFAULT_DURATION_FILTER_MINUTES, 60],
  '60-120': [60, 120],
  '120+': [120, null],
};

/** Frame rate classes: 23.976 to 25, 29.97 to 30, 48 to 60 frames per second. */
export const FRAME_RATES = ['24-25', '30', '50-60'] as const;
export type FrameRate = (typeof FRAME_RATES)[number];
export const FRAME_RATE_RANGE: Record<FrameRate, [number, number]> = { '24-25': [0, 26], '30': [26, 40], '50-60': [40, 1000] };

/** Spec section 3 "Date filter options": Today, Three Days, Week, One Month, Three Month. */
export const UPLOAD_DATES = ['today', 'threeDays', 'week', 'month', 'threeMonths'] as const;
export type UploadDate = (typeof UPLOAD_DATES)[number];
export const UPLOAD_DATE_LABELS: Record<UploadDate, string> = {
  today: 'Today',
  threeDays: 'Three Days',
  week: 'Week',
  month: 'One Month',
  threeMonths: 'Three Month',
};
/** How far back each option reaches ('today' is the last 24 hours). */
export const UPLOAD_DATE_DAYS: Record<UploadDate, number> = { today: 1, threeDays: 3, week: 7, month: 30, threeMonths: 90 };

export const SEARCH_TEXT_MAX = 200;
export const SEARCH_PAGE_SIZE = 20;
export const SEARCH_PAGE_SIZE_MAX = 60;
export const SEARCH_PAGE_MAX = 500;
export const VIDEO_BY_IDS_MAX = 100;

export const SEARCH_TEXT_TOO_LONG_MESSAGE = `Search text must be at most ${SEARCH_TEXT_MAX} characters`;
export const UNKNOWN_OPTION_MESSAGE = 'This filter value does not exist';
export const PAGE_MESSAGE = `Page must be a whole number from 1 to ${SEARCH_PAGE_MAX}`;
export const PAGE_SIZE_MESSAGE = `Page size must be a whole number from 1 to ${SEARCH_PAGE_SIZE_MAX}`;
export const PGS_TYPE_MESSAGE = 'The PGS grade applies only to Cholecystectomy';

const SURGERY_TYPE_IDS = new Set(SURGERY_TYPE_SEED.map((type) => type.id));

/** A query parameter given once or repeated (?gender=male&gender=female) or comma-separated. */
function listOf<T extends readonly [string, ...string[]]>(values: T) {
  return z
    .union([z.string(), z.array(z.string())])
    .optional()
    .transform((raw) => (raw === undefined ? [] : (Array.isArray(raw) ? raw : [raw]).flatMap((value) => value.split(',')).filter((value) => value !== '')))
    .pipe(z.array(z.enum(values, { error: UNKNOWN_OPTION_MESSAGE })).max(values.length * 2, UNKNOWN_OPTION_MESSAGE))
    .transform((list) => [...new Set(list)]);
}

const wholeNumber = (message: string, min: number, max: number, fallback: number) =>
  z
    .string()
    .regex(/^\d{1,6}$/, message)
    .transform(Number)
    .pipe(z.number().int().min(min, message).max(max, message))
    .optional()
    .transform((value) => value ?? fallback);

/** GET /api/search: every parameter optional; unknown values and out-of-range pages are refused (400). */
export const searchQuerySchema = z
  .object({
    q: z.string().max(SEARCH_TEXT_MAX, SEARCH_TEXT_TOO_LONG_MESSAGE).optional().default(''),
    surgeryType: z
      .string()
      .regex(/^\d{1,4}$/, UNKNOWN_OPTION_MESSAGE)
      .transform(Number)
      .refine((id) => SURGERY_TYPE_IDS.has(id), UNKNOWN_OPTION_MESSAGE)
      .optional()
      .transform((id) => id ?? SURGERY_TYPE_ALL),
    resolution: listOf(RESOLUTIONS),
    duration: listOf(DURATION_SPANS),
    frameRate: listOf(FRAME_RATES),
    gender: listOf(PATIENT_GENDERS),
    bmi: listOf(WEIGHT_CLASSES),
    pgs: listOf(PGS_GRADES.map(String) as ['1', '2', '3', '4', '5']).transform((grades) => grades.map(Number)),
    uploaded: z.enum(UPLOAD_DATES, { error: UNKNOWN_OPTION_MESSAGE }).optional(),
    sort: z.enum(SEARCH_SORTS, { error: UNKNOWN_OPTION_MESSAGE }).optional(),
    /** The provider page: only this user's videos. */
    owner: z.string().min(1).max(100).optional(),
    page: wholeNumber(PAGE_MESSAGE, 1, SEARCH_PAGE_MAX, 1),
    pageSize: wholeNumber(PAGE_SIZE_MESSAGE, 1, SEARCH_PAGE_SIZE_MAX, SEARCH_PAGE_SIZE),
    /** Facet counts are computed only when asked for (the search sidebar). */
    facets: z.enum(['true', 'false'], { error: UNKNOWN_OPTION_MESSAGE }).optional(),
  })
  .strict()
  .superRefine((query, context) => {
    if (query.pgs.length > 0 && query.surgeryType !== PGS_SURGERY_TYPE) context.addIssue({ code: 'custom', path: ['pgs'], message: PGS_TYPE_MESSAGE });
  })
  .transform(({ facets, ...query }) => ({
    ...query,
    q: query.q.trim(),
    withFacets: facets === 'true',
    // Relevance only means something with text; otherwise the newest published come first.
    sort: (query.sort === 'RELEVANCE' || query.sort === undefined) && query.q.trim() === '' ? ('DATE_PUBLISH_NEW' as const) : (query.sort ?? 'RELEVANCE'),
  }));
export type SearchQueryInput = z.input<typeof searchQuerySchema>;
export type SearchQuery = z.output<typeof searchQuerySchema>;

/** A card of the landing grid, the search results and the provider page (spec section 3 "Surgery tile"). */
export const videoCardSchema = z.object({
  id: z.string(),
  title: z.string(),
  ownerId: z.string(),
  ownerName: z.string(),
  /** The owner's picture, or null for the default picture. */
  ownerPictureUrl: z.string().nullable(),
  surgeryTypeId: z.number().nullable(),
  surgeryYear: z.number().nullable(),
  thumbnailUrl: z.string().nullable(),
  durationSeconds: z.number().nullable(),
  createdAt: z.string(),
  publishedAt: z.string().nullable(),
  /** When the text matched inside a segment: the best such segment (link to /video/:id?t=start). */
  segment: z.object({ title: z.string(), startTime: z.number() }).nullable(),
});
export type VideoCard = z.infer<typeof videoCardSchema>;

const facetCounts = <T extends string>(values: readonly T[]) =>
  z.object(Object.fromEntries(values.map((value) => [value, z.number().int()])) as Record<T, z.ZodNumber>);

/** How many results each filter value would give with the other filters as they are. */
export const searchFacetsSchema = z.object({
  surgeryType: z.record(z.string(), z.number().int()),
  resolution: facetCounts(RESOLUTIONS),
  duration: facetCounts(DURATION_SPANS),
  frameRate: facetCounts(FRAME_RATES),
  gender: facetCounts(PATIENT_GENDERS),
  bmi: facetCounts(WEIGHT_CLASSES),
  pgs: facetCounts(['1', '2', '3', '4', '5'] as const),
  uploaded: facetCounts(UPLOAD_DATES),
});
export type SearchFacets = z.infer<typeof searchFacetsSchema>;

export const searchResultSchema = z.object({
  /** How many videos match; null for the popular grid, which pages on while pages come back full. */
  total: z.number().int().nullable(),
  page: z.number().int(),
  pageSize: z.number().int(),
  sort: z.enum(SEARCH_SORTS),
  results: z.array(videoCardSchema),
  facets: searchFacetsSchema.nullable(),
});
export type SearchResult = z.infer<typeof searchResultSchema>;

/** Spec section 7 video-by-ids: cards of the given videos the caller may watch, in the order asked. */
export const videoByIdsQuerySchema = z
  .object({
    ids: z
      .string()
      .max(VIDEO_BY_IDS_MAX * 37)
      .transform((raw) => [...new Set(raw.split(',').filter((id) => id !== ''))])
      .pipe(z.array(z.uuid(UNKNOWN_OPTION_MESSAGE)).min(1).max(VIDEO_BY_IDS_MAX)),
  })
  .strict();
export const videoCardsSchema = z.object({ results: z.array(videoCardSchema) });

/** The access check a card click makes (spec section 2: spinner, then the video page or the message box). */
export const videoAccessSchema = z.object({ access: z.boolean() });

// ---- Curated collections and the highlight of the month (spec section 1 marketing copy).

export const COLLECTION_NAME_MAX = 120;
export const COLLECTION_DESCRIPTION_MAX = 1000;
export const COLLECTION_VIDEOS_MAX = 48;
export const COLLECTIONS_MAX = 50;
export const HIGHLIGHT_NOTE_MAX = 500;

export const collectionInputSchema = z.object({
  name: z.string().trim().min(1, 'This field is required').max(COLLECTION_NAME_MAX),
  description: z.string().trim().max(COLLECTION_DESCRIPTION_MAX).default(''),
  /** In display order. */
  videoIds: z
    .array(z.uuid())
    .max(COLLECTION_VIDEOS_MAX)
    .transform((ids) => [...new Set(ids)]),
});
export type CollectionInput = z.input<typeof collectionInputSchema>;

export const collectionSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  position: z.number().int(),
  /** The videos the caller may watch, in the curated order. */
  videos: z.array(videoCardSchema),
});
export type Collection = z.infer<typeof collectionSchema>;

/** The administrator's view: every curated id, with whether it is still published. */
export const adminCollectionSchema = collectionSchema.extend({ videoIds: z.array(z.string()) });
export type AdminCollection = z.infer<typeof adminCollectionSchema>;

export const highlightInputSchema = z.object({
  /** The first day of the month, YYYY-MM. */
  month: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Please enter a valid date'),
  videoId: z.uuid(),
  note: z.string().trim().max(HIGHLIGHT_NOTE_MAX).default(''),
});
export type HighlightInput = z.input<typeof highlightInputSchema>;

export const highlightSchema = z.object({ month: z.string(), note: z.string(), video: videoCardSchema });
export type Highlight = z.infer<typeof highlightSchema>;

export const landingSchema = z.object({
  /** The highlight of the current month, when one is set and the caller may watch it. */
  highlight: highlightSchema.nullable(),
  collections: z.array(collectionSchema),
});
export type Landing = z.infer<typeof landingSchema>;

export const adminCurationSchema = z.object({
  collections: z.array(adminCollectionSchema),
  highlights: z.array(z.object({ month: z.string(), note: z.string(), videoId: z.string(), title: z.string() })),
});
export type AdminCuration = z.infer<typeof adminCurationSchema>;
export const collectionIdParamsSchema = z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) });
export const collectionOrderSchema = z.object({ ids: z.array(z.number().int()).max(COLLECTIONS_MAX) });
