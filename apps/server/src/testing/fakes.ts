// In-memory stand-ins for the adapters services and jobs use (STYLE.md: unit tests beside the code
// with fakes; the HTTP + PostgreSQL tier stays for wiring). They behave like the real ones where a
// test could notice: the repository's compare-and-set on the status, storage keys and sizes, the
// queue's record of what was sent.
import type { VideoStatus } from '@ipsv/contracts/videos';
import type { JobName, JobPayload, JobRequest } from '../platform/jobs/job-types.js';
import type { JobContext, Queue, SendOptions } from '../platform/jobs/queue.js';
import type { MediaSigner } from '../platform/media/media-signing.js';
import type { ByteRange, LocalFile, Storage } from '../platform/storage/storage.js';
import { WORKING_STATUSES } from '../modules/videos/video-lifecycle.js';
import {
  SPECULATIVE_SD_STALE_SECONDS,
  type SegmentRow,
  type VersionRow,
  type VideoPatch,
  type VideoRow,
  type VideosRepository,
} from '../modules/videos/videos.repository.js';
import { Readable } from 'node:stream';

type VideoInsert = Parameters<VideosRepository['create']>[0];

/** A video row with the database's defaults. */
export function videoRow(values: VideoInsert): VideoRow {
  const at = new Date('2026-11-01T10:00:00Z');
  return {
    status: 'uploading',
    percent: null,
    privacyAnswer: null,
    title: '',
    surgeryTypeId: null,
    patientGender: null,
    surgeryEvent: '',
    description: null,
    descriptionText: '',
    surgeryDate: null,
    surgeryYear: null,
    pgsGrade: null,
    thumbnail: null,
    videoLink: '',
    isDownloadable: false,
    visibility: 'private',
    whitelist: [],
    listEntries: [],
    accessGrants: [],
    autoConfirm: false,
    detailsSavedAt: null,
    fileType: null,
    category: null,
    originalDeletedAt: null,
    sizeBytes: null,
    probe: null,
    quality: null,
    violations: [],
    thumbnailTimes: [],
    filmstrip: null,
    reviewProxyKey: null,
    failureReason: null,
    analysis: null,
    confirmedRanges: null,
    confirmedMasks: null,
    confirmedBy: null,
    confirmedAt: null,
    reviewDraft: null,
    renderingVersion: null,
    publishedVersion: 0,
    rendition: null,
    publishedAt: null,
    takenDownAt: null,
    takenDownBy: null,
    takedownReason: null,
    speculativeSd: null,
    speculativeSdAt: null,
    createdAt: at,
    updatedAt: at,
    ...values,
  } as VideoRow;
}

export function fakeVideosRepository(users: Record<string, string> = {}) {
  const rows = new Map<string, VideoRow>();
  const segments = new Map<string, SegmentRow[]>();
  const confirmations: { videoId: string; version: number; ranges: VideoRow['confirmedRanges']; masks: VideoRow['confirmedMasks']; confirmedBy: string }[] = [];
  const versions: VersionRow[] = [];
  const repository: VideosRepository & { rows: Map<string, VideoRow>; confirmationsRecorded: typeof confirmations } = {
    rows,
    confirmationsRecorded: confirmations,
    async create(values) {
      const row = videoRow(values);
      rows.set(row.id, row);
      return row;
    },
    async openUploads(ownerId) {
      const open = [...rows.values()].filter((r) => r.status === 'uploading');
      const outstandingBytes = open.reduce((sum, r) => sum + Math.max(0, (r.sizeBytes ?? 0) * (1 - (r.percent ?? 0) / 100)), 0);
      return { ofOwner: open.filter((r) => r.ownerId === ownerId).length, outstandingBytes };
    },
    async createUpload(values, admit) {
      await admit(await repository.openUploads(values.ownerId));
      return repository.create(values);
    },
    async find(id) {
      const row = rows.get(id);
      return row ? structuredClone(row) : null;
    },
    async findWithOwner(id) {
      const row = rows.get(id);
      return row ? { video: structuredClone(row), ownerName: users[row.ownerId] ?? '' } : null;
    },
    async userName(userId) {
      return users[userId] ?? null;
    },
    async listByOwner(ownerId) {
      return [...rows.values()].filter((r) => r.ownerId === ownerId).map((video) => ({ video: structuredClone(video), ownerName: users[ownerId] ?? '' }));
    },
    async update(id: string, patch: VideoPatch, from?: readonly VideoStatus[], guard?: { detailsUnsaved: true }) {
      const row = rows.get(id);
      if (!row || (from && !from.includes(row.status)) || (guard?.detailsUnsaved && row.detailsSavedAt)) return null;
      const updated = { ...row, ...patch, updatedAt: new Date() } as VideoRow;
      rows.set(id, updated);
      return structuredClone(updated);
    },
    async waitingOnJobs(quietSeconds) {
      const before = Date.now() - quietSeconds * 1000;
      return [...rows.values()]
        .filter((r) => (WORKING_STATUSES as readonly string[]).includes(r.status) || (r.status === 'published' && r.rendition?.complete === false))
        .filter((r) => r.updatedAt.getTime() < before)
        .map((r) => structuredClone(r));
    },
    async setSpeculativeSd(id, state, from) {
      const row = rows.get(id);
      if (!row || (from && !from.includes(row.speculativeSd))) return false;
      rows.set(id, { ...row, speculativeSd: state, speculativeSdAt: new Date() });
      return true;
    },
    async speculativeSd(id) {
      const row = rows.get(id);
      const at = row?.speculativeSdAt?.getTime() ?? 0;
      return { state: row?.speculativeSd ?? null, live: Date.now() - at < SPECULATIVE_SD_STALE_SECONDS * 1000 };
    },
    async saveReviewDraft(id, draft) {
      const row = rows.get(id);
      if (row) rows.set(id, { ...row, reviewDraft: structuredClone(draft) });
    },
    async setPoster(id, version, poster) {
      const row = rows.get(id);
      if (!row?.rendition || row.rendition.version !== version) return false;
      rows.set(id, { ...row, rendition: { ...row.rendition, poster } });
      return true;
    },
    async delete(id) {
      rows.delete(id);
    },
    async saveVersion(video, rendition, sizeBytes) {
      const existing = versions.find((v) => v.videoId === video.id && v.version === rendition.version);
      if (existing) Object.assign(existing, { rendition, sizeBytes });
      else
        versions.push({
          videoId: video.id,
          version: rendition.version,
          ranges: video.confirmedRanges ?? [],
          confirmedBy: video.confirmedBy ?? 'auto',
          confirmedAt: video.confirmedAt ?? new Date(),
          rendition,
          sizeBytes,
          createdAt: new Date(),
          deletedAt: null,
          deletedBy: null,
        });
    },
    async versions(videoIds) {
      return structuredClone(versions.filter((v) => videoIds.includes(v.videoId)).sort((a, b) => a.version - b.version));
    },
    async recordConfirmation(videoId, version, ranges, confirmedBy, masks = []) {
      confirmations.push({ videoId, version, ranges, masks, confirmedBy });
    },
    async versionMasks(videoIds) {
      // The last confirmation of each version wins, as in the database.
      return new Map(confirmations.filter((c) => videoIds.includes(c.videoId)).map((c) => [`${c.videoId}/${c.version}`, c.masks ?? []]));
    },
    async confirmations(videoId) {
      return confirmations
        .filter((c) => c.videoId === videoId)
        .map((c, i) => ({
          id: i + 1,
          videoId,
          version: c.version,
          ranges: c.ranges ?? [],
          masks: c.masks ?? [],
          confirmedBy: c.confirmedBy,
          confirmedAt: new Date(),
        }));
    },
    async segments(videoId) {
      return segments.get(videoId) ?? [];
    },
    async replaceSegments(videoId, list, patch) {
      segments.set(
        videoId,
        list.map((s, i) => ({ ...s, id: i + 1, videoId })),
      );
      const row = rows.get(videoId);
      if (row) rows.set(videoId, { ...row, ...patch } as VideoRow);
    },
    async staleUploads(before) {
      return [...rows.values()].filter((r) => r.status === 'uploading' && r.updatedAt < before);
    },
    async originalsToDelete(before) {
      return [...rows.values()].filter(
        (r) => r.status === 'published' && !r.originalDeletedAt && r.publishedAt && r.publishedAt < before && r.rendition?.complete,
      );
    },
  };
  return repository;
}

/** Storage in memory; `localFile` answers a made-up path (fake media tools never open it). */
export function fakeStorage() {
  const objects = new Map<string, Buffer>();
  const storage: Storage & { objects: Map<string, Buffer> } = {
    kind: 'local',
    objects,
    async put(key, data) {
      objects.set(key, data);
    },
    async putFile(key, file) {
      objects.set(key, Buffer.from(`file:${file}`));
    },
    async get(key, range?: ByteRange) {
      const data = objects.get(key);
      if (!data) return null;
      return { stream: Readable.from(range ? data.subarray(range.start, range.end + 1) : data), size: data.length };
    },
    async stat(key) {
      const data = objects.get(key);
      return data ? { size: data.length } : null;
    },
    async delete(key) {
      objects.delete(key);
    },
    async deletePrefix(prefix) {
      for (const key of [...objects.keys()]) if (key.startsWith(`${prefix}/`)) objects.delete(key);
    },
    async list(prefix) {
      return [...objects.keys()].filter((key) => key.startsWith(`${prefix}/`)).sort();
    },
    async localFile(key): Promise<LocalFile> {
      if (!objects.has(key)) throw Object.assign(new Error(`ENOENT: ${key}`), { code: 'ENOENT' });
      return { path: `/fake/${key}`, release: async () => undefined };
    },
  };
  return storage;
}

/** A queue that records what is sent (with the ids asked for); every job sent lives until a test puts its id in `gone`. */
export function fakeQueue(): Queue & { sent: JobRequest[]; ids: (string | undefined)[]; gone: Set<string> } {
  const sent: JobRequest[] = [];
  const ids: (string | undefined)[] = [];
  const gone = new Set<string>();
  const queue: Queue & { sent: JobRequest[]; ids: (string | undefined)[]; gone: Set<string> } = {
    sent,
    ids,
    gone,
    async send<N extends JobName>(name: N, payload: JobPayload<N>, options: SendOptions = {}) {
      sent.push({ name, payload } as JobRequest);
      ids.push(options.id);
    },
    alive: async (_name, id) => ids.includes(id) && !gone.has(id),
    within: () => queue,
  };
  return queue;
}

/** Signed URLs that say what they sign, so tests can read them. */
export const fakeSigner: MediaSigner = {
  lifetimeSeconds: 6000,
  url: (key, options = {}) => `/media/signed.${options.kind ?? 'file'}.${options.scope ?? key}/${key}`,
  verify: () => null,
  expiresAt: () => new Date('2026-11-01T11:40:00Z'),
};

export function jobContext(options: { lastAttempt?: boolean; signal?: AbortSignal } = {}): JobContext {
  const log = {
    info: () => undefined,
    warn: () => undefined,
    error: () => undefined,
    debug: () => undefined,
    child: () => log,
  } as unknown as JobContext['log'];
  return {
    id: 'job-1',
    signal: options.signal ?? new AbortController().signal,
    log,
    retryCount: options.lastAttempt ? 3 : 0,
    lastAttempt: options.lastAttempt ?? false,
  };
}
