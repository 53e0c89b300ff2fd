// The worker's job list: one definition per file (STYLE.md habit 7), built with the adapters each needs.
import type { JobDefinition, Queue } from '../platform/queue.js';
import type { PrivacyAnalyser } from '../platform/privacy-analyser.js';
import type { Storage } from '../platform/storage.js';
import type { UploadStore } from '../platform/upload-store.js';
import type { VideosRepository } from '../modules/videos/videos.repository.js';
import { analyseVideoJob } from './analyse-video.job.js';
import { cleanupMediaJob } from './cleanup-media.job.js';
import { ingestVideoJob } from './ingest-video.job.js';
import { renderVideoJob } from './render-video.job.js';

export function videoJobs(deps: {
  videos: VideosRepository;
  storage: Storage;
  queue: Queue;
  uploads: UploadStore;
  analyser: PrivacyAnalyser;
  uploadExpiryHours: number;
  originalRetentionDays: number;
}): JobDefinition[] {
  return [ingestVideoJob(deps), analyseVideoJob(deps), renderVideoJob(deps), cleanupMediaJob(deps)] as JobDefinition[];
}
