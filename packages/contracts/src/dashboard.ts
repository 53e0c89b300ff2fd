// The provider's dashboard (issue 16): my content with its figures, who may watch each video (its
// own list, reusable named lists, answered access requests) and the viewing analytics. Only a
// video's owner (and administrators) read or change these; others get 401 like any other video.
import { z } from 'zod';
import { licenceSchema } from './licences.js';
import { VIDEO_STATUSES, VISIBILITIES, videoIdSchema, videoSchema, whitelistEntry, WHITELIST_MAX } from './videos.js';

/** Rows per page of the content table. */
export const CONTENT_PAGE_SIZE = 10;
export const CONTENT_SORTS = ['createdAt', 'publishedAt', 'title', 'status', 'views', 'version'] as const;
export type ContentSort = (typeof CONTENT_SORTS)[number];
/** Videos one bulk visibility change may touch. */
export const BULK_MAX = 100;
export const ACCESS_LIST_NAME_MAX = 80;
export const ACCESS_LIST_NAME_MESSAGE = `A list name must have 1 to ${ACCESS_LIST_NAME_MAX} characters`;
export const GRANT_UNTIL_PAST_MESSAGE = 'The end of the access must be in the future';
/** Days one analytics period may cover. */
export const ANALYTICS_MAX_DAYS = 366;
export const ANALYTICS_PERIOD_MESSAGE = `Choose a period of 1 to ${ANALYTICS_MAX_DAYS} days, the start before the end`;

export const contentQuerySchema = z.object({
  status: z.enum(VIDEO_STATUSES).optional(),
  sort: z.enum(CONTENT_SORTS).default('createdAt'),
  order: z.enum(['asc', 'desc']).default('desc'),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
});
export type ContentQuery = z.input<typeof contentQuerySchema>;

export const contentRowSchema = z.object({
  video: videoSchema,
  views: z.number(),
  /** The original upload is still kept (it is deleted after the retention period). */
  originalKept: z.boolean(),
  /** The licence the provider chose (shown on the video page). */
  licence: licenceSchema,
});
export type ContentRow = z.infer<typeof contentRowSchema>;

export const contentPageSchema = z.object({
  rows: z.array(contentRowSchema),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
});
export type ContentPage = z.infer<typeof contentPageSchema>;

export const bulkVisibilitySchema = z.object({
  videoIds: z.array(videoIdSchema).min(1).max(BULK_MAX),
  visibility: z.enum(VISIBILITIES),
});
export type BulkVisibility = z.infer<typeof bulkVisibilitySchema>;

export const originalLinkSchema = z.object({ url: z.string(), fileName: z.string() });
export type OriginalLink = z.infer<typeof originalLinkSchema>;

// ---- Who may watch

const entries = z
  .array(whitelistEntry)
  .max(WHITELIST_MAX)
  .transform((list) => [...new Set(list)]);

export const accessListIdSchema = z.uuid();
export const accessListInputSchema = z.object({
  name: z.string().trim().min(1, ACCESS_LIST_NAME_MESSAGE).max(ACCESS_LIST_NAME_MAX, ACCESS_LIST_NAME_MESSAGE),
  entries,
});
export type AccessListInput = z.input<typeof accessListInputSchema>;

export const accessListSchema = z.object({ id: z.string(), name: z.string(), entries: z.array(z.string()), videoIds: z.array(z.string()) });
export type AccessList = z.infer<typeof accessListSchema>;

export const videoAccessInputSchema = z.object({
  visibility: z.enum(VISIBILITIES),
  whitelist: entries,
  listIds: z
    .array(accessListIdSchema)
    .max(50)
    .transform((ids) => [...new Set(ids)]),
});
export type VideoAccessInput = z.input<typeof videoAccessInputSchema>;

export const accessGrantSchema = z.object({ email: z.string(), until: z.string().nullable(), requestId: z.number() });

export const videoAccessSchema = z.object({
  id: z.string(),
  title: z.string(),
  visibility: z.enum(VISIBILITIES),
  whitelist: z.array(z.string()),
  listIds: z.array(z.string()),
  grants: z.array(accessGrantSchema),
});
export type VideoAccess = z.infer<typeof videoAccessSchema>;

export const accessRequestIdSchema = z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER);
export const ACCESS_REQUEST_STATUSES = ['pending', 'granted', 'denied'] as const;

export const accessRequestSchema = z.object({
  id: z.number(),
  videoId: z.string(),
  videoTitle: z.string(),
  requester: z.object({ id: z.string(), name: z.string(), email: z.string() }),
  message: z.string(),
  createdAt: z.string(),
  status: z.enum(ACCESS_REQUEST_STATUSES),
  decidedAt: z.string().nullable(),
  grantedUntil: z.string().nullable(),
});
export type AccessRequest = z.infer<typeof accessRequestSchema>;

export const accessOverviewSchema = z.object({
  videos: z.array(videoAccessSchema),
  lists: z.array(accessListSchema),
  requests: z.array(accessRequestSchema),
});
export type AccessOverview = z.infer<typeof accessOverviewSchema>;

export const accessDecisionSchema = z.discriminatedUnion('decision', [
  z.object({
    decision: z.literal('grant'),
    /** The last moment of the access (ISO date-time); absent: no end. */
    until: z.iso.datetime({ offset: true }).optional(),
  }),
  z.object({ decision: z.literal('deny') }),
]);
export type AccessDecision = z.infer<typeof accessDecisionSchema>;

// ---- Analytics

const day = z.iso.date();
export const analyticsQuerySchema = z
  .object({
    /** One video, or all of the caller's videos when absent. */
    videoId: videoIdSchema.optional(),
    from: day,
    to: day,
  })
  .refine((q) => q.from <= q.to && (Date.parse(q.to) - Date.parse(q.from)) / 86_400_000 < ANALYTICS_MAX_DAYS, {
    message: ANALYTICS_PERIOD_MESSAGE,
    path: ['from'],
  });
export type AnalyticsQuery = z.input<typeof analyticsQuerySchema>;

export const analyticsSchema = z.object({
  from: z.string(),
  to: z.string(),
  totals: z.object({
    views: z.number(),
    uniqueViewers: z.number(),
    watchSeconds: z.number(),
    /** Watch time per view (0 without views). */
    averageWatchSeconds: z.number(),
    downloads: z.number(),
    accessRequests: z.number(),
  }),
  /** Every day of the period, days without views included. */
  perDay: z.array(z.object({ day: z.string(), views: z.number(), uniqueViewers: z.number(), watchSeconds: z.number(), downloads: z.number() })),
  /** One video only: in how many playback sessions each second was played (all time). */
  retention: z.array(z.object({ second: z.number(), views: z.number() })),
  /** One video only: its segments by how often they were played (all time). */
  segments: z.array(z.object({ title: z.string(), start: z.number(), end: z.number(), plays: z.number() })),
  /** All videos: the figures of each over the period. */
  videos: z.array(z.object({ id: z.string(), title: z.string(), views: z.number(), watchSeconds: z.number(), downloads: z.number() })),
});
export type Analytics = z.infer<typeof analyticsSchema>;
