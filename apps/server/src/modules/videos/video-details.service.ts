// The provider's own videos: the list, one video, the details form, thumbnails, retrying a failed
// stage and deletion; and an administrator's take-down. Every permission is decided here.
import { THUMBNAIL_MAX_BYTES, descriptionText, type Video, type VideoDetails } from '@ipsv/contracts/videos';
import { timeAfterCuts } from '@ipsv/media/ranges';
import { AppError } from '../../platform/app-error.js';
import { UnsupportedImage, type ImageNormaliser } from '../../platform/media/image-normaliser.js';
import type { MediaSigner } from '../../platform/media/media-signing.js';
import type { Storage } from '../../platform/storage/storage.js';
import type { UploadStore } from '../../platform/storage/upload-store.js';
import type { Notifier } from '../notifications/notifier.js';
import { moderatedVideo, ownedVideo, type VideoActor } from './video-access.js';
import { detailsSaved, retried, type Lifecycle } from './video-lifecycle.js';
import { toVideo } from './video-view.js';
import { mediaKeys } from './media-keys.js';
import type { VideoRow, VideosRepository } from './videos.repository.js';

/** How many times a save is decided again when the pipeline moved the video on meanwhile. */
const SAVE_ATTEMPTS = 3;

/** The ranges a viewer will never see: confirmed ones, or before a confirmation those proposed. */
export function removedRanges(video: Pick<VideoRow, 'confirmedRanges' | 'analysis'>): { start: number; end: number }[] {
  return video.confirmedRanges ?? video.analysis?.proposed ?? [];
}

/** True when a candidate frame at `time` lies in a removed range (never offered, never accepted). */
export const frameRemoved = (time: number, video: Pick<VideoRow, 'confirmedRanges' | 'analysis'>) => timeAfterCuts(time, removedRanges(video)) === null;

export function createVideoDetailsService(deps: {
  videos: VideosRepository;
  storage: Storage;
  signer: MediaSigner;
  lifecycle: Lifecycle;
  images: ImageNormaliser;
  /** Deletes an upload with its bookkeeping (the original while it is kept). */
  uploads: Pick<UploadStore, 'remove'>;
  /** Tells the owner that an administrator took their video down, and why. */
  notifier?: Pick<Notifier, 'notify'>;
  clock?: () => Date;
}) {
  const { videos, storage, signer, lifecycle } = deps;
  const now = deps.clock ?? (() => new Date());

  const load = async (actor: VideoActor, id: string): Promise<Video> => {
    const found = await videos.findWithOwner(id);
    if (!found || (found.video.ownerId !== actor.id && actor.role !== 'admin')) throw new AppError('NO_ACCESS');
    return toVideo(signer, found.video, found.ownerName, actor);
  };

  return {
    async mine(actor: VideoActor): Promise<Video[]> {
      return (await videos.listByOwner(actor.id)).map(({ video, ownerName }) => toVideo(signer, video, ownerName, actor));
    },

    get: load,

    /**
     * Saves the details. The pipeline moves the video on by itself (the file check ends, the
     * analysis finishes) while the provider types, so a video that moved on between reading it and
     * writing is read again and the save decided anew, a few times, instead of refusing a form that
     * is still valid (the provider never caused that change).
     */
    async saveDetails(actor: VideoActor, id: string, details: VideoDetails): Promise<Video> {
      for (let attempt = 1; ; attempt += 1) {
        const video = await ownedVideo(videos, actor, id);
        if (attempt === 1 && details.thumbnail?.kind === 'upload' && !(await storage.stat(mediaKeys(id).uploadedThumbnail)))
          throw new AppError('THUMBNAIL_NOT_UPLOADED');
        if (details.thumbnail?.kind === 'frame') {
          const time = video.thumbnailTimes[details.thumbnail.index];
          if (time === undefined) throw new AppError('FRAME_NOT_OFFERED');
          // Nothing a viewer sees may come from a removed second (the poster is made from this choice).
          if (frameRemoved(time, video)) throw new AppError('FRAME_REMOVED', { time });
        }
        const transition = detailsSaved(video, { ...details, descriptionText: descriptionText(details.description) }, now());
        if (await lifecycle.apply(id, transition)) return load(actor, id);
        if (attempt === SAVE_ATTEMPTS) throw new AppError('VIDEO_CHANGED');
      }
    },

    /** The frames offered as thumbnails: only those outside every removed range. */
    async thumbnails(actor: VideoActor, id: string) {
      const video = await ownedVideo(videos, actor, id);
      const keys = mediaKeys(id);
      return {
        frames: video.thumbnailTimes
          .map((time, index) => ({ index, time }))
          .filter(({ time }) => !frameRemoved(time, video))
          .map(({ index, time }) => ({ index, time, url: signer.url(keys.candidate(index)) })),
        uploadUrl: (await storage.stat(keys.uploadedThumbnail)) ? signer.url(keys.uploadedThumbnail) : null,
      };
    },

    /** Stores an uploaded thumbnail as a clean JPEG (no camera metadata survives re-encoding). */
    async putThumbnail(actor: VideoActor, id: string, data: Buffer): Promise<void> {
      await ownedVideo(videos, actor, id);
      if (data.length > THUMBNAIL_MAX_BYTES) throw new AppError('THUMBNAIL_TOO_LARGE');
      let jpeg: Buffer;
      try {
        jpeg = await deps.images.normalise(data, 'thumbnail');
      } catch (error) {
        if (error instanceof UnsupportedImage) throw new AppError('THUMBNAIL_TYPE');
        throw error;
      }
      await storage.put(mediaKeys(id).uploadedThumbnail, jpeg, 'image/jpeg');
    },

    /** Starts again the stage that failed. */
    async retry(actor: VideoActor, id: string): Promise<Video> {
      const video = await ownedVideo(videos, actor, id);
      await lifecycle.applyOrRefuse(id, retried(video));
      return load(actor, id);
    },

    /** The owner, or an administrator taking it down for good. */
    async remove(actor: VideoActor, id: string): Promise<void> {
      const video = await moderatedVideo(videos, actor, id);
      await videos.delete(id);
      await storage.deletePrefix(mediaKeys(id).root);
      if (!video.originalDeletedAt) await deps.uploads.remove(id);
    },

    /**
     * An administrator takes a video down: nobody but its owner and administrators may watch it. The
     * owner is told why (an administrator who disagrees with what is online takes it down; only the
     * owner publishes or rolls back a version).
     */
    async takeDown(actor: VideoActor, id: string, reason: string): Promise<Video> {
      if (actor.role !== 'admin') throw new AppError('ADMIN_ONLY');
      const video = await moderatedVideo(videos, actor, id);
      await videos.update(id, { takenDownAt: now(), takenDownBy: actor.id, takedownReason: reason });
      await deps.notifier?.notify(video.ownerId, 'video_taken_down', { title: video.title || video.fileName, reason }, `/video/${id}`);
      return load(actor, id);
    },

    async restore(actor: VideoActor, id: string): Promise<Video> {
      if (actor.role !== 'admin') throw new AppError('ADMIN_ONLY');
      await moderatedVideo(videos, actor, id);
      await videos.update(id, { takenDownAt: null, takenDownBy: null, takedownReason: null });
      return load(actor, id);
    },
  };
}
export type VideoDetailsService = ReturnType<typeof createVideoDetailsService>;
