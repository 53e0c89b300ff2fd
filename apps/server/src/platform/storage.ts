// Object storage behind a small interface: local disk under DATA_DIR/media by default. Keys are
// relative paths ('profile-pictures/…'); anything that could climb out of the root is refused.
import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';

export interface Storage {
  put(key: string, data: Buffer, contentType: string): Promise<void>;
  /** A stream of the object, or null when it does not exist. */
  get(key: string): Promise<{ stream: Readable; size: number } | null>;
  delete(key: string): Promise<void>;
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
  return {
    async put(key, data) {
      const file = resolve(key);
      await fs.mkdir(path.dirname(file), { recursive: true });
      // Write then rename: a reader never sees half a file, and a crash leaves no broken object.
      const temp = `${file}.${process.pid}.${Date.now()}.part`;
      await fs.writeFile(temp, data);
      await fs.rename(temp, file);
    },
    async get(key) {
      const file = resolve(key);
      try {
        const stat = await fs.stat(file);
        return { stream: createReadStream(file), size: stat.size };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async delete(key) {
      await fs.rm(resolve(key), { force: true });
    },
  };
}
