// Render: the confirmed privacy ranges are cut out and the video is published in two steps. First
// the standard-definition rendition straight from the original (spec: it must exist before the
// video is public), then the de-identified master (untouched GOPs copied), the HD ladder from it,
// and the storyboard. Each version has its own folder; the previous one is removed only after the
// new one is online. Safe to run twice: a finished step is recognised and skipped.
import { z } from 'zod';
import { cut } from '@ipsv/media/cut';
import { poster, storyboard } from '@ipsv/media/images';
import { PUBLICATION_RENDER, PUBLICATION_RUNG, renderLadder, RUNGS, rungsFor, type RenditionFiles, writeMasterPlaylist } from '@ipsv/media/ladder';
import { probe } from '@ipsv/media/probe';
import { keptRanges } from '@ipsv/media/ranges';
import type { JobDefinition } from '../platform/queue.js';
import type { RenditionKeys } from '../db/schema.js';
import { mediaKeys } from '../modules/videos/media-keys.js';
import { JOBS } from './job-names.js';
import { type VideoJobDeps, localOriginal, progressWriter, removeDir, runStage, scratchDir, uploadFolder } from './video-job.js';

const payload = z.object({ videoId: z.string(), version: z.number().int().min(1) });

/** Where a time of the original lands in the cut video, or null when it was removed. */
export function timeAfterCuts(time: number, removed: readonly { start: number; end: number }[]): number | null {
  let shift = 0;
  for (const r of [...removed].sort((a, b) => a.start - b.start)) {
    if (time >= r.end) shift += r.end - r.start;
    else if (time >= r.start) return null;
  }
  return time - shift;
}

export function renderVideoJob(deps: VideoJobDeps): JobDefinition<typeof payload> {
  const { videos, storage } = deps;
  return {
    name: JOBS.render,
    payload,
    retryLimit: 3,
    retryDelay: 60,
    expireInSeconds: 12 * 60 * 60,
    async handler({ videoId, version }, context) {
      const video = await videos.find(videoId);
      // A newer confirmation replaced this one, or the video is gone: nothing to do.
      if (!video || video.renderingVersion !== version || !video.confirmedRanges || !video.probe) return;
      if (video.rendition?.version === version && video.rendition.complete) return;
      const statuses = ['rendering', 'published'] as const;
      const ranges = video.confirmedRanges;
      const keys = mediaKeys(videoId);
      const prefix = keys.version(version);
      await runStage(deps, context, { id: videoId, statuses: ['rendering'], stage: 'Rendering' }, async () => {
        const work = await scratchDir(videoId, `render-v${version}`);
        const local = await localOriginal(storage, video.originalKey, work);
        try {
          const info = await probe(local.path, { signal: context.signal });
          const hasAudio = info.audio.length > 0;
          const durationSeconds = keptRanges(ranges, info.durationSeconds).reduce((sum, r) => sum + (r.end - r.start), 0);
          let rendition = video.rendition?.version === version ? video.rendition : null;

          // 1. Standard definition, then publish.
          if (!rendition) {
            const sdDir = `${work}/sd`;
            const [sd] = await renderLadder(local.path, sdDir, [PUBLICATION_RUNG], {
              ...PUBLICATION_RENDER,
              removeRanges: ranges,
              info,
              signal: context.signal,
              onProgress: progressWriter(videos, videoId, statuses, [0, 40]),
            });
            await writeMasterPlaylist(sdDir, [sd!], hasAudio);
            const posterKey = await makePoster(sd!.mp4, `${sdDir}/poster.jpg`);
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
            const previous = video.rendition?.version;
            const published = await videos.update(
              videoId,
              { status: 'published', percent: 40, rendition, publishedVersion: version, publishedAt: video.publishedAt ?? new Date() },
              statuses,
            );
            if (!published) return;
            if (previous && previous !== version) await storage.deletePrefix(keys.version(previous));
            context.log.info({ video: videoId, version }, 'standard definition published');
          }

          // 2. De-identified master (kept, so the original can go after its retention), HD ladder, storyboard.
          const masterFile = `${work}/master.mp4`;
          await cut(local.path, ranges, masterFile, { info, signal: context.signal, onProgress: progressWriter(videos, videoId, statuses, [40, 60]) });
          await storage.putFile(`${keys.root}/masters/v${version}.mp4`, masterFile, 'video/mp4');
          const hdDir = `${work}/hd`;
          const hdRungs = rungsFor(info.video.height).filter((r) => r.name !== PUBLICATION_RUNG.name);
          const hd = hdRungs.length
            ? await renderLadder(masterFile, hdDir, hdRungs, { signal: context.signal, onProgress: progressWriter(videos, videoId, statuses, [60, 95]) })
            : [];
          const board = await storyboard(masterFile, `${hdDir}/storyboard`, { signal: context.signal });
          const all = [...rendition.renditions, ...hd.map((r) => ({ name: r.rung.name, width: r.width, height: r.height, bandwidth: r.bandwidth }))];
          await writeMasterPlaylist(hdDir, all.map(asRendition), hasAudio);
          await uploadFolder(storage, hdDir, prefix);
          const complete: RenditionKeys = {
            ...rendition,
            storyboard: `${prefix}/storyboard/storyboard.vtt`,
            rungs: all.map((r) => r.name),
            renditions: all,
            complete: true,
          };
          await videos.update(videoId, { rendition: complete, percent: null }, ['published']);
          context.log.info({ video: videoId, version, rungs: complete.rungs, storyboardTiles: board.tiles }, 'all renditions done');
        } finally {
          await local.release();
          await removeDir(work);
        }
      });

      /** The chosen thumbnail, taken from the cut video so it can never show a removed second. */
      async function makePoster(sdFile: string, output: string): Promise<string> {
        if (video!.thumbnail?.kind === 'upload' && (await storage.stat(keys.uploadedThumbnail))) return keys.uploadedThumbnail;
        const info = await probe(sdFile, { signal: context.signal });
        const chosen = video!.thumbnail?.kind === 'frame' ? video!.thumbnailTimes[video!.thumbnail.index] : undefined;
        const mapped = chosen === undefined ? null : timeAfterCuts(chosen, ranges);
        const time = Math.min(mapped ?? info.durationSeconds / 3, Math.max(0, info.durationSeconds - 0.5));
        await poster(sdFile, output, time, { info, height: info.video.height, signal: context.signal });
        return `${prefix}/poster.jpg`;
      }
    },
  };
}

const asRendition = (r: { name: string; width: number; height: number; bandwidth: number }): RenditionFiles => ({
  rung: RUNGS.find((rung) => rung.name === r.name) ?? PUBLICATION_RUNG,
  width: r.width,
  height: r.height,
  bandwidth: r.bandwidth,
  mp4: '',
  playlist: '',
});
