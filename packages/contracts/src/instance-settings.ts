// The instance's own policies, as its administrators read them (/admin/settings). They are set by
// the environment at start (.env.example), not from this page.
import { z } from 'zod';

export const instanceSettingsSchema = z.object({
  /** AUTO_PUBLISH: videos whose provider asks for it may be published without a person's review. */
  autoPublish: z.boolean(),
  /** The highest frame score an analysis may have for publication without review (AUTO_PUBLISH_MAX_SCORE). */
  autoPublishMaxScore: z.number(),
});
export type InstanceSettings = z.infer<typeof instanceSettingsSchema>;
