// Ingest: probe and validate what the upload really contains (spec section 5), then make the
// owner's working images (thumbnail candidates, filmstrip). A file that breaks the rules is
// rejected with every reason; one that passes waits for its details, or goes straight on to the
// privacy analysis when the provider already saved them.
import { z } from 'zod';
import { uploadViolationMessages } from '@ipsv/contracts/upload';
import { MediaError } from '@ipsv/media/errors';
import { storyboard, thumbnails } from '@ipsv/media/images';
import { probe, scanPackets, type ProbeResult } from '@ipsv/media/probe';
import { validate } from '@ipsv/media/validate';
import type { JobDefinition } from '../platform/queue.js';
import { mediaKeys } from '../modules/videos/media-keys.js';
import { JOBS } from './job-names.js';
import { type VideoJobDeps, localOriginal, removeDir, runStage, scratchDir } from './video-job.js';

const payload = z.object({ videoId: z.string() });
const NOT_A_VIDEO = new Set(['not_media', 'no_video', 'empty_file']);

/** H.264 in MP4/MOV plays in every browser: the review editor can show the original itself. */
export const browserPlayable = (info: ProbeResult) =>
  (info.container === 'mp4' || info.container === 'mov') && info.video.codec === 'h264' && info.video.pixelFormat === 'yuv420p';

export function ingestVideoJob(deps: VideoJobDeps): JobDefinition<typeof payload> {
  const { videos, storage, queue } = deps;
  return {
    name: JOBS.ingest,
    payload,
    retryLimit: 3,
    retryDelay: 20,
    expireInSeconds: 60 * 60,
    async handler({ videoId }, context) {
      const video = await videos.find(videoId);
      if (!video || !['uploaded', 'validating'].includes(video.status)) return;
      await videos.update(videoId, { status: 'validating', percent: null }, ['uploaded', 'validating']);
      await runStage(deps, context, { id: videoId, statuses: ['validating'], stage: 'Checking the file' }, async () => {
        const keys = mediaKeys(videoId);
        const work = await scratchDir(videoId, 'ingest');
        const local = await localOriginal(storage, video.originalKey, work);
        try {
          let info: ProbeResult;
          try {
            info = await probe(local.path, { signal: context.signal });
          } catch (error) {
            if (error instanceof MediaError && NOT_A_VIDEO.has(error.code)) {
              await videos.update(
                videoId,
                { status: 'rejected', violations: [{ code: 'format', message: uploadViolationMessages.format(), params: { reason: error.code } }] },
                ['validating'],
              );
              return;
            }
            throw error;
          }
          // A pass over the packets (no decoding) catches a file cut short whose index is at the front.
          const scan = await scanPackets(local.path, { signal: context.signal, expectedFrames: info.video.frameCount });
          const violations = validate(info, video.sizeBytes ?? info.sizeBytes, scan);
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
            await videos.update(videoId, { status: 'rejected', violations, probe: probed, quality: String(info.video.height) }, ['validating']);
            return;
          }
          const frames = await thumbnails(local.path, `${work}/thumbnails`, { info, count: 5, height: 360, signal: context.signal });
          for (const [index, frame] of frames.entries()) await storage.putFile(keys.candidate(index), frame.file, 'image/jpeg');
          // The map names the sprite as it is stored (filmstrip.jpg beside filmstrip.vtt).
          const strip = await storyboard(local.path, `${work}/filmstrip`, { info, name: 'filmstrip', keyframeTimes: scan.keyframeTimes, signal: context.signal });
          await storage.putFile(keys.filmstripSprite, strip.sprite, 'image/jpeg');
          await storage.putFile(keys.filmstripVtt, strip.vtt, 'text/vtt');
          const checked = await videos.update(
            videoId,
            {
              status: 'awaiting_details',
              probe: probed,
              quality: String(info.video.height),
              violations: [],
              thumbnailTimes: frames.map((f) => f.time),
              filmstrip: { interval: strip.interval, tileWidth: strip.tileWidth, tileHeight: strip.tileHeight, columns: 10 },
            },
            ['validating'],
          );
          // Details saved during the upload or the check: the analysis starts now.
          if (checked?.detailsSavedAt && (await videos.update(videoId, { status: 'analysing', percent: 0 }, ['awaiting_details']))) {
            await queue.send(JOBS.analyse, { videoId });
          }
        } finally {
          await local.release();
          await removeDir(work);
        }
      });
    },
  };
}
