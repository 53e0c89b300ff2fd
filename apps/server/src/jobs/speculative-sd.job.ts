// The speculative standard definition: while the privacy analysis runs, the whole original is
// rendered at 360p beside it, so that after the provider's confirmation publication only cuts the
// confirmed ranges out of this file (GOP copy, encoding around the cuts and masked regions) and
// takes seconds instead of another decode of the original (job video-render).
// It shows everything the original shows, so it is quarantined with the original under source/:
// no viewer's signed URL covers that folder. The render deletes it once the published version
// exists, unless it is also the review's copy of a source browsers cannot play.
// A failure here never fails the video: the render then works from the original as before.
import { PUBLICATION_RENDER, PUBLICATION_RUNG } from '@ipsv/media/ladder';
import { defineJob } from '../platform/jobs/queue.js';
import { mediaKeys } from '../modules/videos/media-keys.js';
import { localOriginal, removeDir, scratchDir, type VideoJobDeps } from './video-job.js';

/** Statuses in which a first publication is still ahead. */
const BEFORE_PUBLICATION = new Set(['analysing', 'review', 'rendering']);

export function speculativeSdJob(deps: VideoJobDeps) {
  const { videos, storage, media } = deps;
  return defineJob('video-speculative-sd', { retryLimit: 1, retryDelay: 10, expireInSeconds: 6 * 60 * 60 }, async ({ videoId }, context) => {
    const video = await videos.find(videoId);
    if (!video || !BEFORE_PUBLICATION.has(video.status) || video.rendition || video.originalDeletedAt) return;
    const key = mediaKeys(videoId).reviewProxy;
    if (await storage.stat(key)) return;
    const work = await scratchDir(videoId, 'speculative');
    try {
      const local = await localOriginal(storage, video.originalKey, work);
      try {
        const started = Date.now();
        const [sd] = await media.renderLadder(local.path, `${work}/sd`, [PUBLICATION_RUNG], {
          ...PUBLICATION_RENDER,
          hls: false,
          // Nobody waits for it until the review is done; the analysis, which the review waits for, comes first.
          niceness: 10,
          signal: context.signal,
        });
        // Published meanwhile from the original (the render did not wait): not needed any more.
        const now = await videos.find(videoId);
        if (!now || now.rendition) return;
        await storage.putFile(key, sd!.mp4, 'video/mp4');
        context.log.info({ video: videoId, seconds: (Date.now() - started) / 1000 }, 'speculative standard definition ready');
      } finally {
        await local.release();
      }
    } catch (error) {
      if (context.signal.aborted || !context.lastAttempt) throw error;
      context.log.warn({ err: error, video: videoId }, 'speculative standard definition gave up; the render will use the original');
    } finally {
      await removeDir(work);
    }
  });
}
