// /analytics/versioncontrol: every rendered version of the owner's videos (each privacy
// confirmation renders one), which one is published, rolling back to an earlier one and deleting
// an old one. Only the owner and administrators see them.
import { z } from 'zod';
import { privacyRangeSchema } from './privacy-review.js';

export const versionNumberSchema = z.coerce.number().int().min(1).max(1_000_000);

export const videoVersionSchema = z.object({
  version: z.number(),
  confirmedAt: z.string(),
  /** The confirmer's name, or null when the provider allowed publication with nothing found ('auto'). */
  confirmedBy: z.string().nullable(),
  automatic: z.boolean(),
  ranges: z.array(privacyRangeSchema),
  /** Seconds removed by the ranges. */
  removedSeconds: z.number(),
  durationSeconds: z.number(),
  renditions: z.array(z.object({ name: z.string(), width: z.number(), height: z.number() })),
  /** Every rung is done (false while only standard definition exists). */
  complete: z.boolean(),
  sizeBytes: z.number().nullable(),
  published: z.boolean(),
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

export const versionsOverviewSchema = z.object({ videos: z.array(videoVersionsSchema) });
export type VersionsOverview = z.infer<typeof versionsOverviewSchema>;
