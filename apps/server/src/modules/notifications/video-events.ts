// What the owner of a video hears about its processing: rejected by the upload checks, ready for
// the privacy review, published, failed, a new version online. Called by the lifecycle after each
// transition it applied.
import type { Transition } from '../videos/video-lifecycle.js';
import type { VideoRow } from '../videos/videos.repository.js';
import type { Notifier } from './notifier.js';

export function videoEvents(notifier: Notifier) {
  return async (row: VideoRow, transition: Transition): Promise<void> => {
    const title = row.title || row.fileName;
    const { status, publishedVersion } = transition.patch;
    if (status === 'rejected') {
      await notifier.notify(row.ownerId, 'video_rejected', { title, reasons: row.violations.map((v) => v.code) }, '/progress');
    } else if (status === 'review') {
      await notifier.notify(row.ownerId, 'review_ready', { title }, `/edit-pii/${row.id}`);
    } else if (status === 'failed') {
      await notifier.notify(row.ownerId, 'video_failed', { title, reason: row.failureReason ?? '' }, '/progress');
    } else if (status === 'published' && publishedVersion !== undefined) {
      if (publishedVersion === 1) await notifier.notify(row.ownerId, 'video_published', { title }, `/video/${row.id}`);
      else await notifier.notify(row.ownerId, 'version_published', { title, version: publishedVersion }, `/video/${row.id}`);
    }
  };
}
