// Uploads as the tus endpoint sees them: who may start one, the video row that exists from the
// first request, progress, the last byte (the file check starts), and a cancelled upload. Each
// open upload holds its declared size against the disk's free space until it is finished, and one
// user holds at most MAX_OPEN_UPLOADS_PER_USER open uploads.
import { MAX_OPEN_UPLOADS_PER_USER, MAX_UPLOAD_BYTES } from '@ipsv/contracts/upload';
import { PRIVACY_ANSWERS, type VideoStatus } from '@ipsv/contracts/videos';
import { AppError } from '../../platform/app-error.js';
import { canUpload, type VideoActor } from './video-access.js';
import { uploaded, type Lifecycle } from './video-lifecycle.js';
import type { VideosRepository } from './videos.repository.js';

export interface UploadDisk {
  /** Free bytes on the upload disk; null where that cannot be known. */
  freeBytes(): Promise<number | null>;
  /** Uploads stop when the disk would keep less than this free. */
  minFreeBytes: number;
}

export function createVideoUploadsService(deps: { videos: VideosRepository; lifecycle: Lifecycle; disk: UploadDisk }) {
  const { videos, lifecycle, disk } = deps;

  /** Refuses when the open uploads still to come, and `more` bytes, would leave less than the reserve. */
  const assertRoom = async (open: { ofOwner: number; outstandingBytes: number }, more: number, newUpload: boolean) => {
    if (newUpload && open.ofOwner >= MAX_OPEN_UPLOADS_PER_USER) throw new AppError('UPLOADS_OPEN_LIMIT');
    const free = await disk.freeBytes();
    if (free !== null && free - open.outstandingBytes - Math.max(0, more) < disk.minFreeBytes) throw new AppError('DISK_FULL');
  };

  return {
    /** A new upload of `declaredBytes`: the user's open uploads and the disk's room (checked again, atomically, at creation). */
    async assertRoomForUpload(actor: VideoActor, declaredBytes: number): Promise<void> {
      await assertRoom(await videos.openUploads(actor.id), declaredBytes, true);
    },

    /** Continuing an upload: every open upload's rest (this one's too) must still fit. */
    async assertRoomToContinue(actor: VideoActor): Promise<void> {
      await assertRoom(await videos.openUploads(actor.id), 0, false);
    },

    /** Checks a new upload before any byte is accepted. */
    assertCanUpload(actor: VideoActor, declaredBytes: number | null): void {
      if (!canUpload(actor.role)) throw new AppError('PROVIDERS_ONLY');
      if (declaredBytes !== null && declaredBytes > MAX_UPLOAD_BYTES) throw new AppError('UPLOAD_TOO_LARGE');
    },

    async createUpload(
      actor: VideoActor,
      upload: { id: string; fileName: string; sizeBytes: number | null; privacyAnswer: string | null; originalKey: string },
    ) {
      this.assertCanUpload(actor, upload.sizeBytes);
      const privacyAnswer = (PRIVACY_ANSWERS as readonly string[]).includes(upload.privacyAnswer ?? '') ? upload.privacyAnswer : null;
      // The file name is what the provider's disk called it: keep it short and printable.
      const fileName = upload.fileName.replace(/[\p{Cc}\\/]+/gu, '_').slice(0, 255) || 'video';
      await videos.createUpload(
        {
          id: upload.id,
          ownerId: actor.id,
          status: 'uploading',
          percent: 0,
          fileName,
          title: '',
          privacyAnswer,
          sizeBytes: upload.sizeBytes,
          originalKey: upload.originalKey,
        },
        (open) => assertRoom(open, upload.sizeBytes ?? 0, true),
      );
    },

    /**
     * PATCH, HEAD and DELETE of an upload: only its owner, and only a provider continues one (an
     * owner demoted meanwhile may still cancel it). Answers the video's status.
     */
    async assertUploadOwner(actor: VideoActor, id: string, cancelling = false): Promise<VideoStatus> {
      const video = await videos.find(id);
      if (!video || video.ownerId !== actor.id) throw new AppError('UPLOAD_NOT_FOUND');
      if (!cancelling && !canUpload(actor.role)) throw new AppError('PROVIDERS_ONLY');
      return video.status;
    },

    async uploadProgress(id: string, offset: number, size: number): Promise<void> {
      await videos.update(id, { percent: size > 0 ? (offset / size) * 100 : 0 }, ['uploading']);
    },

    async uploadFinished(id: string, sizeBytes: number): Promise<void> {
      const video = await videos.find(id);
      if (video?.status === 'uploading') await lifecycle.apply(id, uploaded(video, sizeBytes));
    },

    /** An upload the provider cancelled: the row goes with it. */
    async uploadCancelled(id: string): Promise<void> {
      const video = await videos.find(id);
      if (video?.status === 'uploading') await videos.delete(id);
    },
  };
}
export type VideoUploadsService = ReturnType<typeof createVideoUploadsService>;
