// The worker's job list: one definition per file (STYLE.md habit 7), built with the adapters each
// needs. Each definition knows its payload type from the job map (platform/jobs/job-types.ts).
import type { JobDefinition, Queue } from '../platform/jobs/queue.js';
import type { MediaTools } from '../platform/media/media-tools.js';
import type { PrivacyAnalyser } from '../platform/media/privacy-analyser.js';
import type { Storage } from '../platform/storage/storage.js';
import type { UploadStore } from '../platform/storage/upload-store.js';
import { createLifecycle, type LifecycleDeps, type VideoTransactions } from '../modules/videos/video-lifecycle.js';
import type { VideosRepository } from '../modules/videos/videos.repository.js';
import type { AnalysisChunksRepository } from '../modules/videos/analysis-chunks.repository.js';
import { analyseChunkJob } from './analyse-chunk.job.js';
import { analyseVideoJob } from './analyse-video.job.js';
import { cleanupMediaJob } from './cleanup-media.job.js';
import { ingestVideoJob } from './ingest-video.job.js';
import { posterVideoJob } from './poster-video.job.js';
import { renderVideoJob } from './render-video.job.js';
import { speculativeSdJob } from './speculative-sd.job.js';
import { videoSweepJob } from './video-sweep.job.js';

export function videoJobs(deps: {
  videos: VideosRepository;
  storage: Storage;
  queue: Queue;
  uploads: UploadStore;
  analyser: PrivacyAnalyser;
  /** Where long videos' analyses keep their chunks; without it (tests with fakes) a video is analysed in one job. */
  chunks?: AnalysisChunksRepository;
  /** PRIVACY_CHUNK_SECONDS. */
  chunkSeconds?: number;
  media: MediaTools;
  uploadExpiryHours: number;
  originalRetentionDays: number;
  /** The instance allows publication without a person's review (AUTO_PUBLISH). */
  autoPublish?: boolean;
  /** One transaction per lifecycle step (videoTransactions); without it (tests with fakes) none. */
  transactions?: VideoTransactions;
  /** Told after each status change the jobs make (the owner's notifications). */
  onApplied?: LifecycleDeps['onApplied'];
  log?: LifecycleDeps['log'];
}): JobDefinition[] {
  const lifecycle = createLifecycle({
    videos: deps.videos,
    queue: deps.queue,
    transactions: deps.transactions,
    autoPublish: deps.autoPublish,
    onApplied: deps.onApplied,
    log: deps.log,
  });
  // Chunks need somewhere to keep their findings and an analyser that takes one chunk at a time.
  const chunks = deps.analyser.analyseChunk ? deps.chunks : undefined;
  const shared = { videos: deps.videos, storage: deps.storage, media: deps.media, lifecycle };
  return [
    ingestVideoJob(shared),
    analyseVideoJob({ ...shared, analyser: deps.analyser, queue: deps.queue, chunks, chunkSeconds: deps.chunkSeconds }),
    ...(chunks ? [analyseChunkJob({ ...shared, analyser: deps.analyser, queue: deps.queue, chunks })] : []),
    speculativeSdJob(shared),
    renderVideoJob(shared),
    posterVideoJob(shared),
    videoSweepJob({ ...shared, queue: deps.queue, chunks }),
    cleanupMediaJob({ ...shared, uploads: deps.uploads, uploadExpiryHours: deps.uploadExpiryHours, originalRetentionDays: deps.originalRetentionDays }),
  ];
}
