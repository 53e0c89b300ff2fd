// Periodic housekeeping (every 15 minutes, once across all workers): uploads left unfinished past
// their expiry are deleted with their video row, and originals are deleted once their
// de-identified master has existed for the retention period (the original is the only file that
// still shows what the review removed).
import { defineJob } from '../platform/jobs/queue.js';
import type { UploadStore } from '../platform/storage/upload-store.js';
import type { VideoJobDeps } from './video-job.js';

export function cleanupMediaJob(
  deps: Pick<VideoJobDeps, 'videos' | 'storage'> & {
    uploads: Pick<UploadStore, 'remove'>;
    uploadExpiryHours: number;
    originalRetentionDays: number;
    clock?: () => Date;
  },
) {
  const { videos, storage, uploads } = deps;
  const now = deps.clock ?? (() => new Date());
  return defineJob('media-cleanup', { retryLimit: 1, retryDelay: 60, expireInSeconds: 30 * 60 }, async (_payload, context) => {
    const stale = await videos.staleUploads(new Date(now().getTime() - deps.uploadExpiryHours * 3_600_000));
    for (const video of stale) {
      await uploads.remove(video.id);
      await storage.deletePrefix(`videos/${video.id}`);
      await videos.delete(video.id);
    }
    const expired = await videos.originalsToDelete(new Date(now().getTime() - deps.originalRetentionDays * 86_400_000));
    for (const video of expired) {
      await uploads.remove(video.id);
      await storage.deletePrefix(`videos/${video.id}/source`);
      await videos.update(video.id, { originalDeletedAt: now(), reviewProxyKey: null });
    }
    if (stale.length || expired.length) context.log.info({ expiredUploads: stale.length, deletedOriginals: expired.length }, 'media cleanup');
  });
}
