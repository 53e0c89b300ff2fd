// The instance's policies for its administrators to read (the environment sets them at start).
import { AUTO_PUBLISH_MAX_SCORE } from '@ipsv/contracts/auto-publish';
import type { InstanceSettings } from '@ipsv/contracts/instance-settings';
import { AppError } from '../../platform/app-error.js';
import type { VideoActor } from '../videos/video-access.js';

export function createInstanceSettingsService(settings: { autoPublish: boolean }) {
  return {
    read(actor: VideoActor): InstanceSettings {
      if (actor.role !== 'admin') throw new AppError('ADMIN_ONLY');
      return { autoPublish: settings.autoPublish, autoPublishMaxScore: AUTO_PUBLISH_MAX_SCORE };
    },
  };
}
export type InstanceSettingsService = ReturnType<typeof createInstanceSettingsService>;
