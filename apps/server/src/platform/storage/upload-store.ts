// Where tus keeps uploads while they arrive: files beside the media store (their offsets in a
// JSON file per upload, so a restarted server resumes them), or the S3 bucket through multipart
// uploads. The finished upload stays where it is and becomes the quarantined original.
import fs from 'node:fs/promises';
import path from 'node:path';
import { FileStore } from '@tus/file-store';
import { S3Store } from '@tus/s3-store';
import type { DataStore } from '@tus/utils';
import type { S3StorageOptions } from './storage-s3.js';

export interface UploadStore {
  datastore: DataStore;
  /** The storage key of a finished upload's file. */
  keyOf(id: string): string;
  /** Deletes an upload and its bookkeeping. */
  remove(id: string): Promise<void>;
  /** Bytes still free where uploads are written; null when the store has no such limit (S3). */
  freeBytes(): Promise<number | null>;
}

/** Free bytes of the file system that holds `dir` (for an unprivileged writer). */
export async function freeBytesOf(dir: string): Promise<number> {
  await fs.mkdir(dir, { recursive: true });
  const stats = await fs.statfs(dir);
  return stats.bavail * stats.bsize;
}

/** Uploads in <media root>/uploads/<id> (storage key `uploads/<id>`). */
export function createFileUploadStore(mediaRoot: string, expiryMs: number): UploadStore {
  const directory = path.join(mediaRoot, 'uploads');
  const datastore = new FileStore({ directory, expirationPeriodInMilliseconds: expiryMs });
  return {
    datastore,
    keyOf: (id) => `uploads/${id}`,
    remove: (id) => datastore.remove(id).catch(() => undefined),
    freeBytes: () => freeBytesOf(directory),
  };
}

/** Uploads as S3 multipart uploads (parts of 8 MB: spec section 9's minimum part is 5 MB); the object key is the upload id. */
export function createS3UploadStore(options: S3StorageOptions, expiryMs: number): UploadStore {
  const datastore = new S3Store({
    partSize: 8 * 1024 * 1024,
    expirationPeriodInMilliseconds: expiryMs,
    s3ClientConfig: {
      bucket: options.bucket,
      region: options.region ?? 'us-east-2',
      endpoint: options.endpoint,
      forcePathStyle: options.forcePathStyle,
      credentials: options.accessKeyId && options.secretAccessKey ? { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey } : undefined,
    },
  });
  return {
    datastore,
    keyOf: (id) => id,
    remove: (id) => datastore.remove(id).catch(() => undefined),
    freeBytes: async () => null,
  };
}
