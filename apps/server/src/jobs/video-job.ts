// What every video job shares: its dependencies, throttled progress, scratch folders, uploading a
// folder of outputs, and the failure rule (STYLE.md habit 7): a handler that gives up marks its
// video failed with a reason the provider can read; earlier attempts rethrow so pg-boss retries
// with backoff. Errors that no retry can fix (the file is not a video) fail at once.
import { mkdir, readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { MediaError } from '@ipsv/media/errors';
import type { VideoStatus } from '@ipsv/contracts/videos';
import type { Logger } from 'pino';
import type { JobContext } from '../platform/jobs/queue.js';
import type { MediaTools } from '../platform/media/media-tools.js';
import type { LocalFile, Storage } from '../platform/storage/storage.js';
import { failed, type Lifecycle } from '../modules/videos/video-lifecycle.js';
import type { VideosRepository } from '../modules/videos/videos.repository.js';
import { mediaKeys } from '../modules/videos/media-keys.js';

export interface VideoJobDeps {
  videos: VideosRepository;
  storage: Storage;
  lifecycle: Lifecycle;
  media: MediaTools;
}

const PERMANENT_MEDIA_ERRORS = new Set(['not_media', 'no_video', 'empty_file', 'bad_argument', 'not_found']);

/** Reports percent to the video row at most once a second and only when the whole number changes. */
export function progressWriter(videos: Pick<VideosRepository, 'update'>, id: string, from: readonly VideoStatus[], scale: [number, number] = [0, 100]) {
  let last = -1;
  let lastAt = 0;
  let pending: Promise<unknown> = Promise.resolve();
  return (percent: number) => {
    const value = Math.round(scale[0] + ((scale[1] - scale[0]) * Math.min(100, Math.max(0, percent))) / 100);
    const at = Date.now();
    if (value === last || at - lastAt < 1000) return;
    last = value;
    lastAt = at;
    pending = pending.then(() => videos.update(id, { percent: value }, from)).catch(() => undefined);
  };
}

export async function scratchDir(id: string, name: string): Promise<string> {
  const dir = path.join(mediaKeys(id).tempDir, `${name}-${process.pid}-${Date.now()}`);
  await mkdir(dir, { recursive: true });
  return dir;
}

export const removeDir = (dir: string) => rm(dir, { recursive: true, force: true });

const contentType = (file: string) =>
  ({ '.m3u8': 'application/vnd.apple.mpegurl', '.m4s': 'video/iso.segment', '.mp4': 'video/mp4', '.jpg': 'image/jpeg', '.vtt': 'text/vtt' })[
    path.extname(file)
  ] ?? 'application/octet-stream';

/** Uploads every file under `dir` to `prefix/<relative path>` (playlists last, so players never see a playlist before its segments). */
export async function uploadFolder(storage: Storage, dir: string, prefix: string): Promise<string[]> {
  const files = (await readdir(dir, { recursive: true, withFileTypes: true }))
    .filter((entry) => entry.isFile() && !entry.name.includes('.partial'))
    .map((entry) => path.join(entry.parentPath, entry.name))
    .sort((a, b) => Number(a.endsWith('.m3u8')) - Number(b.endsWith('.m3u8')) || a.localeCompare(b));
  const keys: string[] = [];
  for (const file of files) {
    const key = `${prefix}/${path.relative(dir, file).split(path.sep).join('/')}`;
    await storage.putFile(key, file, contentType(file));
    keys.push(key);
  }
  return keys;
}

export const ORIGINAL_MISSING_MESSAGE = 'the original upload is missing (it was deleted before processing finished); upload the video again';

/** The original as a local file; a missing one fails the job at once with its own reason. */
export async function localOriginal(storage: Storage, originalKey: string, work: string): Promise<LocalFile> {
  if (!(await storage.stat(originalKey))) throw new MediaError('not_found', ORIGINAL_MISSING_MESSAGE);
  return storage.localFile(originalKey, work);
}

/** A readable reason for the provider (no stack traces, no server paths). */
export function failureReason(stage: string, error: unknown): string {
  const message = error instanceof MediaError ? error.message : 'an unexpected error occurred';
  return `${stage} failed: ${message.replace(/\/[^\s:]+/g, '…').slice(0, 300)}`;
}

/**
 * Runs one stage of a video job. On the last attempt, or for an error no retry can fix, the video
 * is marked failed (when still in one of `statuses`) and the job ends; otherwise the error goes back
 * to pg-boss for a retry. A shutdown (aborted signal) always goes back for a retry.
 */
export async function runStage(deps: Pick<VideoJobDeps, 'videos' | 'lifecycle'>, context: JobContext, stage: Stage, work: () => Promise<void>): Promise<void> {
  try {
    await work();
  } catch (error) {
    if (context.signal.aborted) throw error;
    const permanent = error instanceof MediaError && PERMANENT_MEDIA_ERRORS.has(error.code);
    if (!permanent && !context.lastAttempt) throw error;
    context.log.error({ err: error, video: stage.id }, `${stage.name} gave up`);
    const current = await deps.videos.find(stage.id);
    // A video that moved on (deleted, or published while its HD rungs failed) is not marked failed.
    if (current && stage.statuses.includes(current.status))
      await deps.lifecycle.apply(stage.id, failed(current, stage.statuses, failureReason(stage.name, error)));
  }
}

/** What a video job works on: its video, the statuses it works in, and its stage's name for the provider. */
export interface Stage {
  id: string;
  statuses: readonly VideoStatus[];
  name: string;
}

export const WORKER_LOST_MESSAGE = 'the worker running it stopped (its process or machine was lost) on the last attempt; try again';

/**
 * A job's `lost` (platform/jobs/queue.ts): its worker died on the last attempt, so no handler
 * marks the video failed; this does, as runStage would have, unless the video moved on.
 */
export async function stageLost(deps: Pick<VideoJobDeps, 'videos' | 'lifecycle'>, stage: Stage, log: Logger): Promise<void> {
  const current = await deps.videos.find(stage.id);
  if (!current || !stage.statuses.includes(current.status)) return;
  log.error({ video: stage.id }, `${stage.name} lost its worker on the last attempt`);
  await deps.lifecycle.apply(stage.id, failed(current, stage.statuses, `${stage.name} failed: ${WORKER_LOST_MESSAGE}`));
}
