// Rules of a video's life after upload (DESIGN.md section 5): who may see and change what, the
// details form, the privacy review and its confirmation, segments, and signed media. Every
// permission is decided here, so HTTP, jobs and tests get the same answers.
import sharp from 'sharp';
import { ADMIN_ONLY_MESSAGE, NO_VIDEO_ACCESS_MESSAGE, OWNER_ONLY_MESSAGE } from '@ipsv/contracts/errors';
import {
  confirmReviewInputSchema,
  removalProblem,
  REVIEW_NOT_READY_MESSAGE,
  type ConfirmReviewInput,
  type PrivacyRange,
  type PrivacyReview,
} from '@ipsv/contracts/privacy-review';
import { segmentsInputSchema, segmentsProblem, type Segments, type SegmentsInput } from '@ipsv/contracts/segments';
import { MAX_UPLOAD_BYTES, UPLOAD_PROVIDERS_ONLY_MESSAGE, UPLOAD_TOO_LARGE_MESSAGE } from '@ipsv/contracts/upload';
import {
  descriptionSchema,
  descriptionText,
  PRIVACY_ANSWERS,
  THUMBNAIL_MAX_BYTES,
  THUMBNAIL_TOO_LARGE_MESSAGE,
  THUMBNAIL_TYPE_MESSAGE,
  videoDetailsInputSchema,
  type Playback,
  type PrivacyAnswer,
  type Video,
  type VideoDetailsInput,
  type VideoStatus,
} from '@ipsv/contracts/videos';
import type { Role } from '@ipsv/contracts/users';
import { AppError } from '../../platform/app-error.js';
import type { MediaSigner } from '../../platform/media-signing.js';
import type { Queue } from '../../platform/queue.js';
import type { Storage } from '../../platform/storage.js';
import type { UploadStore } from '../../platform/upload-store.js';
import { JOBS } from '../../jobs/job-names.js';
import { mediaKeys } from './media-keys.js';
import type { VideoRow, VideosRepository } from './videos.repository.js';

export interface VideoActor {
  id: string;
  email: string;
  role: Role;
}

export interface SceneSegmenter {
  (file: string, signal?: AbortSignal): Promise<{ start: number; end: number }[]>;
}

const UPLOAD_ROLES: ReadonlySet<Role> = new Set(['provider', 'admin']);
const THUMBNAIL_FORMATS = new Set(['png', 'jpeg', 'webp']);
const iso = (date: Date | null) => (date ? date.toISOString() : null);

export function canUpload(role: Role): boolean {
  return UPLOAD_ROLES.has(role);
}

/** Whether `actor` may watch a published video (spec section 6: decided per user email). */
export function canWatch(
  video: Pick<VideoRow, 'ownerId' | 'status' | 'visibility' | 'whitelist' | 'publishedVersion' | 'takenDownAt'>,
  actor: VideoActor,
): boolean {
  if (video.publishedVersion < 1) return false;
  if (actor.id === video.ownerId || actor.role === 'admin') return true;
  if (video.takenDownAt) return false;
  if (video.visibility === 'signed_in') return true;
  if (video.visibility === 'whitelist') {
    const email = actor.email.toLowerCase();
    const domain = `@${email.split('@')[1] ?? ''}`;
    return video.whitelist.includes(email) || video.whitelist.includes(domain);
  }
  return false;
}

export function createVideosService(deps: {
  videos: VideosRepository;
  storage: Storage;
  signer: MediaSigner;
  queue: Queue;
  /** Deletes an upload with its bookkeeping (the original while it is kept). */
  uploads: Pick<UploadStore, 'remove'>;
  segmenter?: SceneSegmenter;
  clock?: () => Date;
}) {
  const { videos, storage, signer, queue } = deps;
  const now = deps.clock ?? (() => new Date());

  /**
   * The video when `actor` owns it. The privacy review, the original and everything made from it
   * before publication are the owner's alone (DESIGN.md section 5): an administrator may see the
   * metadata, take the video down or delete it, never confirm or edit on the owner's behalf.
   * Anyone else gets the answer of a video they may not see (401, no hint that it exists).
   */
  const owned = async (actor: VideoActor, id: string): Promise<VideoRow> => {
    const video = await videos.find(id);
    if (video?.ownerId === actor.id) return video;
    if (video && actor.role === 'admin') throw new AppError('FORBIDDEN', OWNER_ONLY_MESSAGE);
    throw new AppError('UNAUTHORIZED', NO_VIDEO_ACCESS_MESSAGE);
  };

  /** The video when `actor` owns it or is an administrator (metadata, take-down, deletion). */
  const moderated = async (actor: VideoActor, id: string): Promise<VideoRow> => {
    const video = await videos.find(id);
    if (video && (video.ownerId === actor.id || actor.role === 'admin')) return video;
    throw new AppError('UNAUTHORIZED', NO_VIDEO_ACCESS_MESSAGE);
  };

  /** The picture that stands for the video; frames of the original only for its owner. */
  const thumbnailUrl = (video: VideoRow, viewerIsOwner: boolean): string | null => {
    const keys = mediaKeys(video.id);
    if (video.rendition?.poster) return signer.url(video.rendition.poster);
    if (!viewerIsOwner) return null;
    if (video.thumbnail?.kind === 'upload') return signer.url(keys.uploadedThumbnail);
    if (video.thumbnailTimes.length > 0) {
      const index = video.thumbnail?.kind === 'frame' ? Math.min(video.thumbnail.index, video.thumbnailTimes.length - 1) : 0;
      return signer.url(keys.candidate(index));
    }
    return null;
  };

  const toVideo = (video: VideoRow, ownerName: string, viewer: VideoActor): Video => ({
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
    takenDown: video.takenDownAt ? { at: video.takenDownAt.toISOString(), reason: video.takedownReason ?? '' } : null,
    thumbnailUrl: thumbnailUrl(video, video.ownerId === viewer.id),
    createdAt: video.createdAt.toISOString(),
    updatedAt: video.updatedAt.toISOString(),
    publishedAt: iso(video.publishedAt),
  });

  const load = async (actor: VideoActor, id: string): Promise<Video> => {
    const found = await videos.findWithOwner(id);
    if (!found || (found.video.ownerId !== actor.id && actor.role !== 'admin')) throw new AppError('UNAUTHORIZED', NO_VIDEO_ACCESS_MESSAGE);
    return toVideo(found.video, found.ownerName, actor);
  };

  /** Moves a video on, refusing when someone else moved it first. */
  const transition = async (id: string, from: readonly VideoStatus[], patch: Parameters<VideosRepository['update']>[1]) => {
    const row = await videos.update(id, patch, from);
    if (!row) throw new AppError('CONFLICT', 'This video changed in the meantime. Reload the page and try again.');
    return row;
  };

  return {
    // ---- Upload (called by the tus endpoint)

    /** Checks a new upload before any byte is accepted. */
    assertCanUpload(actor: VideoActor, declaredBytes: number | null): void {
      if (!canUpload(actor.role)) throw new AppError('FORBIDDEN', UPLOAD_PROVIDERS_ONLY_MESSAGE);
      if (declaredBytes !== null && declaredBytes > MAX_UPLOAD_BYTES) throw new AppError('PAYLOAD_TOO_LARGE', UPLOAD_TOO_LARGE_MESSAGE);
    },

    async createUpload(actor: VideoActor, upload: { id: string; fileName: string; sizeBytes: number | null; privacyAnswer: string | null; originalKey: string }) {
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

    /** PATCH, HEAD and DELETE of an upload: only its owner. Answers the video's status. */
    async assertUploadOwner(actor: VideoActor, id: string): Promise<VideoStatus> {
      const video = await videos.find(id);
      if (!video || video.ownerId !== actor.id) throw new AppError('NOT_FOUND', 'No such upload.');
      return video.status;
    },

    async uploadProgress(id: string, offset: number, size: number): Promise<void> {
      await videos.update(id, { percent: size > 0 ? (offset / size) * 100 : 0 }, ['uploading']);
    },

    async uploadFinished(id: string, sizeBytes: number): Promise<void> {
      const row = await videos.update(id, { status: 'uploaded', percent: null, sizeBytes }, ['uploading']);
      if (row) await queue.send(JOBS.ingest, { videoId: id });
    },

    /** An upload the provider cancelled: the row goes with it. */
    async uploadCancelled(id: string): Promise<void> {
      const video = await videos.find(id);
      if (video?.status === 'uploading') await videos.delete(id);
    },

    // ---- The provider's own videos

    async mine(actor: VideoActor): Promise<Video[]> {
      return (await videos.listByOwner(actor.id)).map(({ video, ownerName }) => toVideo(video, ownerName, actor));
    },

    get: load,

    async saveDetails(actor: VideoActor, id: string, input: VideoDetailsInput): Promise<Video> {
      const video = await owned(actor, id);
      const parsed = videoDetailsInputSchema.safeParse(input);
      if (!parsed.success) throw new AppError('VALIDATION_ERROR', parsed.error.issues[0]?.message ?? 'Invalid details');
      const details = parsed.data;
      if (details.thumbnail?.kind === 'upload' && !(await storage.stat(mediaKeys(id).uploadedThumbnail))) {
        throw new AppError('VALIDATION_ERROR', 'Upload the thumbnail image first.');
      }
      if (details.thumbnail?.kind === 'frame' && details.thumbnail.index >= Math.max(video.thumbnailTimes.length, 1)) {
        throw new AppError('VALIDATION_ERROR', 'Choose one of the offered frames.');
      }
      const firstSave = video.detailsSavedAt === null;
      const patch = {
        title: details.title,
        surgeryTypeId: details.surgeryTypeId,
        patientGender: details.patientGender,
        surgeryEvent: details.surgeryEvent,
        description: details.description,
        descriptionText: descriptionText(details.description),
        surgeryDate: details.surgeryDate,
        surgeryYear: details.surgeryYear,
        pgsGrade: details.pgsGrade,
        thumbnail: details.thumbnail,
        videoLink: details.videoLink,
        fileName: details.fileName,
        isDownloadable: details.isDownloadable,
        visibility: details.visibility,
        whitelist: details.whitelist,
        autoConfirm: details.autoConfirm,
        detailsSavedAt: video.detailsSavedAt ?? now(),
      };
      // Spec section 1: the privacy analysis starts once the description is saved (and the file passed validation).
      if (firstSave && video.status === 'awaiting_details') {
        const row = await videos.update(id, { ...patch, status: 'analysing', percent: 0 }, ['awaiting_details']);
        if (row) {
          await queue.send(JOBS.analyse, { videoId: id });
          return load(actor, id);
        }
      }
      await videos.update(id, patch);
      return load(actor, id);
    },

    async thumbnails(actor: VideoActor, id: string) {
      const video = await owned(actor, id);
      const keys = mediaKeys(id);
      return {
        frames: video.thumbnailTimes.map((time, index) => ({ index, time, url: signer.url(keys.candidate(index)) })),
        uploadUrl: (await storage.stat(keys.uploadedThumbnail)) ? signer.url(keys.uploadedThumbnail) : null,
      };
    },

    /** Stores an uploaded thumbnail as a clean JPEG (no camera metadata survives re-encoding). */
    async putThumbnail(actor: VideoActor, id: string, data: Buffer): Promise<void> {
      await owned(actor, id);
      if (data.length > THUMBNAIL_MAX_BYTES) throw new AppError('PAYLOAD_TOO_LARGE', THUMBNAIL_TOO_LARGE_MESSAGE);
      let jpeg: Buffer;
      try {
        const image = sharp(data, { failOn: 'error', limitInputPixels: 40_000_000 });
        const { format } = await image.metadata();
        if (!format || !THUMBNAIL_FORMATS.has(format)) throw new Error('unsupported');
        jpeg = await image.rotate().resize(1280, 720, { fit: 'inside', withoutEnlargement: true }).jpeg({ quality: 85 }).toBuffer();
      } catch {
        throw new AppError('VALIDATION_ERROR', THUMBNAIL_TYPE_MESSAGE);
      }
      await storage.put(mediaKeys(id).uploadedThumbnail, jpeg, 'image/jpeg');
    },

    /** Starts again the stage that failed. */
    async retry(actor: VideoActor, id: string): Promise<Video> {
      const video = await owned(actor, id);
      if (video.status !== 'failed') throw new AppError('CONFLICT', 'Only a video whose processing failed can be retried.');
      if (!video.probe) {
        await transition(id, ['failed'], { status: 'uploaded', failureReason: null, percent: null });
        await queue.send(JOBS.ingest, { videoId: id });
      } else if (!video.analysis) {
        await transition(id, ['failed'], { status: video.detailsSavedAt ? 'analysing' : 'awaiting_details', failureReason: null, percent: 0 });
        if (video.detailsSavedAt) await queue.send(JOBS.analyse, { videoId: id });
      } else if (video.renderingVersion !== null && video.confirmedRanges) {
        await transition(id, ['failed'], { status: 'rendering', failureReason: null, percent: 0 });
        await queue.send(JOBS.render, { videoId: id, version: video.renderingVersion });
      } else {
        await transition(id, ['failed'], { status: 'review', failureReason: null, percent: null });
      }
      return load(actor, id);
    },

    async remove(actor: VideoActor, id: string): Promise<void> {
      const video = await moderated(actor, id);
      await videos.delete(id);
      await storage.deletePrefix(mediaKeys(id).root);
      if (!video.originalDeletedAt) await deps.uploads.remove(id);
    },

    // ---- Moderation

    /** An administrator takes a published video down: nobody but its owner and administrators may watch it. */
    async takeDown(actor: VideoActor, id: string, reason: string): Promise<Video> {
      if (actor.role !== 'admin') throw new AppError('FORBIDDEN', ADMIN_ONLY_MESSAGE);
      await moderated(actor, id);
      await videos.update(id, { takenDownAt: now(), takenDownBy: actor.id, takedownReason: reason });
      return load(actor, id);
    },

    async restore(actor: VideoActor, id: string): Promise<Video> {
      if (actor.role !== 'admin') throw new AppError('FORBIDDEN', ADMIN_ONLY_MESSAGE);
      await moderated(actor, id);
      await videos.update(id, { takenDownAt: null, takenDownBy: null, takedownReason: null });
      return load(actor, id);
    },

    // ---- Privacy review

    async review(actor: VideoActor, id: string): Promise<PrivacyReview> {
      const video = await owned(actor, id);
      if (!video.analysis || !video.probe) throw new AppError('CONFLICT', REVIEW_NOT_READY_MESSAGE);
      if (video.originalDeletedAt) throw new AppError('CONFLICT', 'The original of this video has been deleted after its retention period; it can no longer be reviewed.');
      const keys = mediaKeys(id);
      const source = video.reviewProxyKey ?? video.originalKey;
      return {
        videoId: id,
        title: video.title || video.fileName,
        durationSeconds: video.probe.durationSeconds,
        originalUrl: `${signer.url(source)}${video.reviewProxyKey ? '' : `?as=${video.probe.container === 'mov' ? 'mov' : 'mp4'}`}`,
        filmstrip: video.filmstrip
          ? { vttUrl: signer.url(keys.filmstripVtt), spriteUrl: signer.url(keys.filmstripSprite), ...video.filmstrip }
          : null,
        threshold: video.analysis.threshold,
        track: video.analysis.track,
        proposed: video.analysis.proposed,
        confirmed: video.confirmedRanges,
        confirmedBy: video.confirmedBy,
        confirmedByName: video.confirmedBy === 'auto' ? 'auto' : video.confirmedBy ? await videos.userName(video.confirmedBy) : null,
        confirmedAt: iso(video.confirmedAt),
        nextVersion: Math.max(video.publishedVersion, video.renderingVersion ?? 0) + 1,
      };
    },

    /** Records who confirmed which ranges, then renders the next version. */
    async confirmReview(actor: VideoActor, id: string, input: ConfirmReviewInput): Promise<Video> {
      const confirmedBy = actor.id;
      const video = await owned(actor, id);
      const parsed = confirmReviewInputSchema.safeParse(input);
      if (!parsed.success) throw new AppError('VALIDATION_ERROR', parsed.error.issues[0]?.message ?? 'Invalid ranges');
      if (!video.analysis || !video.probe) throw new AppError('CONFLICT', REVIEW_NOT_READY_MESSAGE);
      if (!['review', 'published', 'rendering', 'failed'].includes(video.status)) {
        throw new AppError('CONFLICT', 'This video cannot be confirmed in its current state.');
      }
      const ranges: PrivacyRange[] = [...parsed.data.ranges].sort((a, b) => a.start - b.start);
      const problem = removalProblem(ranges, video.probe.durationSeconds);
      if (problem) throw new AppError('VALIDATION_ERROR', problem);
      const version = Math.max(video.publishedVersion, video.renderingVersion ?? 0) + 1;
      // A published video stays published (its current version online) while the new one renders.
      const status: VideoStatus = video.status === 'published' ? 'published' : 'rendering';
      await transition(id, [video.status], {
        status,
        percent: 0,
        failureReason: null,
        confirmedRanges: ranges,
        confirmedBy,
        confirmedAt: now(),
        renderingVersion: version,
      });
      await videos.recordConfirmation(id, version, ranges, confirmedBy);
      await queue.send(JOBS.render, { videoId: id, version });
      return load(actor, id);
    },

    // ---- Segments

    async segments(actor: VideoActor, id: string): Promise<Segments> {
      const video = await owned(actor, id);
      const rows = await videos.segments(id);
      return {
        videoId: id,
        title: video.title || video.fileName,
        durationSeconds: video.rendition?.durationSeconds ?? video.probe?.durationSeconds ?? 0,
        fileType: (video.fileType as Segments['fileType']) ?? null,
        category: (video.category as Segments['category']) ?? null,
        isPublic: video.visibility === 'signed_in',
        segments: rows.map((row) => ({
          start: row.startTime,
          end: row.endTime,
          title: row.title,
          category: (row.category as Segments['segments'][number]['category']) ?? null,
          description: row.description,
        })),
        previewUrl: video.rendition?.mp4 ? signer.url(video.rendition.mp4) : null,
      };
    },

    async saveSegments(actor: VideoActor, id: string, input: SegmentsInput): Promise<Segments> {
      const video = await owned(actor, id);
      const parsed = segmentsInputSchema.safeParse(input);
      if (!parsed.success) throw new AppError('VALIDATION_ERROR', parsed.error.issues[0]?.message ?? 'Invalid segments');
      if (!video.probe) throw new AppError('CONFLICT', 'This video has not been checked yet.');
      // Segments are times of the published video (after the privacy cuts).
      const duration = video.rendition?.durationSeconds ?? video.probe.durationSeconds;
      const problem = segmentsProblem(parsed.data.segments, duration);
      if (problem) throw new AppError('VALIDATION_ERROR', problem);
      await videos.replaceSegments(
        id,
        parsed.data.segments.map((s) => ({ startTime: s.start, endTime: s.end, title: s.title, category: s.category, description: s.description })),
        {
          fileType: parsed.data.fileType,
          category: parsed.data.category,
          // 'This content is public' opens the video to every signed-in user; off makes it private
          // (a whitelist chosen in the details form stays as it was while the switch is off).
          visibility: parsed.data.isPublic ? 'signed_in' : video.visibility === 'signed_in' ? 'private' : video.visibility,
        },
      );
      return this.segments(actor, id);
    },

    async suggestSegments(actor: VideoActor, id: string, signal?: AbortSignal): Promise<{ segments: { start: number; end: number }[] }> {
      const video = await owned(actor, id);
      if (!video.rendition?.mp4 || !deps.segmenter) throw new AppError('CONFLICT', 'AI Analysis is available once the video is published.');
      const local = await storage.localFile(video.rendition.mp4, mediaKeys(id).tempDir);
      try {
        return { segments: await deps.segmenter(local.path, signal) };
      } finally {
        await local.release();
      }
    },

    // ---- Watching

    async playback(actor: VideoActor, id: string): Promise<Playback> {
      const video = await videos.find(id);
      if (!video) throw new AppError('NOT_FOUND', 'No such video.');
      if (!canWatch(video, actor) || !video.rendition) throw new AppError('UNAUTHORIZED', NO_VIDEO_ACCESS_MESSAGE);
      const r = video.rendition;
      const scope = mediaKeys(id).version(r.version);
      return {
        // The streaming link covers playlists and segments of this version only, never its MP4s:
        // the download is signed on its own, and only when the owner allows it.
        hls: signer.url(r.master, { scope, kind: 'stream' }),
        mp4: r.mp4 && (video.isDownloadable || video.ownerId === actor.id) ? signer.url(r.mp4) : null,
        // The poster may be the provider's uploaded image, outside the version folder.
        poster: r.poster ? signer.url(r.poster) : null,
        storyboard: r.storyboard ? signer.url(r.storyboard, { scope, kind: 'stream' }) : null,
        expiresAt: signer.expiresAt().toISOString(),
      };
    },
  };
}

export type VideosService = ReturnType<typeof createVideosService>;
