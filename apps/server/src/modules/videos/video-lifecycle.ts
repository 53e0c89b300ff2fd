// The lifecycle of DESIGN.md section 5 as one table: each operation (an upload finished, the file
// passed its check, the details were saved, ...) says from which statuses it may happen, what it
// writes to the video row and which job it starts. The operations are pure; `createLifecycle`
// applies one with a compare-and-set on the status and sends its job, in one transaction. The services and every job
// move videos only through here, so the rules live in one place.
import { randomUUID } from 'node:crypto';
import { autoPublishDecision, type ReviewWait } from '@ipsv/contracts/auto-publish';
import type { PrivacyMask, PrivacyRange } from '@ipsv/contracts/privacy-review';
import type { UploadViolation } from '@ipsv/contracts/upload';
import type { VideoStatus } from '@ipsv/contracts/videos';
import type { RenditionKeys, VideoAnalysis, VideoProbe } from '../../db/schema.js';
import { AppError } from '../../platform/app-error.js';
import type { JobRequest } from '../../platform/jobs/job-types.js';
import type { Queue } from '../../platform/jobs/queue.js';
import type { VideoPatch, VideoRow, VideosRepository } from './videos.repository.js';

export interface Transition {
  /** The statuses the video must still be in when the patch is written (compare-and-set). */
  from: readonly VideoStatus[];
  /**
   * The patch is written only while the details are still unsaved: a decision taken because they
   * were not saved yet ("wait for them") must not overwrite a save that came in between, or the
   * video would wait for details it already has, for good.
   */
  whileDetailsUnsaved?: true;
  patch: VideoPatch;
  /** Started once the patch is stored. */
  job: JobRequest | null;
  /** Why the video waits for its review although its provider asked for automatic publication (the owner is told). */
  reviewWait?: ReviewWait;
  /**
   * Set on an automatic publication, which happens only where the instance allows it (AUTO_PUBLISH):
   * elsewhere `createLifecycle` applies this instead and the video waits for its review.
   */
  ifAutoPublishOff?: Transition;
}

/** The video as the table reads it. */
type Snapshot = Pick<
  VideoRow,
  | 'id'
  | 'status'
  | 'probe'
  | 'analysis'
  | 'detailsSavedAt'
  | 'autoConfirm'
  | 'publishedVersion'
  | 'renderingVersion'
  | 'confirmedRanges'
  | 'publishedAt'
  | 'thumbnail'
  | 'rendition'
>;

/** The statuses each operation may start from (the table the unit tests walk). */
export const ALLOWED_FROM = {
  uploaded: ['uploading'],
  validationStarted: ['uploaded', 'validating'],
  validated: ['validating'],
  rejected: ['validating'],
  detailsSaved: ['uploading', 'uploaded', 'validating', 'rejected', 'awaiting_details', 'analysing', 'review', 'rendering', 'published', 'failed'],
  analysed: ['analysing'],
  confirmed: ['review', 'rendering', 'published', 'failed'],
  published: ['rendering', 'published'],
  renditionsCompleted: ['published'],
  rolledBack: ['published'],
  failed: ['validating', 'analysing', 'rendering'],
  retried: ['failed'],
} as const satisfies Record<string, readonly VideoStatus[]>;
export type Operation = keyof typeof ALLOWED_FROM;

/** What a refusal of each operation is called when the video is elsewhere in its life. */
const REFUSAL: Record<Operation, 'VIDEO_CHANGED' | 'CANNOT_CONFIRM_NOW' | 'NOT_RETRYABLE'> = {
  uploaded: 'VIDEO_CHANGED',
  validationStarted: 'VIDEO_CHANGED',
  validated: 'VIDEO_CHANGED',
  rejected: 'VIDEO_CHANGED',
  detailsSaved: 'VIDEO_CHANGED',
  analysed: 'VIDEO_CHANGED',
  confirmed: 'CANNOT_CONFIRM_NOW',
  published: 'VIDEO_CHANGED',
  renditionsCompleted: 'VIDEO_CHANGED',
  rolledBack: 'VIDEO_CHANGED',
  failed: 'VIDEO_CHANGED',
  retried: 'NOT_RETRYABLE',
};

/** Whether `operation` may happen to a video in its current status (jobs skip a video that moved on). */
export function canApply(operation: Operation, video: Pick<Snapshot, 'status'>): boolean {
  return (ALLOWED_FROM[operation] as readonly VideoStatus[]).includes(video.status);
}

function allow(operation: Operation, video: Pick<Snapshot, 'status'>): readonly VideoStatus[] {
  const from: readonly VideoStatus[] = ALLOWED_FROM[operation];
  if (!from.includes(video.status)) throw new AppError(REFUSAL[operation]);
  return from;
}

/** The version a new confirmation renders: one above any published or rendering version. */
export function nextVersion(video: Pick<Snapshot, 'publishedVersion' | 'renderingVersion'>): number {
  return Math.max(video.publishedVersion, video.renderingVersion ?? 0) + 1;
}

/** The upload's last byte arrived: check the file. */
export function uploaded(video: Snapshot, sizeBytes: number): Transition {
  return {
    from: allow('uploaded', video),
    patch: { status: 'uploaded', percent: null, sizeBytes },
    job: { name: 'video-ingest', payload: { videoId: video.id } },
  };
}

export function validationStarted(video: Snapshot): Transition {
  return { from: allow('validationStarted', video), patch: { status: 'validating', percent: null }, job: null };
}

/**
 * The file passed its check. With the details already saved (during the upload or the check) the
 * privacy analysis starts now; otherwise the video waits for them.
 */
export function validated(video: Snapshot, found: Pick<VideoPatch, 'probe' | 'quality' | 'thumbnailTimes' | 'filmstrip'>): Transition {
  const from = allow('validated', video);
  const patch: VideoPatch = { ...found, violations: [] };
  if (video.detailsSavedAt) {
    return { from, patch: { ...patch, status: 'analysing', percent: 0 }, job: { name: 'video-analyse', payload: { videoId: video.id } } };
  }
  return { from, whileDetailsUnsaved: true, patch: { ...patch, status: 'awaiting_details', percent: null }, job: null };
}

export function rejected(video: Snapshot, violations: UploadViolation[], probe?: VideoProbe, quality?: string): Transition {
  return {
    from: allow('rejected', video),
    patch: { status: 'rejected', percent: null, violations, ...(probe ? { probe, quality } : {}) },
    job: null,
  };
}

/**
 * The details form was saved. The first save of a checked video starts the privacy analysis (spec
 * section 1: after the description is saved); later saves change the details only, except that a
 * new thumbnail choice for a published video makes its poster again.
 */
export function detailsSaved(video: Snapshot, details: VideoPatch, at: Date): Transition {
  allow('detailsSaved', video);
  const patch: VideoPatch = { ...details, detailsSavedAt: video.detailsSavedAt ?? at };
  // Waiting for the details means this save starts the analysis, even when an earlier save was
  // recorded: a video left waiting by the race that whileDetailsUnsaved now prevents moves on.
  if (video.status === 'awaiting_details') {
    return { from: ['awaiting_details'], patch: { ...patch, status: 'analysing', percent: 0 }, job: { name: 'video-analyse', payload: { videoId: video.id } } };
  }
  const newThumbnail = details.thumbnail !== undefined && JSON.stringify(details.thumbnail) !== JSON.stringify(video.thumbnail);
  const posterAgain = newThumbnail && video.status === 'published' && video.rendition !== null;
  return { from: [video.status], patch, job: posterAgain ? { name: 'video-poster', payload: { videoId: video.id } } : null };
}

/**
 * The privacy analysis finished: the provider reviews its proposal. Only when the provider asked
 * for it, and the analysis is certain of every frame it examined with nothing found
 * (autoPublishDecision), does the video go on to rendering by itself, confirmed by 'auto' (the
 * same confirmation as the provider's, with no ranges), and then only where the instance allows
 * it (`ifAutoPublishOff`). A video that waits says why.
 */
export function analysed(video: Snapshot, analysis: VideoAnalysis, reviewProxyKey: string | null, at: Date): Transition {
  const from = allow('analysed', video);
  const review = (wait: ReviewWait | null): Transition => ({
    from,
    patch: { status: 'review', percent: null, analysis, reviewProxyKey },
    job: null,
    ...(wait ? { reviewWait: wait } : {}),
  });
  const decision = autoPublishDecision(analysis, { byVideo: video.autoConfirm, byInstance: true });
  if (!decision.publish) return review(decision.wait);
  const version = nextVersion(video);
  return {
    from,
    patch: { analysis, reviewProxyKey, ...confirmationPatch('rendering', [], 'auto', at, version) },
    job: { name: 'video-render', payload: { videoId: video.id, version } },
    ifAutoPublishOff: review({ reason: 'auto_publish_off', spans: [] }),
  };
}

function confirmationPatch(status: VideoStatus, ranges: PrivacyRange[], by: string, at: Date, version: number, masks: PrivacyMask[] = []): VideoPatch {
  return {
    status,
    percent: 0,
    failureReason: null,
    confirmedRanges: ranges,
    confirmedMasks: masks,
    confirmedBy: by,
    confirmedAt: at,
    renderingVersion: version,
  };
}

/**
 * The owner confirmed the ranges to remove and the regions to mask: the next version renders (a
 * published one stays online meanwhile).
 */
export function confirmed(video: Snapshot, ranges: PrivacyRange[], by: string, at: Date, masks: PrivacyMask[] = []): Transition & { version: number } {
  allow('confirmed', video);
  if (!video.analysis || !video.probe) throw new AppError('REVIEW_NOT_READY');
  const version = nextVersion(video);
  return {
    from: [video.status],
    patch: confirmationPatch(video.status === 'published' ? 'published' : 'rendering', ranges, by, at, version, masks),
    job: { name: 'video-render', payload: { videoId: video.id, version } },
    version,
  };
}

/** The standard-definition rendition of `rendition.version` exists: the video is public (spec section 1). */
export function published(video: Snapshot, rendition: RenditionKeys, at: Date): Transition {
  return {
    from: allow('published', video),
    patch: { status: 'published', percent: 40, rendition, publishedVersion: rendition.version, publishedAt: video.publishedAt ?? at },
    job: null,
  };
}

/** Every rung of the published version exists. */
export function renditionsCompleted(video: Snapshot, rendition: RenditionKeys): Transition {
  return { from: allow('renditionsCompleted', video), patch: { rendition, percent: null }, job: null };
}

/**
 * The owner made an earlier rendered version the published one again: its files are served and its
 * ranges and masks are the confirmed ones (the privacy review shows what is online). The rendering
 * version stays the highest number ever given, so the next confirmation renders a new number.
 */
export function rolledBack(
  video: Snapshot,
  version: { rendition: RenditionKeys; ranges: PrivacyRange[]; masks: PrivacyMask[]; confirmedBy: string; confirmedAt: Date },
): Transition {
  return {
    from: allow('rolledBack', video),
    patch: {
      rendition: version.rendition,
      publishedVersion: version.rendition.version,
      confirmedRanges: version.ranges,
      confirmedMasks: version.masks,
      confirmedBy: version.confirmedBy,
      confirmedAt: version.confirmedAt,
    },
    job: null,
  };
}

/** A stage gave up; the provider reads `reason` and may retry. Only while the video is still in that stage. */
export function failed(video: Snapshot, stageStatuses: readonly VideoStatus[], reason: string): Transition {
  allow('failed', video);
  return {
    from: stageStatuses.filter((s) => (ALLOWED_FROM.failed as readonly VideoStatus[]).includes(s)),
    patch: { status: 'failed', percent: null, failureReason: reason },
    job: null,
  };
}

/** Starts again the stage that failed: the check, the analysis, the render, or back to the review. */
export function retried(video: Snapshot): Transition {
  const from = allow('retried', video);
  const clear = { failureReason: null };
  if (!video.probe) {
    return { from, patch: { ...clear, status: 'uploaded', percent: null }, job: { name: 'video-ingest', payload: { videoId: video.id } } };
  }
  if (!video.analysis) {
    return video.detailsSavedAt
      ? { from, patch: { ...clear, status: 'analysing', percent: 0 }, job: { name: 'video-analyse', payload: { videoId: video.id } } }
      : { from, whileDetailsUnsaved: true, patch: { ...clear, status: 'awaiting_details', percent: null }, job: null };
  }
  if (video.renderingVersion !== null && video.confirmedRanges) {
    return {
      from,
      patch: { ...clear, status: 'rendering', percent: 0 },
      job: { name: 'video-render', payload: { videoId: video.id, version: video.renderingVersion } },
    };
  }
  return { from, patch: { ...clear, status: 'review', percent: null }, job: null };
}

/** What one transaction writes with: the video rows and the job queue, both inside it. */
export interface TransactionScope {
  videos: Pick<VideosRepository, 'update' | 'recordConfirmation' | 'saveVersion'>;
  queue: Queue;
}

/** Runs `work` in one database transaction (video-transactions.ts): all of it is written, or none. */
export type VideoTransactions = <T>(work: (scope: TransactionScope) => Promise<T>) => Promise<T>;

/** The records a transition writes with it (a confirmation, a version), in its transaction. */
export type TransitionRecords = (videos: TransactionScope['videos'], row: VideoRow) => Promise<void>;

/** The statuses in which a video waits on a job of the pipeline (a published one too while its HD rungs render). */
export const WORKING_STATUSES = ['uploaded', 'validating', 'analysing', 'rendering'] as const satisfies readonly VideoStatus[];

/**
 * The job a video in a working status waits on, sent again when that job is gone (expired, or
 * lost with its worker): nothing else in its row changes. Null when nothing is running for it.
 */
export function resumed(video: Snapshot): Transition | null {
  const from = [video.status];
  const payload = { videoId: video.id };
  switch (video.status) {
    case 'uploaded':
    case 'validating':
      return { from, patch: {}, job: { name: 'video-ingest', payload } };
    case 'analysing':
      return { from, patch: {}, job: { name: 'video-analyse', payload } };
    case 'rendering':
    case 'published':
      // Published: only while the HD rungs of the version published are still to come.
      if (
        video.renderingVersion === null ||
        (video.status === 'published' && (video.rendition?.complete !== false || video.rendition.version !== video.renderingVersion))
      )
        return null;
      return { from, patch: {}, job: { name: 'video-render', payload: { ...payload, version: video.renderingVersion } } };
    default:
      return null;
  }
}

export interface LifecycleDeps {
  videos: TransactionScope['videos'];
  queue: Queue;
  /**
   * One transaction per step (the server's); without it (unit tests with fakes) the writes go one
   * after the other through `videos` and `queue`.
   */
  transactions?: VideoTransactions;
  /** The instance allows publication without a person's review (AUTO_PUBLISH; default off). */
  autoPublish?: boolean;
  /** Told of every transition that happened (the owner's notifications); its failure does not undo it. */
  onApplied?: (row: VideoRow, transition: Transition) => Promise<void>;
  log?: { warn(details: object, message: string): void };
}

/**
 * Applies transitions in one transaction each: the patch with a compare-and-set on the status, the
 * records that go with it, and the job. A crash or a refused connection in between leaves the
 * video as it was, never in a working status with no job to move it on.
 */
export function createLifecycle(deps: LifecycleDeps) {
  const transactions: VideoTransactions = deps.transactions ?? ((work) => work({ videos: deps.videos, queue: deps.queue }));
  /** The updated row, or null when the video had moved on (nothing written, nothing sent). */
  const apply = async (id: string, proposed: Transition, records?: TransitionRecords): Promise<VideoRow | null> => {
    const transition = proposed.ifAutoPublishOff && !deps.autoPublish ? proposed.ifAutoPublishOff : proposed;
    // The job's id is chosen here and stored with the step, so the pipeline sweep can ask after it.
    const job = transition.job && { ...transition.job, id: randomUUID() };
    const patch = job ? { ...transition.patch, jobName: job.name, jobId: job.id } : transition.patch;
    const row = await transactions(async ({ videos, queue }) => {
      const updated = await videos.update(id, patch, transition.from, transition.whileDetailsUnsaved ? { detailsUnsaved: true } : undefined);
      if (!updated) return null;
      await records?.(videos, updated);
      if (job) await queue.send(job.name, job.payload, { id: job.id });
      return updated;
    });
    if (row && deps.onApplied)
      await deps.onApplied(row, transition).catch((error: unknown) => deps.log?.warn({ err: error, video: id }, 'telling the owner failed'));
    return row;
  };
  return {
    apply,
    /** As apply, but a video that moved on is the caller's conflict (VIDEO_CHANGED). */
    async applyOrRefuse(id: string, transition: Transition, records?: TransitionRecords): Promise<VideoRow> {
      const row = await apply(id, transition, records);
      if (!row) throw new AppError('VIDEO_CHANGED');
      return row;
    },
  };
}
export type Lifecycle = ReturnType<typeof createLifecycle>;
