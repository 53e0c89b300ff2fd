// What the owner of a video hears about its processing: rejected by the upload checks, ready for
// the privacy review (and, when automatic publication was asked for, why it waits), published,
// failed, a new version online. Called by the lifecycle after each transition it applied.
import { spansText } from '@ipsv/contracts/auto-publish';
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
      // A provider who asked for automatic publication hears why the video waits for them instead.
      const wait = transition.reviewWait;
      const params: Record<string, string> = wait ? { title, waiting: wait.reason, times: spansText(wait.spans) } : { title };
      await notifier.notify(row.ownerId, 'review_ready', params, `/edit-pii/${row.id}`);
    } else if (status === 'failed') {
      await notifier.notify(row.ownerId, 'video_failed', { title, reason: row.failureReason ?? '' }, '/progress');
    } else if (status === 'published' && publishedVersion !== undefined) {
      if (publishedVersion === 1) await notifier.notify(row.ownerId, 'video_published', { title }, `/video/${row.id}`);
      else await notifier.notify(row.ownerId, 'version_published', { title, version: publishedVersion }, `/video/${row.id}`);
    }
  };
}
