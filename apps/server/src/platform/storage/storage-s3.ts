// The Storage interface on S3 or an S3-compatible server (MinIO, Ceph, s3rver), for installations
// that run STORAGE=s3. Same keys and semantics as local storage; an optional prefix shares a bucket.
import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  UploadPartCommand,
  type CompletedPart,
} from '@aws-sdk/client-s3';
import type { Config } from '../config.js';
import { assertStorageKey, type Storage } from './storage.js';

export interface S3StorageOptions {
  bucket: string;
  /** Default us-east-2 (spec section 9). */
  region?: string;
  /** An S3-compatible server instead of AWS, e.g. http://minio:9000. */
  endpoint?: string;
  /** Bucket in the path (http://host/bucket/key): most S3-compatible servers need it. */
  forcePathStyle?: boolean;
  /** Both or neither; without them the SDK's default chain (environment, instance role...) is used. */
  accessKeyId?: string;
  secretAccessKey?: string;
  /** Every key is stored under `prefix/`, so one bucket can hold several installations. */
  prefix?: string;
}

// Spec section 9: single put below 5 MB, parts of at least 5 MB, at most 10,000 parts, 4 in parallel.
export const MULTIPART_THRESHOLD = 5 * 1024 * 1024;
const MAX_PARTS = 10_000;
const PARALLEL_PARTS = 4;

/** Part size for a file: 5 MB, or more when 10,000 parts of 5 MB would not hold it. */
export const partSizeFor = (size: number): number => {
  const mebibyte = 1024 * 1024;
  return Math.max(MULTIPART_THRESHOLD, Math.ceil(size / MAX_PARTS / mebibyte) * mebibyte);
};

const isMissing = (error: unknown): boolean => {
  const name = (error as { name?: string } | null)?.name;
  // GetObject says NoSuchKey; HeadObject has no body, so the SDK can only say NotFound.
  return name === 'NoSuchKey' || name === 'NotFound';
};

/** Total size from a Content-Range header such as "bytes 0-99/1234". */
const totalFromContentRange = (header: string | undefined): number | null => {
  const match = /\/(\d+)\s*$/.exec(header ?? '');
  return match ? Number(match[1]) : null;
};

export function createS3Storage(options: S3StorageOptions): Storage {
  const { bucket, endpoint } = options;
  if (!bucket) throw new Error('S3 storage needs a bucket');
  if (Boolean(options.accessKeyId) !== Boolean(options.secretAccessKey)) {
    throw new Error('S3 storage needs both an access key id and a secret access key, or neither');
  }
  const root = (options.prefix ?? '').replace(/^\/+|\/+$/g, '');
  if (root) assertStorageKey(root);

  const client = new S3Client({
    region: options.region ?? 'us-east-2',
    endpoint,
    forcePathStyle: options.forcePathStyle ?? false,
    credentials: options.accessKeyId && options.secretAccessKey ? { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey } : undefined,
    // Since 2025 the SDK adds CRC checksums to every upload by default, which many S3-compatible
    // servers reject or mishandle; they get checksums only where the S3 API requires them.
    ...(endpoint ? { requestChecksumCalculation: 'WHEN_REQUIRED', responseChecksumValidation: 'WHEN_REQUIRED' } : {}),
  });

  const objectKey = (key: string) => {
    assertStorageKey(key);
    return root ? `${root}/${key}` : key;
  };
  const relativeKey = (key: string) => (root ? key.slice(root.length + 1) : key);

  /** Every stored key (absolute, with the store prefix) under `prefix/`, page by page. */
  async function* listPages(prefix: string): AsyncGenerator<string[]> {
    let token: string | undefined;
    do {
      const page = await client.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: `${objectKey(prefix)}/`, ContinuationToken: token }));
      yield (page.Contents ?? []).flatMap((object) => (object.Key ? [object.Key] : []));
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  const multipartUpload = async (key: string, file: string, size: number, contentType: string) => {
    const partSize = partSizeFor(size);
    const partCount = Math.ceil(size / partSize);
    const { UploadId } = await client.send(new CreateMultipartUploadCommand({ Bucket: bucket, Key: key, ContentType: contentType }));
    if (!UploadId) throw new Error(`S3 gave no upload id for ${key}`);
    const handle = await fs.open(file, 'r');
    const parts: CompletedPart[] = [];
    let next = 0;
    let failed = false;
    // Each part is read into its own buffer (at most 4 × part size in memory): unlike a stream, a
    // buffer can be sent again when the SDK retries a part after a network error.
    const worker = async () => {
      while (!failed && next < partCount) {
        const index = next++;
        const start = index * partSize;
        const length = Math.min(partSize, size - start);
        const body = Buffer.alloc(length);
        const { bytesRead } = await handle.read(body, 0, length, start);
        if (bytesRead !== length) throw new Error(`${file} changed size while it was being uploaded`);
        const { ETag } = await client.send(
          new UploadPartCommand({ Bucket: bucket, Key: key, UploadId, PartNumber: index + 1, Body: body, ContentLength: length }),
        );
        parts.push({ ETag, PartNumber: index + 1 });
      }
    };
    try {
      // Wait for every worker to stop before aborting, so no part lands after the abort.
      const results = await Promise.allSettled(
        Array.from({ length: Math.min(PARALLEL_PARTS, partCount) }, () =>
          worker().catch((error: unknown) => {
            failed = true;
            throw error;
          }),
        ),
      );
      const rejected = results.find((result) => result.status === 'rejected');
      if (rejected) throw rejected.reason;
      parts.sort((a, b) => (a.PartNumber ?? 0) - (b.PartNumber ?? 0));
      await client.send(new CompleteMultipartUploadCommand({ Bucket: bucket, Key: key, UploadId, MultipartUpload: { Parts: parts } }));
    } catch (error) {
      // An unfinished upload keeps its parts (and costs storage) until it is aborted.
      await client.send(new AbortMultipartUploadCommand({ Bucket: bucket, Key: key, UploadId })).catch(() => undefined);
      throw error;
    } finally {
      await handle.close();
    }
  };

  const storage: Storage = {
    kind: 's3',
    async put(key, data, contentType) {
      await client.send(new PutObjectCommand({ Bucket: bucket, Key: objectKey(key), Body: data, ContentType: contentType, ContentLength: data.length }));
    },
    async putFile(key, file, contentType) {
      const target = objectKey(key);
      const { size } = await fs.stat(file);
      if (size >= MULTIPART_THRESHOLD) {
        await multipartUpload(target, file, size, contentType);
        return;
      }
      // Under 5 MB a buffer costs little and, unlike a stream, survives the SDK's retries.
      const body = await fs.readFile(file);
      await client.send(new PutObjectCommand({ Bucket: bucket, Key: target, Body: body, ContentType: contentType, ContentLength: body.length }));
    },
    async get(key, range) {
      try {
        const response = await client.send(
          new GetObjectCommand({ Bucket: bucket, Key: objectKey(key), Range: range ? `bytes=${range.start}-${range.end}` : undefined }),
        );
        const size = (range ? totalFromContentRange(response.ContentRange) : null) ?? response.ContentLength ?? 0;
        // In Node the SDK's body is an http.IncomingMessage, a Readable.
        return { stream: response.Body as Readable, size };
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async stat(key) {
      try {
        const response = await client.send(new HeadObjectCommand({ Bucket: bucket, Key: objectKey(key) }));
        return { size: response.ContentLength ?? 0 };
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: objectKey(key) }));
    },
    async deletePrefix(prefix) {
      // A listing page holds at most 1,000 keys, exactly what one DeleteObjects call accepts.
      for await (const keys of listPages(prefix)) {
        if (keys.length === 0) continue;
        const result = await client.send(new DeleteObjectsCommand({ Bucket: bucket, Delete: { Objects: keys.map((Key) => ({ Key })), Quiet: true } }));
        const first = result.Errors?.[0];
        if (first) throw new Error(`Could not delete ${result.Errors!.length} object(s) under ${prefix}/, e.g. ${first.Key}: ${first.Code} ${first.Message}`);
      }
    },
    async list(prefix) {
      const keys: string[] = [];
      for await (const page of listPages(prefix)) keys.push(...page.map(relativeKey));
      return keys.sort();
    },
    async localFile(key, tempDir) {
      const object = await storage.get(key);
      if (!object) {
        throw Object.assign(new Error(`No such object: ${key}`), { code: 'ENOENT' });
      }
      await fs.mkdir(tempDir, { recursive: true });
      // Keep the object's name (and so its extension, which some ffmpeg demuxers rely on).
      const file = path.join(tempDir, `${randomUUID()}-${path.posix.basename(key)}`);
      try {
        await pipeline(object.stream, createWriteStream(file));
      } catch (error) {
        await fs.rm(file, { force: true });
        throw error;
      }
      return { path: file, release: () => fs.rm(file, { force: true }) };
    },
  };
  return storage;
}

/** Options for createS3Storage from the validated configuration (STORAGE=s3 guarantees S3_BUCKET). */
export function s3OptionsFromConfig(
  config: Pick<Config, 'S3_BUCKET' | 'S3_REGION' | 'S3_ENDPOINT' | 'S3_FORCE_PATH_STYLE' | 'S3_ACCESS_KEY_ID' | 'S3_SECRET_ACCESS_KEY' | 'S3_PREFIX'>,
): S3StorageOptions {
  if (!config.S3_BUCKET) throw new Error('S3_BUCKET is required when STORAGE=s3');
  return {
    bucket: config.S3_BUCKET,
    region: config.S3_REGION,
    endpoint: config.S3_ENDPOINT,
    forcePathStyle: config.S3_FORCE_PATH_STYLE,
    accessKeyId: config.S3_ACCESS_KEY_ID,
    secretAccessKey: config.S3_SECRET_ACCESS_KEY,
    prefix: config.S3_PREFIX,
  };
}
