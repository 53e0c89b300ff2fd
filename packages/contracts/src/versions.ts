// /analytics/versioncontrol: every rendered version of the owner's videos (each privacy
// confirmation renders one), which one is published, rolling back to an earlier one and deleting
// an old one. The owner and administrators see them; only the owner publishes one again (an
// administrator takes a video down instead), with a reason that the list shows.
import { z } from 'zod';
import { privacyMaskSchema, privacyRangeSchema } from './privacy-review.js';

export const versionNumberSchema = z.coerce.number().int().min(1).max(1_000_000);

export const videoVersionSchema = z.object({
  version: z.number(),
  confirmedAt: z.string(),
  /** The confirmer's name, or null when the provider allowed publication with nothing found ('auto'). */
  confirmedBy: z.string().nullable(),
  automatic: z.boolean(),
  ranges: z.array(privacyRangeSchema),
  /** Regions covered in every rendition of the version (empty for a version confirmed before masks existed). */
  masks: z.array(privacyMaskSchema),
  /** Seconds removed by the ranges. */
  removedSeconds: z.number(),
  durationSeconds: z.number(),
  renditions: z.array(z.object({ name: z.string(), width: z.number(), height: z.number() })),
  /** Every rung is done (false while only standard definition exists). */
  complete: z.boolean(),
  sizeBytes: z.number().nullable(),
  published: z.boolean(),
  /** The last time the owner published this version again (a rollback), with their reason. */
  republished: z.object({ at: z.string(), reason: z.string() }).nullable(),
});
export type VideoVersion = z.infer<typeof videoVersionSchema>;

export const videoVersionsSchema = z.object({
  videoId: z.string(),
  title: z.string(),
  /** Length of the original, for the comparison timeline. */
  originalSeconds: z.number().nullable(),
  publishedVersion: z.number(),
  /** A newer version is being rendered: rolling back waits until it is online. */
  rendering: z.boolean(),
  versions: z.array(videoVersionSchema),
});
export type VideoVersions = z.infer<typeof videoVersionsSchema>;

export const ROLLBACK_REASON_MAX = 500;
export const ROLLBACK_REASON_MESSAGE = 'Please say why this version is published again';

/** Publishing an earlier version again: the owner says why (kept with the version and in the audit). */
export const rollbackInputSchema = z.object({
  reason: z.string().trim().min(1, ROLLBACK_REASON_MESSAGE).max(ROLLBACK_REASON_MAX, `At most ${ROLLBACK_REASON_MAX} characters`),
});
export type RollbackInput = z.infer<typeof rollbackInputSchema>;

export const versionsOverviewSchema = z.object({ videos: z.array(videoVersionsSchema) });
export type VersionsOverview = z.infer<typeof versionsOverviewSchema>;
