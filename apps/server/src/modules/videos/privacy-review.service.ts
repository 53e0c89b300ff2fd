// The privacy review of /edit-pii/:id: what the analysis proposes, shown over the original (the
// owner's alone), and the owner's confirmation of the ranges to remove, which renders the next
// version. Who confirmed which ranges is recorded for every version.
import type { ConfirmReviewInput, PrivacyMask, PrivacyRange, PrivacyReview, PrivacyReviewDraft, RangeProblem } from '@ipsv/contracts/privacy-review';
import { maskProblem, rangeProblem, removalProblem } from '@ipsv/contracts/privacy-review';
import type { Queue } from '../../platform/jobs/queue.js';
import { AppError } from '../../platform/app-error.js';
import type { MediaSigner } from '../../platform/media/media-signing.js';
import { ownedVideo, type VideoActor } from './video-access.js';
import { confirmed, nextVersion, type Lifecycle } from './video-lifecycle.js';
import { mediaKeys } from './media-keys.js';
import { sameRegions } from './mask-regions.js';
import type { VideoRow, VideosRepository } from './videos.repository.js';

/** The owner's draft when it is newer than the last confirmation (a confirmation supersedes it). */
export function liveDraft(video: Pick<VideoRow, 'reviewDraft' | 'confirmedAt'>): PrivacyReviewDraft | null {
  const draft = video.reviewDraft;
  if (!draft) return null;
  return !video.confirmedAt || new Date(draft.savedAt).getTime() > video.confirmedAt.getTime() ? draft : null;
}

const sortedRanges = (ranges: ConfirmReviewInput['ranges']): PrivacyRange[] =>
  ranges.map((r) => ({ ...r, confidence: r.confidence ?? null })).sort((a, b) => a.start - b.start);
const sortedMasks = (masks: ConfirmReviewInput['masks']): PrivacyMask[] =>
  (masks ?? []).map((m) => ({ ...m, confidence: m.confidence ?? null })).sort((a, b) => a.start - b.start || a.y - b.y || a.x - b.x);

/** A rejected upload has nothing to review: say why, by the checks it failed. */
export function assertNotRejected(video: Pick<VideoRow, 'status' | 'violations'>): void {
  if (video.status === 'rejected') throw new AppError('UPLOAD_REJECTED', { reasons: video.violations.map((v) => v.code) });
}

export function createPrivacyReviewService(deps: {
  videos: VideosRepository;
  signer: MediaSigner;
  lifecycle: Lifecycle;
  queue: Pick<Queue, 'send'>;
  clock?: () => Date;
}) {
  const { videos, signer, lifecycle, queue } = deps;
  const now = deps.clock ?? (() => new Date());

  /** The owner's video with its ranges and masks sorted, or the code of what does not fit it. */
  const checkedEdits = async (
    actor: VideoActor,
    id: string,
    input: ConfirmReviewInput,
    rangesProblem: (ranges: readonly PrivacyRange[], durationSeconds: number) => RangeProblem | 'NOTHING_LEFT' | null,
  ) => {
    const video = await ownedVideo(videos, actor, id);
    assertNotRejected(video);
    if (!video.analysis || !video.probe) throw new AppError('REVIEW_NOT_READY');
    // Retention deleted the original: no version can be rendered from it any more. Refused here,
    // before anything is queued, rather than a render that fails unseen with the old cut online.
    if (video.originalDeletedAt) throw new AppError('ORIGINAL_DELETED');
    const ranges = sortedRanges(input.ranges);
    const problem = rangesProblem(ranges, video.probe.durationSeconds);
    if (problem) throw new AppError(problem);
    const masks = sortedMasks(input.masks);
    const wrongMask = maskProblem(masks, video.probe.durationSeconds);
    if (wrongMask) throw new AppError(wrongMask);
    return { video, analysis: video.analysis, ranges, masks };
  };
  return {
    async review(actor: VideoActor, id: string): Promise<PrivacyReview> {
      const video = await ownedVideo(videos, actor, id);
      assertNotRejected(video);
      if (!video.analysis || !video.probe) throw new AppError('REVIEW_NOT_READY');
      if (video.originalDeletedAt) throw new AppError('ORIGINAL_DELETED');
      const keys = mediaKeys(id);
      const source = video.reviewProxyKey ?? video.originalKey;
      return {
        videoId: id,
        title: video.title || video.fileName,
        durationSeconds: video.probe.durationSeconds,
        originalUrl: `${signer.url(source)}${video.reviewProxyKey ? '' : `?as=${video.probe.container === 'mov' ? 'mov' : 'mp4'}`}`,
        filmstrip: video.filmstrip ? { vttUrl: signer.url(keys.filmstripVtt), spriteUrl: signer.url(keys.filmstripSprite), ...video.filmstrip } : null,
        threshold: video.analysis.threshold,
        track: video.analysis.track,
        proposed: video.analysis.proposed,
        proposedMasks: video.analysis.proposedMasks ?? [],
        faceMasks: video.analysis.faceMasks ?? [],
        confirmed: video.confirmedRanges,
        // A version confirmed before masks existed had none.
        confirmedMasks: video.confirmedRanges ? (video.confirmedMasks ?? []) : null,
        confirmedBy: video.confirmedBy,
        confirmedByName: video.confirmedBy === 'auto' ? 'auto' : video.confirmedBy ? await videos.userName(video.confirmedBy) : null,
        confirmedAt: video.confirmedAt ? video.confirmedAt.toISOString() : null,
        nextVersion: nextVersion(video),
        draft: liveDraft(video),
      };
    },

    /**
     * Keeps the owner's review in progress (the editor saves it as it changes): a reload or a crash
     * loses nothing, and before the first publication the masks it carries are drawn into a copy of
     * the speculative SD while the owner goes on (job video-speculative-sd), so that confirming them
     * publishes in seconds. Checked like a confirmation (only the owner; ranges and masks that do not
     * fit the video are refused and nothing is stored), except that it may remove everything.
     */
    async saveDraft(actor: VideoActor, id: string, input: ConfirmReviewInput): Promise<PrivacyReviewDraft> {
      const { video, analysis, ranges, masks } = await checkedEdits(actor, id, input, rangeProblem);
      const draft: PrivacyReviewDraft = { ranges, masks, savedAt: now().toISOString() };
      await videos.saveReviewDraft(id, draft);
      const before = liveDraft(video)?.masks ?? analysis.proposedMasks ?? [];
      if (video.status === 'review' && masks.length && !sameRegions(before, masks)) await queue.send('video-speculative-sd', { videoId: id });
      return draft;
    },

    /**
     * Records who confirmed which ranges and masks, then renders the next version. Only the owner
     * confirms; ranges or masks that do not fit the video, or a video whose original is deleted,
     * are refused and nothing is stored or queued.
     */
    async confirmReview(actor: VideoActor, id: string, input: ConfirmReviewInput): Promise<void> {
      const { video, ranges, masks } = await checkedEdits(actor, id, input, removalProblem);
      const transition = confirmed(video, ranges, actor.id, now(), masks);
      // The record of who confirmed what is written with the status and the render's job, or none of them.
      await lifecycle.applyOrRefuse(id, transition, (tx) => tx.recordConfirmation(id, transition.version, ranges, actor.id, masks));
    },
  };
}
export type PrivacyReviewService = ReturnType<typeof createPrivacyReviewService>;
