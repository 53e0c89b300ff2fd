// Ingest: probe and validate what the upload really contains (spec section 5), then make the
// owner's working images (thumbnail candidates, filmstrip). A file that breaks the rules is
// rejected with every reason; one that passes waits for its details, or goes straight on to the
// privacy analysis when the provider already saved them.
import { uploadViolationMessages } from '@ipsv/contracts/upload';
import { MediaError } from '@ipsv/media/errors';
import type { ProbeResult } from '@ipsv/media/probe';
import { defineJob } from '../platform/jobs/queue.js';
import { canApply, rejected, validated, validationStarted } from '../modules/videos/video-lifecycle.js';
import { mediaKeys } from '../modules/videos/media-keys.js';
import type { Logger } from 'pino';
import { localOriginal, removeDir, runStage, scratchDir, stageLost, type Stage, type VideoJobDeps } from './video-job.js';

const NOT_A_VIDEO = new Set(['not_media', 'no_video', 'empty_file']);

/** H.264 in MP4/MOV plays in every browser: the review editor can show the original itself. */
export const browserPlayable = (info: Pick<ProbeResult, 'container' | 'video'>) =>
  (info.container === 'mp4' || info.container === 'mov') && info.video.codec === 'h264' && info.video.pixelFormat === 'yuv420p';

export function ingestVideoJob(deps: VideoJobDeps) {
  const { videos, storage, lifecycle, media } = deps;
  const stage = (id: string): Stage => ({ id, statuses: ['validating'], name: 'Checking the file' });
  const lost = ({ videoId }: { videoId: string }, log: Logger) => stageLost(deps, stage(videoId), log);
  return defineJob('video-ingest', { retryLimit: 3, retryDelay: 20, expireInSeconds: 60 * 60, lost }, async ({ videoId }, context) => {
    const found = await videos.find(videoId);
    if (!found || !['uploaded', 'validating'].includes(found.status)) return;
    const video = await lifecycle.apply(videoId, validationStarted(found));
    if (!video) return;
    await runStage(deps, context, stage(videoId), async () => {
      const keys = mediaKeys(videoId);
      const work = await scratchDir(videoId, 'ingest');
      const local = await localOriginal(storage, video.originalKey, work);
      try {
        let info: ProbeResult;
        try {
          info = await media.probe(local.path, { signal: context.signal });
        } catch (error) {
          if (error instanceof MediaError && NOT_A_VIDEO.has(error.code)) {
            await lifecycle.apply(videoId, rejected(video, [{ code: 'format', message: uploadViolationMessages.format(), params: { reason: error.code } }]));
            return;
          }
          throw error;
        }
        // A pass over the packets (no decoding) catches a file cut short whose index is at the front.
        const scan = await media.scanPackets(local.path, { signal: context.signal, expectedFrames: info.video.frameCount });
        const violations = media.validate(info, video.sizeBytes ?? info.sizeBytes, scan);
        const probed = {
          container: info.container,
          codec: info.video.codec,
          width: info.video.width,
          height: info.video.height,
          durationSeconds: info.durationSeconds,
          fps: info.video.fps,
          hasAudio: info.audio.length > 0,
          browserPlayable: browserPlayable(info),
        };
        if (violations.length > 0) {
          await lifecycle.apply(videoId, rejected(video, violations, probed, String(info.video.height)));
          return;
        }
        const frames = await media.thumbnails(local.path, `${work}/thumbnails`, { info, count: 5, height: 360, signal: context.signal });
        for (const [index, frame] of frames.entries()) await storage.putFile(keys.candidate(index), frame.file, 'image/jpeg');
        // The map names the sprite as it is stored (filmstrip.jpg beside filmstrip.vtt).
        const strip = await media.storyboard(local.path, `${work}/filmstrip`, {
          info,
          name: 'filmstrip',
          keyframeTimes: scan.keyframeTimes,
          signal: context.signal,
        });
        await storage.putFile(keys.filmstripSprite, strip.sprite, 'image/jpeg');
        await storage.putFile(keys.filmstripVtt, strip.vtt, 'text/vtt');
        // Details saved during the upload or the check: the lifecycle starts the analysis now. A
        // save landing between the read and the write refuses "wait for the details": read again.
        const found = {
          probe: probed,
          quality: String(info.video.height),
          thumbnailTimes: frames.map((f) => f.time),
          filmstrip: { interval: strip.interval, tileWidth: strip.tileWidth, tileHeight: strip.tileHeight, columns: 10 },
        };
        for (let attempt = 0; attempt < 3; attempt += 1) {
          const current = await videos.find(videoId);
          if (!current || !canApply('validated', current)) return;
          if (await lifecycle.apply(videoId, validated(current, found))) return;
        }
      } finally {
        await local.release();
        await removeDir(work);
      }
    });
  });
}
