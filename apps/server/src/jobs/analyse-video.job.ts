// Privacy analysis: finds the seconds that reveal the patient and proposes them for removal. A
// short video is analysed here; a long one (over 1.5 × PRIVACY_CHUNK_SECONDS) is planned into
// chunks, one video-analyse-chunk job each, which any worker on any machine can take, and the last
// to finish merges their findings (finishAnalysis) into the same proposal one pass would make. A
// source browsers cannot play also gets its 360p review copy made here. The lifecycle decides
// whether the video then waits for its review.
import type { PrivacyMask, RangeReason } from '@ipsv/contracts/privacy-review';
import { DEFAULT_CHUNK_SECONDS, mergeChunks, planFile, type AnalysisResult, type ChunkAnalysis } from '@ipsv/deid/analyse';
import { PUBLICATION_RENDER, PUBLICATION_RUNG } from '@ipsv/media/ladder';
import type { VideoAnalysis } from '../db/schema.js';
import { defineJob, type JobContext, type Queue } from '../platform/jobs/queue.js';
import type { PrivacyAnalyser } from '../platform/media/privacy-analyser.js';
import type { VideoRow } from '../modules/videos/videos.repository.js';
import { analysed } from '../modules/videos/video-lifecycle.js';
import { mediaKeys } from '../modules/videos/media-keys.js';
import type { AnalysisChunksRepository } from '../modules/videos/analysis-chunks.repository.js';
import type { Logger } from 'pino';
import { localOriginal, progressWriter, removeDir, runStage, scratchDir, stageLost, type Stage, type VideoJobDeps } from './video-job.js';

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

/** The merged result as the review stores it. */
export const toVideoAnalysis = (result: AnalysisResult, seconds: number): VideoAnalysis => ({
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
  framesExamined: result.framesExamined,
  sampleFps: result.sampleFps,
  chunks: result.chunks,
  seconds,
});

/** The analysis of a video, in one job or in chunks: what the provider is told when it fails. */
export const analysisStage = (id: string): Stage => ({ id, statuses: ['analysing'], name: 'The privacy analysis' });

export type AnalysisJobDeps = VideoJobDeps & { queue: Queue; chunks?: AnalysisChunksRepository };

/** The analysis's result goes to the lifecycle: the review, or rendering when it may publish by itself. */
async function applyAnalysis(
  deps: AnalysisJobDeps,
  video: VideoRow,
  result: AnalysisResult,
  reviewProxyKey: string | null,
  seconds: number,
  context: Pick<JobContext, 'log'>,
): Promise<VideoRow | null> {
  const { videos, lifecycle, storage, queue } = deps;
  const analysis = toVideoAnalysis(result, seconds);
  const transition = analysed(video, analysis, reviewProxyKey, new Date());
  // An automatic confirmation is recorded like the provider's own, with it.
  const row = await lifecycle.apply(video.id, transition, async (tx, applied) => {
    if (applied.confirmedBy === 'auto' && applied.renderingVersion !== null) await tx.recordConfirmation(video.id, applied.renderingVersion, [], 'auto');
  });
  if (!row) return null;
  // The speculative SD was ready first (or is this analysis's review copy): its job draws the
  // proposed masks into a copy of it while the provider reviews (speculative-sd.job.ts). That job
  // marks the SD ready before it reads the video, so one of the two always sees the other.
  if (row.status === 'review' && analysis.proposedMasks!.length) {
    const { state } = await videos.speculativeSd(video.id);
    if ((state === 'ready' || state === 'drawing') && !(await storage.stat(mediaKeys(video.id).reviewMaskedList)))
      await queue.send('video-speculative-sd', { videoId: video.id });
  }
  context.log.info(
    { video: video.id, ranges: analysis.proposed.length, chunks: result.chunks, framesExamined: result.framesExamined, seconds: analysis.seconds },
    'privacy analysis done',
  );
  return row;
}

/**
 * Merges the chunks into the proposal once every chunk is done (and the review copy, where one is
 * needed, exists); otherwise does nothing. Safe to call from every finishing job, twice or at once:
 * the lifecycle's compare-and-set on 'analysing' lets one through.
 */
export async function finishAnalysis(
  deps: AnalysisJobDeps & { chunks: AnalysisChunksRepository },
  videoId: string,
  context: Pick<JobContext, 'log'>,
): Promise<void> {
  const { videos, chunks } = deps;
  const video = await videos.find(videoId);
  if (!video || video.status !== 'analysing' || !video.probe) return;
  if (!video.probe.browserPlayable && !video.reviewProxyKey) return;
  const rows = await chunks.forVideo(videoId);
  if (rows.length === 0 || rows.some((r) => !r.doneAt || !r.result)) return;
  const result = mergeChunks(rows.map((r) => r.result as ChunkAnalysis));
  const startedAt = Math.min(...rows.map((r) => r.createdAt.getTime()));
  if (await applyAnalysis(deps, video, result, video.reviewProxyKey, (Date.now() - startedAt) / 1000, context)) await chunks.clear(videoId);
}

export function analyseVideoJob(deps: AnalysisJobDeps & { analyser: PrivacyAnalyser; chunkSeconds?: number }) {
  const { videos, storage, media, queue, chunks, analyser } = deps;
  const chunkSeconds = deps.chunkSeconds ?? DEFAULT_CHUNK_SECONDS;
  const lost = ({ videoId }: { videoId: string }, log: Logger) => stageLost(deps, analysisStage(videoId), log);
  return defineJob('video-analyse', { retryLimit: 2, retryDelay: 30, expireInSeconds: 6 * 60 * 60, lost }, async ({ videoId }, context) => {
    const video = await videos.find(videoId);
    if (!video || video.status !== 'analysing' || !video.probe) return;
    const probe = video.probe;
    await runStage(deps, context, analysisStage(videoId), async () => {
      const needsProxy = !probe.browserPlayable && !video.reviewProxyKey;
      // The speculative standard definition renders beside the analysis, so that publication after
      // the review only cuts. A source browsers cannot play gets the same file made here, as the
      // review's copy. A retried analysis does not ask twice.
      // The claim on the video row is the dedupe: none asked for yet, or the last one gave up.
      const speculativeWanted = !needsProxy && !video.rendition && (await videos.setSpeculativeSd(videoId, 'queued', [null, 'failed']));
      if (speculativeWanted) await queue.send('video-speculative-sd', { videoId });
      const work = await scratchDir(videoId, 'analyse');
      const local = await localOriginal(storage, video.originalKey, work);
      const started = Date.now();
      try {
        // MPG, AVI or HEVC originals do not play in browsers: the review shows a 360p copy.
        const makeProxy = async (signal: AbortSignal, onProgress?: (percent: number) => void) => {
          const proxy = await media.renderLadder(local.path, `${work}/proxy`, [PUBLICATION_RUNG], { ...PUBLICATION_RENDER, hls: false, signal, onProgress });
          const reviewProxyKey = mediaKeys(videoId).reviewProxy;
          await storage.putFile(reviewProxyKey, proxy[0]!.mp4, 'video/mp4');
          // The review's copy is the speculative SD too: publication cuts it.
          await videos.setSpeculativeSd(videoId, 'ready');
          return reviewProxyKey;
        };

        // A long video: chunks that any worker takes (a retried plan replaces the earlier one, whose
        // chunk jobs then find no row and stop). The last chunk done, or this job once the review
        // copy exists, makes the proposal.
        if (chunks && probe.durationSeconds > 1.5 * chunkSeconds) {
          const plan = await planFile(local.path, { chunkSeconds, signal: context.signal });
          const rows = await chunks.replacePlan(videoId, plan.chunks);
          // Each chunk's job has the chunk's id, so the pipeline sweep can ask whether it still lives.
          for (const row of rows) await queue.send('video-analyse-chunk', { videoId, chunkId: row.id }, { id: row.id });
          context.log.info({ video: videoId, chunks: rows.length, seconds: plan.durationSeconds }, 'privacy analysis planned');
          if (!needsProxy) return;
          const reviewProxyKey = await makeProxy(context.signal);
          await videos.update(videoId, { reviewProxyKey }, ['analysing']);
          await finishAnalysis({ ...deps, chunks }, videoId, context);
          return;
        }

        // A short video: one chunk, here. Progress: the analysis 80 %, the review copy 20 %.
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
        const [result, proxyKey] = await Promise.all([
          stopOnFailure(analyser.analyse(local.path, { signal, onProgress: report('analysis') })),
          needsProxy ? stopOnFailure(makeProxy(signal, report('proxy'))) : null,
        ]);
        await applyAnalysis(deps, video, result, proxyKey ?? video.reviewProxyKey, (Date.now() - started) / 1000, context);
      } finally {
        await local.release();
        await removeDir(work);
      }
    });
  });
}
