// Licensing (spec section 1 "for study and licensing"): the licence a provider chooses for each
// video, shown on the video page with its meaning; viewers' requests for a licence (institution,
// purpose, duration) that the provider accepts with terms or declines; the accepted licences.
import { z } from 'zod';

export const LICENCES = ['cc_by_nc_nd', 'cc_by_nc_sa', 'institution_education', 'on_request'] as const;
export type Licence = (typeof LICENCES)[number];
export const licenceSchema = z.enum(LICENCES);

/** The licence's name as the spec writes it (the web translates the meaning by key). */
export const LICENCE_NAMES: Record<Licence, string> = {
  cc_by_nc_nd: 'CC BY-NC-ND 4.0',
  cc_by_nc_sa: 'CC BY-NC-SA 4.0',
  institution_education: 'Education within my institution only',
  on_request: 'All rights reserved — licence on request',
};
/** The licence's deed, for the Creative Commons ones. */
export const LICENCE_LINKS: Partial<Record<Licence, string>> = {
  cc_by_nc_nd: 'https://creativecommons.org/licenses/by-nc-nd/4.0/',
  cc_by_nc_sa: 'https://creativecommons.org/licenses/by-nc-sa/4.0/',
};

export const LICENCE_TEXT_MAX = 2000;
export const LICENCE_FIELD_MAX = 200;
const text = (max: number) => z.string().trim().min(1).max(max);

export const licenceChoiceSchema = z.object({ licence: licenceSchema });

export const licenceRequestInputSchema = z.object({
  institution: text(LICENCE_FIELD_MAX),
  purpose: text(LICENCE_TEXT_MAX),
  duration: text(LICENCE_FIELD_MAX),
});
export type LicenceRequestInput = z.infer<typeof licenceRequestInputSchema>;

export const licenceRequestIdSchema = z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER);
export const LICENCE_REQUEST_STATUSES = ['pending', 'accepted', 'declined'] as const;

export const licenceDecisionSchema = z.discriminatedUnion('decision', [
  z.object({ decision: z.literal('accept'), terms: text(LICENCE_TEXT_MAX) }),
  z.object({ decision: z.literal('decline') }),
]);
export type LicenceDecision = z.infer<typeof licenceDecisionSchema>;

export const licenceRequestSchema = z.object({
  id: z.number(),
  videoId: z.string(),
  videoTitle: z.string(),
  licence: licenceSchema,
  provider: z.object({ name: z.string(), email: z.string() }),
  requester: z.object({ name: z.string(), email: z.string() }),
  institution: z.string(),
  purpose: z.string(),
  duration: z.string(),
  status: z.enum(LICENCE_REQUEST_STATUSES),
  terms: z.string().nullable(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
});
export type LicenceRequest = z.infer<typeof licenceRequestSchema>;

export const licenceRequestsSchema = z.object({ requests: z.array(licenceRequestSchema) });

/** What the video page shows about its licence, and what the caller may do. */
export const videoLicenceSchema = z.object({
  licence: licenceSchema,
  /** The caller's latest request for this video, if any. */
  myRequest: licenceRequestSchema.nullable(),
  /** The caller may download the MP4 (the owner's flag, and for 'on request' an accepted licence). */
  canDownload: z.boolean(),
});
export type VideoLicence = z.infer<typeof videoLicenceSchema>;
