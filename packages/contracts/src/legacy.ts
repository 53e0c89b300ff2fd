// The spec's calls (section 7), kept for existing clients as `POST /api/legacy/<call>` (DESIGN.md
// section 4): the spec's payloads and response fields, mapped onto the same services, permissions
// and error texts as the REST API. `emailId` must be the caller's own address.
import { z } from 'zod';
import { updateNotificationStatusSchema } from './notifications.js';
import { searchQuerySchema, videoByIdsQuerySchema } from './search.js';
import { noteIdSchema, noteInputSchema, noteUpdateSchema } from './watching.js';

export const LEGACY_PREFIX = '/api/legacy';

const emailId = z.string().trim().toLowerCase().max(320);
const option = z.union([z.string(), z.number()]).transform(String);
const options = z.array(option).max(50).optional();
const withoutUndefined = (query: Record<string, unknown>) => Object.fromEntries(Object.entries(query).filter(([, value]) => value !== undefined));

/**
 * search-videos: the spec's search state (searchValues {surgeryType, searchInput}, filters {genders,
 * bmi, duration}, newFilters {durationSpan, pgsScore}) and the other filters of the sidebar, checked
 * by the same contract as GET /api/search.
 */
const legacySearch = z
  .object({
    search: z
      .object({
        surgeryType: option.optional(),
        searchInput: z.string().max(20_000).optional(),
        genders: options,
        bmi: options,
        durationSpan: options,
        pgsScore: options,
        resolution: options,
        frameRate: options,
        uploaded: z.string().max(40).optional(),
        sort: z.string().max(40).optional(),
        page: option.optional(),
        pageSize: option.optional(),
      })
      .strict()
      .default({}),
    emailId: emailId.optional(),
    validateAccess: z.boolean().optional(),
  })
  .transform(({ search }) =>
    withoutUndefined({
      q: search.searchInput,
      surgeryType: search.surgeryType,
      gender: search.genders,
      bmi: search.bmi,
      duration: search.durationSpan,
      pgs: search.pgsScore,
      resolution: search.resolution,
      frameRate: search.frameRate,
      uploaded: search.uploaded,
      sort: search.sort,
      page: search.page,
      pageSize: search.pageSize,
      facets: 'true',
    }),
  )
  .pipe(searchQuerySchema);

/** video-by-ids: `search.ids`, the cards of those the caller may watch, in the order asked. */
const legacyByIds = z
  .object({ search: z.object({ ids: z.array(z.string().max(100)).min(1).max(100) }), emailId: emailId.optional(), validateAccess: z.boolean().optional() })
  .transform(({ search }) => ({ ids: search.ids.join(',') }))
  .pipe(videoByIdsQuerySchema);

export const legacyPayloads = {
  /** "empty string": any body (or none). */
  'get-surgery-types': z.unknown(),
  get_presigned_url: z.object({ s3_url: z.string().min(1).max(2048) }),
  'set-user-details': z.object({ emailId: emailId.optional(), firstName: z.string().trim().min(1).max(100), lastName: z.string().trim().min(1).max(100) }),
  'update-notification-status': updateNotificationStatusSchema,
  'list-user-notifications': z.object({
    pageNumber: z.coerce.number().int().min(1).max(100_000).default(1),
    pageSize: z.coerce.number().int().min(1).max(50).default(5),
  }),
  'get-user-details': z.object({ emailId }),
  'update-user-profile-picture-url': z.object({ emailId, profilePictureUrl: z.string().max(2048).nullable() }),
  'accept-user-terms': z.object({ emailId, termsAccepted: z.literal(true) }),
  'video-details': z.object({ videoId: z.string().min(1).max(100), emailId: emailId.optional(), validateAccess: z.boolean().optional() }),
  'process-note': z.object({
    note: z.union([
      noteInputSchema.extend({ action: z.literal('create').default('create'), videoId: z.string().min(1).max(100) }),
      noteUpdateSchema.extend({ action: z.literal('update'), id: noteIdSchema }),
      z.object({ action: z.literal('delete'), id: noteIdSchema }),
    ]),
  }),
  'video-by-ids': legacyByIds,
  'search-videos': legacySearch,
} as const;

export type LegacyCall = keyof typeof legacyPayloads;
export const LEGACY_CALLS = Object.keys(legacyPayloads) as LegacyCall[];
