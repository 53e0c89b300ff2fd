// The tab's one Uppy instance (tus to UPLOAD_ENDPOINT), kept outside React so uploads carry on
// while the provider moves from /upload to /upload-progress. Created lazily, one per signed-in user.
import Uppy, { type UppyFile } from '@uppy/core';
import Dropbox from '@uppy/dropbox';
import Tus, { type TusBody } from '@uppy/tus';
import { useSyncExternalStore } from 'react';
import { MAX_UPLOAD_BYTES, UPLOAD_CHUNK_BYTES, UPLOAD_ENDPOINT, UPLOAD_PARALLEL_FILES } from '@ipsv/contracts/upload';
import type { PrivacyAnswer } from '@ipsv/contracts/videos';
import { apiErrorOf, type ApiError } from '../../lib/api-client';

// A type alias (not an interface) so it satisfies Uppy's index-signature Meta constraint.
// `refusal` is the server's refusal of the last attempt (never sent: not an allowed tus field).
export type UploadMeta = { filename?: string; filetype?: string; privacyAnswer?: PrivacyAnswer; refusal?: ApiError };
export type Uploader = Uppy<UploadMeta, TusBody>;
export type UploadFile = UppyFile<UploadMeta, TusBody>;

/** Extensions and MIME types the spec accepts (MOV, MP4, MPG/MPEG, AVI). */
export const VIDEO_FILE_TYPES = ['.mov', '.mp4', '.mpg', '.mpeg', '.avi', 'video/quicktime', 'video/mp4', 'video/mpeg', 'video/x-msvideo', 'video/avi'];

/** Files cancelled in this tab: Uppy forgets them, the progress page still lists them. */
export interface CancelledFile {
  id: string;
  name: string;
  size: number | null;
}

interface Store {
  userId: string;
  uppy: Uploader;
  cancelled: CancelledFile[];
  /** Set once Continue was pressed: the progress page then shows this tab's uploads. */
  started: boolean;
}

let store: Store | null = null;
const listeners = new Set<() => void>();
let version = 0;

function notify() {
  version += 1;
  listeners.forEach((listener) => listener());
}

/** The server's refusal (`{ error: { code, params } }`), which tus wraps in a long technical text. */
function serverRefusal(response: { status?: number; body?: TusBody } | undefined): ApiError | undefined {
  const text = response?.body?.xhr?.responseText;
  if (!text) return undefined;
  try {
    // Not our error body (an answer of the tus library itself): tus's message stays.
    return apiErrorOf(response?.status ?? 0, JSON.parse(text)) ?? undefined;
  } catch {
    return undefined;
  }
}

function createUploader(): Uploader {
  const uppy = new Uppy<UploadMeta, TusBody>({
    autoProceed: false,
    allowMultipleUploadBatches: true,
    restrictions: { maxFileSize: MAX_UPLOAD_BYTES, allowedFileTypes: VIDEO_FILE_TYPES },
  });
  uppy.use(Tus, {
    endpoint: UPLOAD_ENDPOINT,
    chunkSize: UPLOAD_CHUNK_BYTES,
    limit: UPLOAD_PARALLEL_FILES,
    retryDelays: [0, 1000, 3000, 5000, 10000, 20000],
    withCredentials: true,
    allowedMetaFields: ['filename', 'filetype', 'privacyAnswer'],
    // The fingerprint (Uppy's file id) and upload URL stay in localStorage until the upload
    // finishes, so choosing the same file after a reload resumes where it stopped.
    storeFingerprintForResuming: true,
    removeFingerprintOnSuccess: true,
  });
  // Registered after Uppy's own handler, so the server's refusal replaces tus's technical message
  // (the row shows it translated by its code).
  uppy.on('upload-error', (file, _error, response) => {
    if (!file || !uppy.getFile(file.id)) return;
    const refusal = serverRefusal(response as { status?: number; body?: TusBody } | undefined);
    uppy.setFileMeta(file.id, { refusal });
    if (refusal) uppy.setFileState(file.id, { error: refusal.message });
  });
  uppy.store.subscribe(notify);
  return uppy;
}

/** The tab's uploader for this user; a different user (sign out, sign in) gets a fresh one. */
export function getUploader(userId: string): Uploader {
  if (store?.userId !== userId) {
    store?.uppy.destroy();
    store = { userId, uppy: createUploader(), cancelled: [], started: false };
    // Called while rendering: bump the snapshot version without waking other components.
    version += 1;
  }
  return store.uppy;
}

/** The existing uploader, if this tab has one (the progress page never creates one). */
export function currentUploader(userId: string | undefined): Uploader | null {
  return store && store.userId === userId ? store.uppy : null;
}

/** Adds Dropbox once, when the server runs a Companion for it. */
export function enableDropbox(uppy: Uploader, companionUrl: string) {
  if (!uppy.getPlugin('Dropbox')) uppy.use(Dropbox, { companionUrl });
}

/** Continue: stamps the tus metadata on every waiting file and starts their uploads. */
export function startUploads(uppy: Uploader, privacyAnswer: PrivacyAnswer) {
  for (const file of uppy.getFiles()) {
    if (file.progress.uploadStarted) continue;
    uppy.setFileMeta(file.id, { filename: file.name, filetype: file.type || 'application/octet-stream', privacyAnswer });
  }
  if (store) store.started = true;
  notify();
  // Failures show per file on the progress page (upload-error); nothing to await here.
  uppy.upload().catch(() => undefined);
}

export function cancelUpload(uppy: Uploader, fileId: string) {
  const file = uppy.getFile(fileId);
  if (!file) return;
  if (store) store.cancelled = [...store.cancelled, { id: file.id, name: file.name, size: file.size }];
  // Removing the file aborts its tus upload and asks the server to delete it.
  uppy.removeFile(fileId);
}

/** Last path segment of the tus upload URL: that is the video id. */
export function videoIdFromUploadUrl(url: string | null | undefined): string | null {
  if (!url) return null;
  const segment = url.split('?')[0]!.replace(/\/+$/, '').split('/').pop();
  return segment ? decodeURIComponent(segment) : null;
}

export function uploadUrlOf(file: UploadFile): string | undefined {
  return file.response?.uploadURL ?? file.uploadURL;
}

export interface UploadSnapshot {
  files: UploadFile[];
  cancelled: CancelledFile[];
  started: boolean;
}

const EMPTY: UploadSnapshot = { files: [], cancelled: [], started: false };
let cached: { version: number; userId: string | undefined; snapshot: UploadSnapshot } | null = null;

function snapshotFor(userId: string | undefined): UploadSnapshot {
  if (!store || store.userId !== userId) return EMPTY;
  if (cached?.version === version && cached.userId === userId) return cached.snapshot;
  const snapshot = { files: store.uppy.getFiles(), cancelled: store.cancelled, started: store.started };
  cached = { version, userId, snapshot };
  return snapshot;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** This tab's files for a React component, re-rendered on every Uppy state change. */
export function useUploadSnapshot(userId: string | undefined): UploadSnapshot {
  return useSyncExternalStore(
    subscribe,
    () => snapshotFor(userId),
    () => EMPTY,
  );
}

/** For tests and sign-out: forget this tab's uploader. */
export function resetUploader() {
  store?.uppy.destroy();
  store = null;
  notify();
}
