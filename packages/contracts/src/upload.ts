// Upload limits of spec section 5 ("Upload guidance"), enforced on the content of the file by
// packages/media and shown to the provider by the web app.
export const UPLOAD_FORMATS = ['MOV', 'MP4', 'MPG', 'AVI'] as const;
export type UploadFormat = (typeof UPLOAD_FORMATS)[number];

/** 3,900MB as a file manager shows it (binary megabytes). */
export const MAX_UPLOAD_BYTES = 3900 * 1024 * 1024;
export const MIN_VIDEO_WIDTH = 1280;
export const MIN_VIDEO_HEIGHT = 720;
export const MIN_VIDEO_SECONDS = 5;

export const UPLOAD_VIOLATION_CODES = ['format', 'resolution', 'duration', 'size', 'orientation', 'incomplete'] as const;
export type UploadViolationCode = (typeof UPLOAD_VIOLATION_CODES)[number];

export interface UploadViolation {
  code: UploadViolationCode;
  message: string;
  /** The measured values behind the message, so the web can translate it. */
  params: Record<string, string | number>;
}

export const uploadViolationMessages = {
  format: () => 'This file is not in a supported format. Upload a MOV, MP4, MPG or AVI video.',
  resolution: (p: { width: number; height: number }) => `The video is ${p.width}x${p.height}; the minimum resolution is 1,280x720 (HD or 4k recommended).`,
  duration: (p: { seconds: number }) => `The video is ${p.seconds} seconds long; the minimum duration is 5 seconds.`,
  size: (p: { megabytes: number }) => `The file is ${p.megabytes.toLocaleString('en-US')}MB; the maximum size is 3,900MB.`,
  orientation: (p: { width: number; height: number }) =>
    `The video is ${p.width > p.height ? 'landscape' : p.width === p.height ? 'square' : 'vertical'} (${p.width}x${p.height}); vertical and square videos are not accepted, please upload a landscape video.`,
  incomplete: () => 'The file is incomplete: it ends before its video does (the recording or the copy was cut short). Upload the complete file.',
} as const;

/** The tus endpoint (resumable uploads). The upload id is also the video id. */
export const UPLOAD_ENDPOINT = '/api/uploads';
/**
 * Hours an unfinished upload stays resumable on the server (UPLOAD_EXPIRY_HOURS). Longer than the
 * spec's 1-hour browser upload cache: a 3.9 GB recording over a hospital link can take all day.
 */
export const UPLOAD_EXPIRY_HOURS_DEFAULT = 24;
/** Spec section 9: 4 parallel parts; each file's chunks stream one after another. */
export const UPLOAD_CHUNK_BYTES = 50 * 1024 * 1024;
export const UPLOAD_PARALLEL_FILES = 4;
export const UPLOAD_TOO_LARGE_MESSAGE = 'The file is larger than 3,900MB, the maximum size.';
export const UPLOAD_LENGTH_REQUIRED_MESSAGE = 'The size of the file must be known when its upload starts.';
export const UPLOAD_DISK_FULL_MESSAGE =
  'The server is running out of storage space, so the upload cannot continue. Try again later or contact your administrator.';
/** Uploads one user may have open at once (started, not finished or cancelled). */
export const MAX_OPEN_UPLOADS_PER_USER = 10;
export const UPLOADS_OPEN_LIMIT_MESSAGE = `You already have ${MAX_OPEN_UPLOADS_PER_USER} uploads in progress. Let one finish or cancel one before starting another.`;
export const UPLOAD_FINISHED_MESSAGE = 'This upload has finished; delete the video instead.';
export const UPLOAD_PROVIDERS_ONLY_MESSAGE = 'Only video providers can upload videos.';
