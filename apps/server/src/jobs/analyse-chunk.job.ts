// One chunk of a video's privacy analysis (planned by analyse-video.job.ts): any worker takes it,
// a failed one is retried alone, and the last chunk to finish merges them all (finishAnalysis).
import type { ChunkAnalysis } from '@ipsv/deid/analyse';
import { defineJob } from '../platform/jobs/queue.js';
import type { PrivacyAnalyser } from '../platform/media/privacy-analyser.js';
import type { AnalysisChunksRepository } from '../modules/videos/analysis-chunks.repository.js';
import type { Logger } from 'pino';
import { analysisStage, finishAnalysis, type AnalysisJobDeps } from './analyse-video.job.js';
import { localOriginal, removeDir, runStage, scratchDir, stageLost } from './video-job.js';

/** Writes progress at most once a second: the chunk's own, and the video's from every chunk. */
const chunkProgress = (deps: ChunkJobDeps, videoId: string, chunkId: string) => {
  let last = -1;
  let lastAt = 0;
  let pending: Promise<unknown> = Promise.resolve();
  return (percent: number) => {
    const value = Math.round(Math.min(100, Math.max(0, percent)));
    if (value === last || Date.now() - lastAt < 1000) return;
    last = value;
    lastAt = Date.now();
    pending = pending
      .then(() => deps.chunks.progress(chunkId, value))
      .then((overall) => (overall === null ? null : deps.videos.update(videoId, { percent: overall }, ['analysing'])))
      .catch(() => undefined);
  };
};

type ChunkJobDeps = AnalysisJobDeps & { chunks: AnalysisChunksRepository };

export function analyseChunkJob(deps: ChunkJobDeps & { analyser: PrivacyAnalyser }) {
  const { videos, storage, chunks, analyser } = deps;
  const lost = ({ videoId }: { videoId: string }, log: Logger) => stageLost(deps, analysisStage(videoId), log);
  return defineJob('video-analyse-chunk', { retryLimit: 2, retryDelay: 30, expireInSeconds: 3 * 60 * 60, lost }, async ({ videoId, chunkId }, context) => {
    const video = await videos.find(videoId);
    const row = await chunks.find(chunkId);
    // Deleted, moved on, or a chunk of a plan that was replaced: nothing to do.
    if (!video || video.status !== 'analysing' || !row || row.videoId !== videoId) return;
    await runStage(deps, context, analysisStage(videoId), async () => {
      if (!row.doneAt) {
        const plan = await chunks.forVideo(videoId);
        const durationSeconds = Math.max(...plan.map((c) => c.endSeconds));
        const work = await scratchDir(videoId, `analyse-${row.index}`);
        const local = await localOriginal(storage, video.originalKey, work);
        let result: ChunkAnalysis;
        try {
          if (!analyser.analyseChunk) throw new Error('This worker cannot analyse chunks');
          result = await analyser.analyseChunk(local.path, { index: row.index, start: row.startSeconds, end: row.endSeconds }, durationSeconds, {
            signal: context.signal,
            onProgress: chunkProgress(deps, videoId, chunkId),
          });
        } finally {
          await local.release();
          await removeDir(work);
        }
        if (!(await chunks.complete(chunkId, videoId, result))) return;
      }
      await finishAnalysis(deps, videoId, context);
    });
  });
}
