// One contract for both storage adapters: local disk and S3 (against s3rver, a local S3-compatible
// server) must behave the same for everything the video pipeline and the media endpoint rely on.
import { createHash, randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalStorage, type Storage } from '../src/platform/storage/storage.js';
import { createS3Storage } from '../src/platform/storage/storage-s3.js';
import { startLocalS3, type LocalS3 } from './helpers/local-s3.js';

interface Backend {
  name: string;
  start(): Promise<{ storage: Storage; s3?: LocalS3; stop(): Promise<void> }>;
}

const backends: Backend[] = [
  {
    name: 'local disk',
    async start() {
      const root = await fs.mkdtemp(path.join(os.tmpdir(), 'ipsv-test-storage-'));
      return { storage: createLocalStorage(root), stop: () => fs.rm(root, { recursive: true, force: true }) };
    },
  },
  {
    name: 'S3 (s3rver)',
    async start() {
      const s3 = await startLocalS3();
      const storage = createS3Storage({
        bucket: s3.bucket,
        endpoint: s3.endpoint,
        forcePathStyle: true,
        accessKeyId: s3.accessKeyId,
        secretAccessKey: s3.secretAccessKey,
        // A prefix, so that the tests also show keys come back relative to it.
        prefix: 'install-a',
      });
      return { storage, s3, stop: () => s3.stop() };
    },
  },
];

const readAll = async (stream: Readable): Promise<Buffer> => {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
};

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

describe.each(backends)('storage on $name', (backend) => {
  let storage: Storage;
  let s3: LocalS3 | undefined;
  let stop: () => Promise<void>;
  let scratch: string;

  beforeAll(async () => {
    ({ storage, s3, stop } = await backend.start());
    scratch = await fs.mkdtemp(path.join(os.tmpdir(), 'ipsv-test-scratch-'));
  });
  afterAll(async () => {
    await stop?.();
    if (scratch) await fs.rm(scratch, { recursive: true, force: true });
  });

  it('gives back what was put, with its size', async () => {
    await storage.put('videos/v1/notes.txt', Buffer.from('surgery notes'), 'text/plain');
    const object = await storage.get('videos/v1/notes.txt');
    expect(object?.size).toBe(13);
    expect((await readAll(object!.stream)).toString()).toBe('surgery notes');
    expect(await storage.stat('videos/v1/notes.txt')).toEqual({ size: 13 });
  });

  it('replaces an object that is put again', async () => {
    await storage.put('videos/v1/replace.txt', Buffer.from('first version'), 'text/plain');
    await storage.put('videos/v1/replace.txt', Buffer.from('second'), 'text/plain');
    const object = await storage.get('videos/v1/replace.txt');
    expect((await readAll(object!.stream)).toString()).toBe('second');
  });

  it('reads a byte range and still reports the size of the whole object', async () => {
    await storage.put('videos/v1/range.bin', Buffer.from('0123456789abcdef'), 'application/octet-stream');
    const middle = await storage.get('videos/v1/range.bin', { start: 3, end: 7 });
    expect((await readAll(middle!.stream)).toString()).toBe('34567');
    expect(middle!.size).toBe(16);
    const last = await storage.get('videos/v1/range.bin', { start: 15, end: 15 });
    expect((await readAll(last!.stream)).toString()).toBe('f');
    expect(last!.size).toBe(16);
  });

  it('answers null for a missing object, and deleting one is harmless', async () => {
    expect(await storage.get('videos/nobody/here.mp4')).toBeNull();
    expect(await storage.get('videos/nobody/here.mp4', { start: 0, end: 10 })).toBeNull();
    expect(await storage.stat('videos/nobody/here.mp4')).toBeNull();
    await expect(storage.delete('videos/nobody/here.mp4')).resolves.toBeUndefined();
    await expect(storage.localFile('videos/nobody/here.mp4', scratch)).rejects.toThrow();
  });

  it('deletes one object', async () => {
    await storage.put('videos/v1/gone.txt', Buffer.from('x'), 'text/plain');
    await storage.delete('videos/v1/gone.txt');
    expect(await storage.stat('videos/v1/gone.txt')).toBeNull();
    expect(await storage.get('videos/v1/gone.txt')).toBeNull();
  });

  it('stores a small file and a 12 MB file (multipart on S3) byte for byte', async () => {
    const small = path.join(scratch, 'small.bin');
    await fs.writeFile(small, randomBytes(1000));
    await storage.putFile('videos/v2/small.bin', small, 'application/octet-stream');
    expect(await storage.stat('videos/v2/small.bin')).toEqual({ size: 1000 });

    // Random bytes: parts stored in the wrong order or twice would change the hash.
    const content = randomBytes(12 * 1024 * 1024 + 12345);
    const big = path.join(scratch, 'big.mp4');
    await fs.writeFile(big, content);
    await storage.putFile('videos/v2/original.mp4', big, 'video/mp4');

    const object = await storage.get('videos/v2/original.mp4');
    expect(object!.size).toBe(content.length);
    const stored = await readAll(object!.stream);
    expect(stored.length).toBe(content.length);
    expect(sha256(stored)).toBe(sha256(content));
    // A range across the first part boundary (5 MiB) comes back intact too.
    const boundary = 5 * 1024 * 1024;
    const across = await storage.get('videos/v2/original.mp4', { start: boundary - 100, end: boundary + 99 });
    expect((await readAll(across!.stream)).equals(content.subarray(boundary - 100, boundary + 100))).toBe(true);

    const server = s3;
    if (server) {
      // s3rver reports a completed multipart upload as ObjectCreated:Post, a single put as :Put
      // (its events come from its own process, so they may trail the HTTP reply a little).
      await expect.poll(() => server.events).toContain('ObjectCreated:Post install-a/videos/v2/original.mp4');
      await expect.poll(() => server.events).toContain('ObjectCreated:Put install-a/videos/v2/small.bin');
      expect(server.events).not.toContain('ObjectCreated:Put install-a/videos/v2/original.mp4');
    }
  });

  it('lists the keys under a prefix, sorted, and deletes a prefix without touching its neighbours', async () => {
    for (const key of ['lib/v3/b.ts', 'lib/v3/a.ts', 'lib/v3/hls/720p/seg-1.m4s', 'lib/v3/hls/720p/seg-0.m4s', 'lib/v30/a.ts', 'lib/v3x']) {
      await storage.put(key, Buffer.from(key), 'application/octet-stream');
    }
    expect(await storage.list('lib/v3')).toEqual(['lib/v3/a.ts', 'lib/v3/b.ts', 'lib/v3/hls/720p/seg-0.m4s', 'lib/v3/hls/720p/seg-1.m4s']);
    expect(await storage.list('lib/v3/hls')).toEqual(['lib/v3/hls/720p/seg-0.m4s', 'lib/v3/hls/720p/seg-1.m4s']);
    expect(await storage.list('lib/nothing')).toEqual([]);

    await storage.deletePrefix('lib/v3/hls');
    expect(await storage.list('lib/v3')).toEqual(['lib/v3/a.ts', 'lib/v3/b.ts']);
    await storage.deletePrefix('lib/v3');
    expect(await storage.list('lib/v3')).toEqual([]);
    // 'lib/v30/…' and 'lib/v3x' share the characters of the prefix but are not under 'lib/v3/'.
    expect(await storage.list('lib')).toEqual(['lib/v30/a.ts', 'lib/v3x']);
    await expect(storage.deletePrefix('lib/nothing')).resolves.toBeUndefined();
  });

  it('lists and deletes more keys than one S3 listing page holds (1,000)', async () => {
    const keys = Array.from({ length: 1003 }, (_, i) => `many/m1/tile-${String(i).padStart(4, '0')}.jpg`);
    for (let i = 0; i < keys.length; i += 50) {
      await Promise.all(keys.slice(i, i + 50).map((key) => storage.put(key, Buffer.from('t'), 'image/jpeg')));
    }
    expect(await storage.list('many/m1')).toEqual(keys);
    await storage.deletePrefix('many/m1');
    expect(await storage.list('many/m1')).toEqual([]);
  });

  it('hands out a local file for ffmpeg, and release removes only a downloaded copy', async () => {
    await storage.put('videos/v4/clip.mov', Buffer.from('not really a movie'), 'video/quicktime');
    const tempDir = path.join(scratch, 'work');
    const local = await storage.localFile('videos/v4/clip.mov', tempDir);
    expect(await fs.readFile(local.path, 'utf8')).toBe('not really a movie');
    expect(path.extname(local.path)).toBe('.mov');
    if (storage.kind === 's3') {
      expect(path.dirname(local.path)).toBe(tempDir);
      const second = await storage.localFile('videos/v4/clip.mov', tempDir);
      expect(second.path).not.toBe(local.path);
      await second.release();
    }
    await local.release();
    expect(existsSync(local.path)).toBe(storage.kind === 'local');
    expect(await storage.stat('videos/v4/clip.mov')).toEqual({ size: 18 });
  });

  it.each(['../x', '/x', 'videos/../../etc/passwd', 'videos/./a', 'videos//a', ''])('refuses the key "%s"', async (key) => {
    await expect(storage.put(key, Buffer.from('x'), 'text/plain')).rejects.toThrow(/invalid storage key/);
    await expect(storage.putFile(key, path.join(scratch, 'small.bin'), 'text/plain')).rejects.toThrow(/invalid storage key/);
    await expect(storage.get(key)).rejects.toThrow(/invalid storage key/);
    await expect(storage.stat(key)).rejects.toThrow(/invalid storage key/);
    await expect(storage.delete(key)).rejects.toThrow(/invalid storage key/);
    await expect(storage.deletePrefix(key)).rejects.toThrow(/invalid storage key/);
    await expect(storage.list(key)).rejects.toThrow(/invalid storage key/);
    await expect(storage.localFile(key, scratch)).rejects.toThrow(/invalid storage key/);
  });
});
