// Privacy analysis: finds the seconds that reveal the patient and proposes them for removal. The
// provider reviews the proposal; only when they allowed it and nothing was found does the video
// go on to rendering by itself (confirmed by 'auto').
import { z } from 'zod';
import type { RangeReason } from '@ipsv/contracts/privacy-review';
import { PUBLICATION_RENDER, PUBLICATION_RUNG, renderLadder } from '@ipsv/media/ladder';
import type { JobDefinition } from '../platform/queue.js';
import type { PrivacyAnalyser } from '../platform/privacy-analyser.js';
import type { VideoAnalysis } from '../db/schema.js';
import { mediaKeys } from '../modules/videos/media-keys.js';
import { JOBS } from './job-names.js';
import { type VideoJobDeps, localOriginal, progressWriter, removeDir, runStage, scratchDir } from './video-job.js';

const payload = z.object({ videoId: z.string() });

const round = (n: number, digits = 3) => Math.round(n * 10 ** digits) / 10 ** digits;

export function analyseVideoJob(deps: VideoJobDeps & { analyser: PrivacyAnalyser }): JobDefinition<typeof payload> {
  const { videos, storage, queue, analyser } = deps;
  return {
    name: JOBS.analyse,
    payload,
    retryLimit: 2,
    retryDelay: 30,
    expireInSeconds: 6 * 60 * 60,
    async handler({ videoId }, context) {
      const video = await videos.find(videoId);
      if (!video || video.status !== 'analysing' || !video.probe) return;
      await runStage(deps, context, { id: videoId, statuses: ['analysing'], stage: 'The privacy analysis' }, async () => {
        const work = await scratchDir(videoId, 'analyse');
        const local = await localOriginal(storage, video.originalKey, work);
        const started = Date.now();
        try {
          const needsProxy = !video.probe!.browserPlayable && !video.reviewProxyKey;
          const progress = progressWriter(videos, videoId, ['analysing'], [0, needsProxy ? 80 : 100]);
          const result = await analyser.analyse(local.path, { signal: context.signal, onProgress: progress });
          let reviewProxyKey = video.reviewProxyKey;
          if (needsProxy) {
            // MPG, AVI or HEVC originals do not play in browsers: the review shows a 360p copy.
            const [proxy] = await renderLadder(local.path, `${work}/proxy`, [PUBLICATION_RUNG], {
              ...PUBLICATION_RENDER,
              signal: context.signal,
              onProgress: progressWriter(videos, videoId, ['analysing'], [80, 100]),
            });
            reviewProxyKey = mediaKeys(videoId).reviewProxy;
            await storage.putFile(reviewProxyKey, proxy!.mp4, 'video/mp4');
          }
          const analysis: VideoAnalysis = {
            threshold: result.threshold,
            proposed: result.ranges.map((r) => ({ start: round(r.start), end: round(r.end), reasons: r.reasons, confidence: round(r.confidence) })),
            track: result.track.map((p) => {
              const [reason] = Object.entries(p.scores).sort((a, b) => (b[1] ?? 0) - (a[1] ?? 0))[0] ?? ['out_of_body'];
              return { time: round(p.time), score: round(p.score), reason: reason as RangeReason };
            }),
            detectors: result.detectors.map((d) => ({ name: d.name, version: d.version })),
            framesDecoded: result.framesDecoded,
            seconds: (Date.now() - started) / 1000,
          };
          const reviewed = await videos.update(videoId, { status: 'review', percent: null, analysis, reviewProxyKey }, ['analysing']);
          if (reviewed?.autoConfirm && analysis.proposed.length === 0) {
            const version = Math.max(reviewed.publishedVersion, reviewed.renderingVersion ?? 0) + 1;
            const confirmed = await videos.update(
              videoId,
              { status: 'rendering', percent: 0, confirmedRanges: [], confirmedBy: 'auto', confirmedAt: new Date(), renderingVersion: version },
              ['review'],
            );
            if (confirmed) {
              await videos.recordConfirmation(videoId, version, [], 'auto');
              await queue.send(JOBS.render, { videoId, version });
            }
          }
          context.log.info({ video: videoId, ranges: analysis.proposed.length, seconds: analysis.seconds }, 'privacy analysis done');
        } finally {
          await local.release();
          await removeDir(work);
        }
      });
    },
  };
}
