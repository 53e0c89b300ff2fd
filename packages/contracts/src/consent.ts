// Cookie consent record (spec sections 3 and 4): stored in local storage under `consent`.
import { z } from 'zod';

export const CONSENT_STORAGE_KEY = 'consent';

export const consentSchema = z.object({
  necessary: z.literal(true),
  performance: z.boolean(),
  advertising: z.boolean(),
});
export type Consent = z.infer<typeof consentSchema>;

/** Defaults: necessary true, others false. Also what "Reject" saves. */
export const CONSENT_DEFAULTS: Consent = { necessary: true, performance: false, advertising: false };
export const CONSENT_REJECT_ALL: Consent = CONSENT_DEFAULTS;
/** "Accept" saves all true. */
export const CONSENT_ACCEPT_ALL: Consent = { necessary: true, performance: true, advertising: true };

/** Parses a stored record; anything unreadable counts as "no decision yet". */
export function parseStoredConsent(raw: string | null): Consent | null {
  if (raw === null) return null;
  try {
    const parsed = consentSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
