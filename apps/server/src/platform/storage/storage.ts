// Object storage behind a small interface: local disk under DATA_DIR/media by default, S3 when
// STORAGE=s3 (storage-s3.ts). Keys are relative paths ('videos/<id>/…'); anything that could climb
// out of the root is refused. ffmpeg needs files, so `localFile` hands out a path (the object
// itself on disk, a downloaded copy from S3).
import { createReadStream, createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

export interface ByteRange {
  /** First byte, inclusive. */
  start: number;
  /** Last byte, inclusive. */
  end: number;
}

export interface StoredObject {
  stream: Readable;
  /** Size of the whole object (not of the range). */
  size: number;
}

export interface LocalFile {
  path: string;
  /** Removes the copy when it was downloaded; does nothing for local storage. */
  release(): Promise<void>;
}

export interface Storage {
  readonly kind: 'local' | 's3';
  put(key: string, data: Buffer, contentType: string): Promise<void>;
  /** Streams a local file into the store (large files: never held in memory). */
  putFile(key: string, file: string, contentType: string): Promise<void>;
  /** A stream of the object (or of `range` of it), or null when it does not exist. */
  get(key: string, range?: ByteRange): Promise<StoredObject | null>;
  /** Size of the object, or null when it does not exist. */
  stat(key: string): Promise<{ size: number } | null>;
  delete(key: string): Promise<void>;
  /** Deletes every object whose key starts with `prefix/`. */
  deletePrefix(prefix: string): Promise<void>;
  /** Keys under `prefix/`, relative to the store's root, sorted. */
  list(prefix: string): Promise<string[]>;
  /** The object as a local file for tools that need one (ffmpeg); download under `tempDir` if needed. */
  localFile(key: string, tempDir: string): Promise<LocalFile>;
}

const KEY_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]*(\/[A-Za-z0-9][A-Za-z0-9._-]*)*$/;

export function assertStorageKey(key: string): void {
  // Spec section 5: a path must not start with '/'. We also refuse '..' and anything unusual.
  if (!KEY_PATTERN.test(key) || key.split('/').some((part) => part === '..' || part === '.')) {
    throw new Error(`invalid storage key: ${key}`);
  }
}

export function createLocalStorage(root: string): Storage {
  const resolve = (key: string) => {
    assertStorageKey(key);
    return path.join(root, ...key.split('/'));
  };
  const temporary = (file: string) => `${file}.${process.pid}.${Date.now()}.part`;
  const walk = async (dir: string): Promise<string[]> => {
    const entries = await fs.readdir(dir, { withFileTypes: true }).catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return [];
      throw error;
    });
    const nested = await Promise.all(entries.map((entry) => (entry.isDirectory() ? walk(path.join(dir, entry.name)) : [path.join(dir, entry.name)])));
    return nested.flat();
  };
  return {
    kind: 'local',
    async put(key, data) {
      const file = resolve(key);
      await fs.mkdir(path.dirname(file), { recursive: true });
      // Write then rename: a reader never sees half a file, and a crash leaves no broken object.
      const temp = temporary(file);
      await fs.writeFile(temp, data);
      await fs.rename(temp, file);
    },
    async putFile(key, source) {
      const file = resolve(key);
      if (path.resolve(source) === file) return;
      await fs.mkdir(path.dirname(file), { recursive: true });
      const temp = temporary(file);
      await pipeline(createReadStream(source), createWriteStream(temp));
      await fs.rename(temp, file);
    },
    async get(key, range) {
      const file = resolve(key);
      try {
        const stat = await fs.stat(file);
        if (!stat.isFile()) return null;
        return { stream: createReadStream(file, range ? { start: range.start, end: range.end } : {}), size: stat.size };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async stat(key) {
      const stat = await fs.stat(resolve(key)).catch(() => null);
      return stat?.isFile() ? { size: stat.size } : null;
    },
    async delete(key) {
      await fs.rm(resolve(key), { force: true });
    },
    async deletePrefix(prefix) {
      await fs.rm(resolve(prefix), { recursive: true, force: true });
    },
    async list(prefix) {
      const dir = resolve(prefix);
      const files = await walk(dir);
      return files
        .filter((file) => !file.endsWith('.part'))
        .map((file) => path.relative(root, file).split(path.sep).join('/'))
        .sort();
    },
    async localFile(key) {
      const file = resolve(key);
      await fs.access(file);
      return { path: file, release: async () => undefined };
    },
  };
}
