// A video row as its owner (and administrators) see it through the API: never the row itself
// (STYLE.md habit 4). Frames of the original are signed only for the owner.
import { descriptionSchema, PRIVACY_ANSWERS, type PrivacyAnswer, type Video } from '@ipsv/contracts/videos';
import type { MediaSigner } from '../../platform/media/media-signing.js';
import type { VideoActor } from './video-access.js';
import { mediaKeys } from './media-keys.js';
import { liveDraft } from './privacy-review.service.js';
import type { VideoRow } from './videos.repository.js';

const iso = (date: Date | null) => (date ? date.toISOString() : null);

/** The picture that stands for the video: the published poster, else (owner only) the chosen frame or image. */
function thumbnailUrl(signer: MediaSigner, video: VideoRow, viewerIsOwner: boolean): string | null {
  const keys = mediaKeys(video.id);
  if (video.rendition?.poster) return signer.url(video.rendition.poster);
  if (!viewerIsOwner) return null;
  if (video.thumbnail?.kind === 'upload') return signer.url(keys.uploadedThumbnail);
  if (video.thumbnailTimes.length > 0) {
    const index = video.thumbnail?.kind === 'frame' ? Math.min(video.thumbnail.index, video.thumbnailTimes.length - 1) : 0;
    return signer.url(keys.candidate(index));
  }
  return null;
}

export function toVideo(signer: MediaSigner, video: VideoRow, ownerName: string, viewer: VideoActor): Video {
  return {
    id: video.id,
    ownerId: video.ownerId,
    ownerName,
    status: video.status,
    percent: video.percent === null ? null : Math.round(video.percent),
    privacyAnswer: (PRIVACY_ANSWERS as readonly string[]).includes(video.privacyAnswer ?? '') ? (video.privacyAnswer as PrivacyAnswer) : null,
    details: {
      title: video.title,
      surgeryTypeId: video.surgeryTypeId,
      patientGender: (video.patientGender as Video['details']['patientGender']) ?? null,
      surgeryEvent: video.surgeryEvent,
      description: descriptionSchema.parse(video.description ?? {}),
      surgeryDate: video.surgeryDate,
      surgeryYear: video.surgeryYear,
      pgsGrade: video.pgsGrade,
      thumbnail: video.thumbnail,
      videoLink: video.videoLink,
      fileName: video.fileName,
      isDownloadable: video.isDownloadable,
      visibility: video.visibility,
      whitelist: video.whitelist,
      autoConfirm: video.autoConfirm,
    },
    detailsSaved: video.detailsSavedAt !== null,
    quality: video.quality,
    width: video.probe?.width ?? null,
    height: video.probe?.height ?? null,
    durationSeconds: video.probe?.durationSeconds ?? null,
    sizeBytes: video.sizeBytes,
    violations: video.violations as Video['violations'],
    failureReason: video.failureReason,
    publishedVersion: video.publishedVersion,
    renditionComplete: video.rendition?.complete ?? false,
    reviewDraftSavedAt: video.ownerId === viewer.id ? (liveDraft(video)?.savedAt ?? null) : null,
    takenDown: video.takenDownAt ? { at: video.takenDownAt.toISOString(), reason: video.takedownReason ?? '' } : null,
    thumbnailUrl: thumbnailUrl(signer, video, video.ownerId === viewer.id),
    createdAt: video.createdAt.toISOString(),
    updatedAt: video.updatedAt.toISOString(),
    publishedAt: iso(video.publishedAt),
  };
}
