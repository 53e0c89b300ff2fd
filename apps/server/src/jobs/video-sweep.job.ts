// The pipeline sweep (every 5 minutes, scheduled once across workers): a video waiting on a job of
// its pipeline (a working status, or published with HD rungs to come) whose job is gone is sent on
// again. Each lifecycle step writes its job with it in one transaction and records the job's id on
// the video, so this is for what a transaction cannot cover: a job pg-boss expired or failed without
// a handler reaching its end, a chunk job lost between the plan and its send, a row from before job
// ids were recorded. Whether a job lives is asked of pg-boss's API (Queue.alive), never its tables.
import { resumed } from '../modules/videos/video-lifecycle.js';
import type { VideoRow } from '../modules/videos/videos.repository.js';
import type { JobName } from '../platform/jobs/job-types.js';
import { defineJob, type JobContext } from '../platform/jobs/queue.js';
import { finishAnalysis, type AnalysisJobDeps } from './analyse-video.job.js';

/** A video whose row changed more recently than this is left alone (its step has only just been written). */
export const SWEEP_QUIET_SECONDS = 120;
/** A row without a recorded job (from before they were recorded) is sent on only after the longest job's expiry. */
export const UNKNOWN_JOB_QUIET_SECONDS = 12 * 60 * 60;

export function videoSweepJob(deps: AnalysisJobDeps & { quietSeconds?: number }) {
  const { videos, lifecycle, queue } = deps;
  const quietSeconds = deps.quietSeconds ?? SWEEP_QUIET_SECONDS;

  /** Whether something still moves the video on (its job, or one of its analysis chunks' jobs). */
  const moving = async (video: VideoRow, context: JobContext): Promise<boolean> => {
    if (video.jobId && video.jobName) {
      if (await queue.alive(video.jobName as JobName, video.jobId)) return true;
    } else if (Date.now() - video.updatedAt.getTime() < UNKNOWN_JOB_QUIET_SECONDS * 1000) {
      return true;
    }
    const { chunks } = deps;
    if (video.status !== 'analysing' || !chunks) return false;
    const plan = await chunks.forVideo(video.id);
    if (plan.length === 0) return false;
    const open = plan.filter((chunk) => !chunk.doneAt);
    // Every chunk done but the proposal never made (its last chunk's worker died merging): made now.
    if (open.length === 0) {
      await finishAnalysis({ ...deps, chunks }, video.id, context);
      return true;
    }
    for (const chunk of open) if (await queue.alive('video-analyse-chunk', chunk.id)) return true;
    return false;
  };

  return defineJob('video-sweep', { retryLimit: 1, retryDelay: 60, expireInSeconds: 10 * 60 }, async (_payload, context) => {
    for (const video of await videos.waitingOnJobs(quietSeconds)) {
      if (await moving(video, context)) continue;
      const transition = resumed(video);
      if (!transition?.job) continue;
      context.log.warn(
        { video: video.id, status: video.status, job: transition.job.name, lost: video.jobId },
        'a video waited on a job that is gone; sent again',
      );
      await lifecycle.apply(video.id, transition);
    }
  });
}
