// Render: the confirmed privacy ranges are cut out and the video is published in two steps. First
// the standard-definition rendition (spec: it must exist before the video is public): cut from the
// speculative SD rendered during the analysis when there is one (seconds: untouched GOPs are
// copied), otherwise rendered from the original with the cuts on the way. Then the de-identified
// master (untouched GOPs copied), the HD ladder from it, and the storyboard. Each version has its
// own folder, and earlier versions' folders are kept, so the owner can roll back to one
// (/analytics/versioncontrol); each version is recorded in video_versions.
// Safe to run twice: a finished step is recognised and skipped.
import { copyFile } from 'node:fs/promises';
import type { ProbeResult } from '@ipsv/media/probe';
import { PUBLICATION_CUT, PUBLICATION_RENDER, PUBLICATION_RUNG, RUNGS, rungsFor, type RenditionFiles } from '@ipsv/media/ladder';
import { keptRanges } from '@ipsv/media/ranges';
import type { RenditionKeys } from '../db/schema.js';
import { defineJob, type JobContext } from '../platform/jobs/queue.js';
import type { PrivacyMask, PrivacyRange } from '@ipsv/contracts/privacy-review';
import { canApply, published, renditionsCompleted } from '../modules/videos/video-lifecycle.js';
import { mediaKeys } from '../modules/videos/media-keys.js';
import { masksLeftToDraw } from '../modules/videos/mask-regions.js';
import { deleteMaskedCopies, readDrawnMasks } from './drawn-masks.js';
import { makePoster } from './poster.js';
import type { Logger } from 'pino';
import { localOriginal, progressWriter, removeDir, runStage, scratchDir, stageLost, uploadFolder, type Stage, type VideoJobDeps } from './video-job.js';

export function renderVideoJob(deps: VideoJobDeps) {
  const { videos, storage, lifecycle, media } = deps;
  const stage = (id: string): Stage => ({ id, statuses: ['rendering'], name: 'Rendering' });
  // Only the render of the version being rendered fails the video: an older one's was replaced.
  const lost = async ({ videoId, version }: { videoId: string; version: number }, log: Logger) => {
    if ((await videos.find(videoId))?.renderingVersion === version) await stageLost(deps, stage(videoId), log);
  };
  return defineJob('video-render', { retryLimit: 3, retryDelay: 60, expireInSeconds: 12 * 60 * 60, lost }, async ({ videoId, version }, context) => {
    const video = await videos.find(videoId);
    // A newer confirmation replaced this one, or the video is gone: nothing to do.
    if (!video || video.renderingVersion !== version || !video.confirmedRanges || !video.probe) return;
    if (video.rendition?.version === version && video.rendition.complete) return;
    // Already rendered completely (the owner rolled back to an earlier version since): not again.
    const recorded = (await videos.versions([videoId])).find((v) => v.version === version);
    if (recorded && (recorded.rendition.complete || recorded.deletedAt)) return;
    const statuses = ['rendering', 'published'] as const;
    const ranges = video.confirmedRanges;
    // Masks are drawn on the source's timeline before the cuts, in every rendition and the master.
    const masks = video.confirmedMasks ?? [];
    const keys = mediaKeys(videoId);
    const prefix = keys.version(version);
    await runStage(deps, context, stage(videoId), async () => {
      const work = await scratchDir(videoId, `render-v${version}`);
      const local = await localOriginal(storage, video.originalKey, work);
      try {
        const info = await media.probe(local.path, { signal: context.signal });
        const hasAudio = info.audio.length > 0;
        const durationSeconds = keptRanges(ranges, info.durationSeconds).reduce((sum, r) => sum + (r.end - r.start), 0);
        let rendition = video.rendition?.version === version ? video.rendition : null;

        // 1. Standard definition, then publish.
        if (!rendition) {
          const sdDir = `${work}/sd`;
          const onProgress = progressWriter(videos, videoId, statuses, [0, 40]);
          const sd =
            (await fromSpeculative(deps, videoId, work, sdDir, {
              ranges,
              masks,
              // What the speculative job may be drawing: the analysis's proposal, or the last draft's masks.
              drawing: [video.analysis?.proposedMasks ?? [], video.reviewDraft?.masks ?? []],
              context,
              onProgress,
            })) ??
            (
              await media.renderLadder(local.path, sdDir, [PUBLICATION_RUNG], {
                ...PUBLICATION_RENDER,
                removeRanges: ranges,
                masks,
                info,
                signal: context.signal,
                onProgress,
              })
            )[0];
          await media.writeMasterPlaylist(sdDir, [sd!], hasAudio);
          const posterKey = await makePoster(deps, video, sd!.mp4, `${work}/poster.jpg`, `${prefix}/poster.jpg`, context);
          await uploadFolder(storage, sdDir, prefix);
          rendition = {
            version,
            master: `${prefix}/master.m3u8`,
            mp4: `${prefix}/${PUBLICATION_RUNG.name}/video.mp4`,
            poster: posterKey,
            storyboard: null,
            rungs: [PUBLICATION_RUNG.name],
            renditions: [{ name: sd!.rung.name, width: sd!.width, height: sd!.height, bandwidth: sd!.bandwidth }],
            durationSeconds,
            complete: false,
          };
          // Deleted or moved on meanwhile: nothing is published.
          const current = await videos.find(videoId);
          // The version is recorded with its publication.
          if (!current || !canApply('published', current)) return;
          const first = rendition;
          if (!(await lifecycle.apply(videoId, published(current, first, new Date()), (tx) => tx.saveVersion(current, first, null)))) return;
          context.log.info({ video: videoId, version }, 'standard definition published');
          // The speculative SD and its masked copy show what the review removed: gone once the
          // published one exists (unless it is the review's copy of a source browsers cannot play).
          if (current.reviewProxyKey !== keys.reviewProxy) {
            await storage.delete(keys.reviewProxy);
            await videos.setSpeculativeSd(videoId, null);
          }
          await deleteMaskedCopies(storage, videoId);
        }

        // 2. De-identified master (kept, so the original can go after its retention), HD ladder, storyboard.
        const masterFile = `${work}/master.mp4`;
        await media.cut(local.path, ranges, masterFile, {
          info,
          masks,
          signal: context.signal,
          onProgress: progressWriter(videos, videoId, statuses, [40, 60]),
        });
        await storage.putFile(`${keys.root}/masters/v${version}.mp4`, masterFile, 'video/mp4');
        const hdDir = `${work}/hd`;
        const hdRungs = rungsFor(info.video.height).filter((r) => r.name !== PUBLICATION_RUNG.name);
        const hd = hdRungs.length
          ? await media.renderLadder(masterFile, hdDir, hdRungs, { signal: context.signal, onProgress: progressWriter(videos, videoId, statuses, [60, 95]) })
          : [];
        const board = await media.storyboard(masterFile, `${hdDir}/storyboard`, { signal: context.signal });
        const all = [...rendition.renditions, ...hd.map((r) => ({ name: r.rung.name, width: r.width, height: r.height, bandwidth: r.bandwidth }))];
        await media.writeMasterPlaylist(hdDir, all.map(asRendition), hasAudio);
        await uploadFolder(storage, hdDir, prefix);
        const complete: RenditionKeys = {
          ...rendition,
          storyboard: `${prefix}/storyboard/storyboard.vtt`,
          rungs: all.map((r) => r.name),
          renditions: all,
          complete: true,
        };
        const now = await videos.find(videoId);
        if (now && canApply('renditionsCompleted', now)) {
          const sizeBytes = await versionSize(storage, prefix, `${keys.root}/masters/v${version}.mp4`);
          await lifecycle.apply(videoId, renditionsCompleted(now, complete), (tx) => tx.saveVersion(now, complete, sizeBytes));
        }
        context.log.info({ video: videoId, version, rungs: complete.rungs, storyboardTiles: board.tiles }, 'all renditions done');
      } finally {
        await local.release();
        await removeDir(work);
      }
    });
  });
}

const SPECULATIVE_POLL_MS = 2000;

/**
 * The standard definition cut from the speculative one (job video-speculative-sd), or null when
 * there is none. One still being rendered is waited for: finishing it and cutting is quicker than
 * decoding the original again beside it. When a copy with masks drawn in exists (the analysis's
 * proposal or the owner's draft) and every mask it carries was confirmed, the cut starts from that
 * copy and draws only the rest.
 */
async function fromSpeculative(
  deps: VideoJobDeps,
  videoId: string,
  work: string,
  sdDir: string,
  job: {
    ranges: readonly PrivacyRange[];
    masks: readonly PrivacyMask[];
    drawing: readonly (readonly PrivacyMask[])[];
    context: JobContext;
    onProgress: (percent: number) => void;
  },
): Promise<RenditionFiles | null> {
  const { videos, storage, media } = deps;
  const { signal, log } = job.context;
  const keys = mediaKeys(videoId);
  // The job may still be drawing masks: worth waiting for only if they were all kept.
  const drawingUseful = job.drawing.some((drawing) => drawing.length > 0 && masksLeftToDraw(drawing, job.masks) !== null);
  let waited = false;
  for (;;) {
    // Waited for only while its job works on it and beats (the video row says so): one still
    // queued (behind another video's) would cost the same decode as the original's, later, and
    // one whose job died stops beating. Once the SD exists, only masks being drawn are worth it.
    const { state, live } = await videos.speculativeSd(videoId);
    const worthWaiting = live && (state === 'rendering' || (state === 'drawing' && drawingUseful));
    if (!worthWaiting) break;
    if (!waited)
      log.info(
        { video: videoId },
        state === 'drawing' ? 'waiting for the masks being drawn into the speculative SD' : 'waiting for the speculative standard definition',
      );
    waited = true;
    await new Promise((resolve) => setTimeout(resolve, SPECULATIVE_POLL_MS));
    if (signal.aborted) throw signal.reason;
  }
  if (!(await storage.stat(keys.reviewProxy))) return null;
  const drawn = await readDrawnMasks(storage, keys.reviewMaskedList);
  let left = drawn ? masksLeftToDraw(drawn.masks, job.masks) : null;
  // A copy replaced by a newer draft's since the list was read is gone: every mask is drawn then.
  const copy = left && drawn ? await storage.localFile(drawn.key, work).catch(() => null) : null;
  if (!copy) left = null;
  const speculative = copy ?? (await storage.localFile(keys.reviewProxy, work));
  const masks = left ?? job.masks;
  try {
    const info: ProbeResult = await media.probe(speculative.path, { signal });
    const cutFile = `${work}/sd-cut.mp4`;
    if (job.ranges.length || masks.length) {
      await media.cut(speculative.path, job.ranges, cutFile, { ...PUBLICATION_CUT, info, masks, signal, onProgress: job.onProgress });
    } else {
      // Nothing to remove or draw: the speculative file is the rendition (copied: packaging moves it).
      await copyFile(speculative.path, cutFile);
    }
    const sd = await media.packageRendition(cutFile, sdDir, PUBLICATION_RUNG, { signal });
    log.info(
      { video: videoId, ranges: job.ranges.length, masks: job.masks.length, drawnBefore: left ? job.masks.length - left.length : 0 },
      'standard definition cut from the speculative one',
    );
    return sd;
  } finally {
    await speculative.release();
  }
}

/** Bytes on disk of a version: its folder and its de-identified master. */
async function versionSize(storage: VideoJobDeps['storage'], prefix: string, master: string): Promise<number> {
  let total = (await storage.stat(master))?.size ?? 0;
  for (const key of await storage.list(prefix)) total += (await storage.stat(key))?.size ?? 0;
  return total;
}

const asRendition = (r: { name: string; width: number; height: number; bandwidth: number }): RenditionFiles => ({
  rung: RUNGS.find((rung) => rung.name === r.name) ?? PUBLICATION_RUNG,
  width: r.width,
  height: r.height,
  bandwidth: r.bandwidth,
  mp4: '',
  playlist: '',
});
