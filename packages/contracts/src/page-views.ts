// First-party page-view log (replaces the spec's analytics service); sent only with advertising consent.
import { z } from 'zod';

export const PAGE_VIEW_PATH_MAX = 2048;
/** Per client address; a person navigating never comes close, a script filling the log does. */
export const PAGE_VIEWS_PER_MINUTE = 120;

export const recordPageViewSchema = z.object({
  path: z
    .string()
    .min(1)
    .max(PAGE_VIEW_PATH_MAX, `The path must be at most ${PAGE_VIEW_PATH_MAX} characters`)
    .refine((p) => p.startsWith('/') && !p.startsWith('//'), 'The path must start with a single /'),
});
export type RecordPageView = z.infer<typeof recordPageViewSchema>;
