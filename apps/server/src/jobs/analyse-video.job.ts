// Privacy analysis: finds the seconds that reveal the patient and proposes them for removal. The
// provider reviews the proposal; the lifecycle decides whether the video instead goes on to
// rendering by itself (the provider allowed it and nothing was found).
import type { PrivacyMask, RangeReason } from '@ipsv/contracts/privacy-review';
import type { AnalysisResult } from '@ipsv/deid/analyse';
import { PUBLICATION_RENDER, PUBLICATION_RUNG } from '@ipsv/media/ladder';
import type { VideoAnalysis } from '../db/schema.js';
import { defineJob, type Queue } from '../platform/jobs/queue.js';
import type { PrivacyAnalyser } from '../platform/media/privacy-analyser.js';
import { analysed } from '../modules/videos/video-lifecycle.js';
import { mediaKeys } from '../modules/videos/media-keys.js';
import { localOriginal, progressWriter, removeDir, runStage, scratchDir, type VideoJobDeps } from './video-job.js';

const round = (n: number, digits = 3) => Math.round(n * 10 ** digits) / 10 ** digits;

/** A mask of the analysis as the review shows it (positions to 1/10000 of the frame, times to the ms). */
const asMask = (m: AnalysisResult['masks'][number]): PrivacyMask => ({
  x: round(m.x, 4),
  y: round(m.y, 4),
  width: round(m.width, 4),
  height: round(m.height, 4),
  start: round(m.start),
  end: round(m.end),
  reason: m.reason,
  confidence: round(m.confidence),
});

export function analyseVideoJob(deps: VideoJobDeps & { analyser: PrivacyAnalyser; queue: Queue }) {
  const { videos, storage, lifecycle, media, analyser, queue } = deps;
  return defineJob('video-analyse', { retryLimit: 2, retryDelay: 30, expireInSeconds: 6 * 60 * 60 }, async ({ videoId }, context) => {
    const video = await videos.find(videoId);
    if (!video || video.status !== 'analysing' || !video.probe) return;
    const probe = video.probe;
    await runStage(deps, context, { id: videoId, statuses: ['analysing'], name: 'The privacy analysis' }, async () => {
      const needsProxy = !probe.browserPlayable && !video.reviewProxyKey;
      // The speculative standard definition renders beside the analysis (the other core), so that
      // publication after the review only cuts. A source browsers cannot play gets the same file
      // made here, as the review's copy.
      // A retried analysis does not ask twice.
      const speculativeWanted =
        !needsProxy && !video.rendition && !(await storage.stat(mediaKeys(videoId).reviewProxy)) && !(await queue.pending('video-speculative-sd', videoId));
      if (speculativeWanted) await queue.send('video-speculative-sd', { videoId });
      const work = await scratchDir(videoId, 'analyse');
      const local = await localOriginal(storage, video.originalKey, work);
      const started = Date.now();
      try {
        // MPG, AVI or HEVC originals do not play in browsers: the review shows a 360p copy, made
        // beside the analysis (the review needs both). Progress: the analysis 80 %, the copy 20 %.
        const progress = progressWriter(videos, videoId, ['analysing']);
        const shares = { analysis: 0, proxy: needsProxy ? 0 : 100 };
        const report = (part: keyof typeof shares) => (percent: number) => {
          shares[part] = percent;
          progress(needsProxy ? 0.8 * shares.analysis + 0.2 * shares.proxy : shares.analysis);
        };
        // One failing stops the other (the job is retried as a whole).
        const failure = new AbortController();
        const signal = AbortSignal.any([context.signal, failure.signal]);
        const stopOnFailure = <T>(work: Promise<T>) => work.catch((error: unknown) => (failure.abort(), Promise.reject(error)));
        const [result, proxy] = await Promise.all([
          stopOnFailure(analyser.analyse(local.path, { signal, onProgress: report('analysis') })),
          needsProxy
            ? stopOnFailure(
                media.renderLadder(local.path, `${work}/proxy`, [PUBLICATION_RUNG], { ...PUBLICATION_RENDER, hls: false, signal, onProgress: report('proxy') }),
              )
            : null,
        ]);
        let reviewProxyKey = video.reviewProxyKey;
        if (proxy) {
          reviewProxyKey = mediaKeys(videoId).reviewProxy;
          await storage.putFile(reviewProxyKey, proxy[0]!.mp4, 'video/mp4');
        }
        const analysis: VideoAnalysis = {
          threshold: result.threshold,
          proposed: result.ranges.map((r) => ({ start: round(r.start), end: round(r.end), reasons: r.reasons, confidence: round(r.confidence) })),
          proposedMasks: result.masks.map(asMask),
          faceMasks: result.faceMasks.map(asMask),
          track: result.track.map((p) => {
            const [reason] = Object.entries(p.scores).sort((a, b) => (b[1] ?? 0) - (a[1] ?? 0))[0] ?? ['out_of_body'];
            return { time: round(p.time), score: round(p.score), reason: reason as RangeReason };
          }),
          detectors: result.detectors.map((d) => ({ name: d.name, version: d.version })),
          framesDecoded: result.framesDecoded,
          seconds: (Date.now() - started) / 1000,
        };
        const transition = analysed(video, analysis, reviewProxyKey, new Date());
        const row = await lifecycle.apply(videoId, transition);
        // An automatic confirmation is recorded like the provider's own.
        if (row && transition.patch.confirmedBy === 'auto' && row.renderingVersion !== null)
          await videos.recordConfirmation(videoId, row.renderingVersion, [], 'auto');
        // The speculative SD was ready first (or is this analysis's review copy): its job draws the
        // proposed masks into a copy of it while the provider reviews (speculative-sd.job.ts).
        const keys = mediaKeys(videoId);
        if (
          row?.status === 'review' &&
          analysis.proposedMasks!.length &&
          (await storage.stat(keys.reviewProxy)) &&
          !(await storage.stat(keys.reviewMaskedList))
        )
          await queue.send('video-speculative-sd', { videoId });
        context.log.info({ video: videoId, ranges: analysis.proposed.length, seconds: analysis.seconds }, 'privacy analysis done');
      } finally {
        await local.release();
        await removeDir(work);
      }
    });
  });
}
