// Uploads as the tus endpoint sees them: who may start one, the video row that exists from the
// first request, progress, the last byte (the file check starts), and a cancelled upload.
import { MAX_UPLOAD_BYTES } from '@ipsv/contracts/upload';
import { PRIVACY_ANSWERS, type VideoStatus } from '@ipsv/contracts/videos';
import { AppError } from '../../platform/app-error.js';
import { canUpload, type VideoActor } from './video-access.js';
import { uploaded, type Lifecycle } from './video-lifecycle.js';
import type { VideosRepository } from './videos.repository.js';

export function createVideoUploadsService(deps: { videos: VideosRepository; lifecycle: Lifecycle }) {
  const { videos, lifecycle } = deps;
  return {
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
      await videos.create({
        id: upload.id,
        ownerId: actor.id,
        status: 'uploading',
        percent: 0,
        fileName,
        title: '',
        privacyAnswer,
        sizeBytes: upload.sizeBytes,
        originalKey: upload.originalKey,
      });
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
