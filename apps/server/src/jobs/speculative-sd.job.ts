// The speculative standard definition: while the privacy analysis runs, the whole original is
// rendered at 360p beside it, so that after the provider's confirmation publication only cuts the
// confirmed ranges out of this file (GOP copy, encoding around the cuts and masked regions) and
// takes seconds instead of another decode of the original (job video-render).
// It shows everything the original shows, so it is quarantined with the original under source/:
// no viewer's signed URL covers that folder. The render deletes it once the published version
// exists, unless it is also the review's copy of a source browsers cannot play.
// When the analysis has proposed masks, or the owner's review draft carries masks, a copy with them
// drawn in is made too (drawn-masks.ts), quarantined the same way: right after this file if the
// analysis is done by then, otherwise when the analysis, done later, sends this job again; and again
// each time a draft with other masks is saved (the review service sends this job then).
// A failure here never fails the video: the render then works from the original as before.
// Its state is a column of the video (videos.speculative_sd: queued, rendering, ready, drawing,
// failed), beaten every 10 s while this job renders or draws, so that the render decides from the
// video row whether to wait for it, and never reads the job queue.
import { PUBLICATION_CUT, PUBLICATION_RENDER, PUBLICATION_RUNG } from '@ipsv/media/ladder';
import { defineJob, type JobContext } from '../platform/jobs/queue.js';
import { mediaKeys } from '../modules/videos/media-keys.js';
import type { PrivacyMask } from '@ipsv/contracts/privacy-review';
import { liveDraft } from '../modules/videos/privacy-review.service.js';
import { regionOf, sameRegions } from '../modules/videos/mask-regions.js';
import type { VideoRow, VideosRepository } from '../modules/videos/videos.repository.js';
import { deleteMaskedCopies, maskedCopyKey, readDrawnMasks } from './drawn-masks.js';
import { localOriginal, removeDir, scratchDir, type VideoJobDeps } from './video-job.js';

/** Statuses in which a first publication is still ahead. */
const BEFORE_PUBLICATION = new Set(['analysing', 'review', 'rendering']);

export function speculativeSdJob(deps: VideoJobDeps) {
  const { videos, storage, media } = deps;
  // Its worker died on the last attempt: given up, as a failure there would have (or, when it was
  // only drawing masks, the SD itself stays ready).
  const lost = async ({ videoId }: { videoId: string }) => {
    await videos.setSpeculativeSd(videoId, 'failed', ['rendering', 'queued']);
    await videos.setSpeculativeSd(videoId, 'ready', ['drawing']);
  };
  return defineJob('video-speculative-sd', { retryLimit: 1, retryDelay: 10, expireInSeconds: 6 * 60 * 60, lost }, async ({ videoId }, context) => {
    const video = await videos.find(videoId);
    if (!video || !BEFORE_PUBLICATION.has(video.status) || video.rendition || video.originalDeletedAt) return;
    const keys = mediaKeys(videoId);
    const key = keys.reviewProxy;
    if (await storage.stat(key)) {
      // Made already (the analysis finished after it, or made it itself as the review copy, or a
      // draft changed the masks): the masks wanted now are drawn into a copy, unless one carries them.
      await drawIntoStored(deps, videoId, context);
      return;
    }
    const work = await scratchDir(videoId, 'speculative');
    try {
      const local = await localOriginal(storage, video.originalKey, work);
      try {
        const started = Date.now();
        const [sd] = await whileBeating(videos, videoId, 'rendering', () =>
          media.renderLadder(local.path, `${work}/sd`, [PUBLICATION_RUNG], {
            ...PUBLICATION_RENDER,
            hls: false,
            // Nobody waits for it until the review is done; the analysis, which the review waits for, comes first.
            niceness: 10,
            signal: context.signal,
          }),
        );
        // Published meanwhile from the original (the render did not wait): not needed any more.
        const now = await videos.find(videoId);
        if (!now || now.rendition) {
          await videos.setSpeculativeSd(videoId, null, ['rendering']);
          return;
        }
        await storage.putFile(key, sd!.mp4, 'video/mp4');
        // Ready before the masks are read (drawMasks): an analysis finishing now either finds it
        // ready and asks for the drawing, or is seen done by drawMasks, never neither.
        await videos.setSpeculativeSd(videoId, 'ready');
        context.log.info({ video: videoId, seconds: (Date.now() - started) / 1000 }, 'speculative standard definition ready');
        await drawMasks(deps, videoId, sd!.mp4, work, context);
      } finally {
        await local.release();
      }
    } catch (error) {
      // Tried again later (pg-boss retries it, or the queue stopped): queued, which the render does not wait for.
      if (context.signal.aborted || !context.lastAttempt) {
        await videos.setSpeculativeSd(videoId, 'queued', ['rendering']).catch(() => undefined);
        throw error;
      }
      await videos.setSpeculativeSd(videoId, 'failed', ['rendering']);
      context.log.warn({ err: error, video: videoId }, 'speculative standard definition gave up; the render will use the original');
    } finally {
      await removeDir(work);
    }
  });
}

/** A speculative SD job beats its video's state this often while it works. */
const BEAT_MS = 10_000;

/**
 * Runs `work` with the video's speculative SD in `state`, beaten every BEAT_MS so that a render
 * waiting for it sees it alive (a job that dies stops beating, and the render goes on without it).
 */
async function whileBeating<T>(videos: VideosRepository, videoId: string, state: 'rendering' | 'drawing', work: () => Promise<T>): Promise<T> {
  await videos.setSpeculativeSd(videoId, state);
  const timer = setInterval(() => void videos.setSpeculativeSd(videoId, state, [state]).catch(() => undefined), BEAT_MS);
  try {
    return await work();
  } finally {
    clearInterval(timer);
  }
}

/**
 * The masks a copy should carry now: the owner's draft's, else the analysis's proposal once it is
 * done. None once a confirmation is rendering: the render has chosen its file (it waits for masks
 * being drawn when it can use them, and draws the rest itself).
 */
function wantedMasks(video: VideoRow): PrivacyMask[] {
  if (video.rendition || video.status !== 'review') return [];
  return liveDraft(video)?.masks ?? video.analysis?.proposedMasks ?? [];
}

/** drawMasks over the speculative SD already in storage, when the copy there does not carry the masks wanted now. */
async function drawIntoStored(deps: VideoJobDeps, videoId: string, context: JobContext) {
  const video = await deps.videos.find(videoId);
  const wanted = video ? wantedMasks(video) : [];
  const current = await readDrawnMasks(deps.storage, mediaKeys(videoId).reviewMaskedList);
  if (!wanted.length || (current && sameRegions(current.masks, wanted))) return;
  const work = await scratchDir(videoId, 'speculative-masks');
  try {
    const sd = await deps.storage.localFile(mediaKeys(videoId).reviewProxy, work);
    try {
      await drawMasks(deps, videoId, sd.path, work, context);
    } finally {
      await sd.release();
    }
  } finally {
    await removeDir(work);
  }
}

/**
 * The speculative SD again with the masks wanted now drawn in (GOP copy outside them): the owner's
 * draft's, else the analysis's proposal. Confirming them then publishes in seconds. Skipped while
 * the analysis still runs (the render draws the masks then, as without this file). The copy is
 * named by its masks and the list naming it is written after it, so a render that read the list
 * reads the file it names; the copy it replaces is deleted while no render can be reading it. A
 * failure only loses the shortcut.
 */
async function drawMasks(deps: VideoJobDeps, videoId: string, sdFile: string, work: string, context: JobContext) {
  const { videos, storage, media } = deps;
  const keys = mediaKeys(videoId);
  const video = await videos.find(videoId);
  const masks = video ? wantedMasks(video) : [];
  if (!masks.length) return;
  try {
    const started = Date.now();
    const file = `${work}/masked.mp4`;
    // Drawing, the SD itself ready: a render that can use these masks waits; back to ready after.
    await whileBeating(videos, videoId, 'drawing', () =>
      media.cut(sdFile, [], file, { ...PUBLICATION_CUT, masks, niceness: 10, signal: context.signal }),
    ).finally(() => videos.setSpeculativeSd(videoId, 'ready', ['drawing']));
    const key = maskedCopyKey(keys.reviewMaskedPrefix, masks);
    const before = await readDrawnMasks(storage, keys.reviewMaskedList);
    // The file first: a list present means the file it names is complete.
    await storage.putFile(key, file, 'video/mp4');
    await storage.put(keys.reviewMaskedList, Buffer.from(JSON.stringify({ key, masks: masks.map(regionOf) })), 'application/json');
    const now = await videos.find(videoId);
    // Published meanwhile without it: the render has already deleted what it knew of, so this goes too.
    if (now?.rendition) {
      await deleteMaskedCopies(storage, videoId);
      return;
    }
    // The copy this one replaces goes while nobody can be reading it: no render starts before a
    // confirmation, and one starting now reads the list just written. Once confirmed, it stays
    // until publication deletes every copy.
    if (before && before.key !== key && now?.status === 'review') await storage.delete(before.key);
    context.log.info({ video: videoId, masks: masks.length, seconds: (Date.now() - started) / 1000 }, 'masks drawn into the speculative standard definition');
  } catch (error) {
    if (context.signal.aborted) throw error;
    context.log.warn({ err: error, video: videoId }, 'masks not drawn in advance; the render will draw them');
  }
}
