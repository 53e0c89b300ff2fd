// A new thumbnail choice for a published video: its poster is made again from the published
// version (a new key, so caches holding the old one never show it under the new link).
import { defineJob } from '../platform/jobs/queue.js';
import { mediaKeys } from '../modules/videos/media-keys.js';
import { makePoster } from './poster.js';
import { removeDir, scratchDir, type VideoJobDeps } from './video-job.js';

export function posterVideoJob(deps: Pick<VideoJobDeps, 'videos' | 'storage' | 'media'>) {
  const { videos, storage } = deps;
  return defineJob('video-poster', { retryLimit: 2, retryDelay: 30, expireInSeconds: 30 * 60 }, async ({ videoId }, context) => {
    const video = await videos.find(videoId);
    const rendition = video?.rendition;
    if (!video || !rendition?.mp4) return;
    const work = await scratchDir(videoId, 'poster');
    const local = await storage.localFile(rendition.mp4, work);
    try {
      const key = `${mediaKeys(videoId).version(rendition.version)}/poster-${Date.now()}.jpg`;
      const poster = await makePoster(deps, video, local.path, `${work}/poster.jpg`, key, context);
      if (poster === rendition.poster) return;
      // Only while this version is still the published one (a new version brings its own poster).
      const updated = await videos.setPoster(videoId, rendition.version, poster);
      // The previous poster of this version goes once the new one is in place.
      if (updated && rendition.poster?.startsWith(mediaKeys(videoId).version(rendition.version))) await storage.delete(rendition.poster);
    } finally {
      await local.release();
      await removeDir(work);
    }
  });
}
