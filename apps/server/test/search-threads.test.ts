// Searches in threads of their own (search-threads.ts): what each thread answers is as current as
// PostgreSQL whichever thread answers, searches in flight together go to different threads, and a
// thread that fails or dies costs only its own searches. The whole discovery suite (search.test.ts)
// also runs its API searches through two threads.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { searchQuerySchema } from '@ipsv/contracts/search';
import { createSearchThreads } from '../src/modules/search/search-threads.js';
import { createVideosRepository } from '../src/modules/videos/videos.repository.js';
import { createLocalStorage } from '../src/platform/storage/storage.js';
import { createTestDatabase, type TestDatabase } from './helpers/test-database.js';
import { videoInState } from './helpers/video-states.js';

let database: TestDatabase;
let scratch: string;
const viewer = { id: 'viewer-1', email: 'viewer@threads.org', role: 'viewer' as const };
const query = (q: string) => searchQuerySchema.parse({ q });

beforeAll(async () => {
  database = await createTestDatabase();
  scratch = await fs.mkdtemp(path.join(os.tmpdir(), 'ipsv-search-threads-'));
  await database.pool.query(`INSERT INTO users (id, name, email, email_verified, role) VALUES ('owner-1', 'Ada Surgeon', 'ada@threads.org', true, 'provider')`);
});
afterAll(async () => {
  await database?.drop();
  if (scratch) await fs.rm(scratch, { recursive: true, force: true });
});

describe('search threads', () => {
  it('answer with what PostgreSQL holds now, whichever thread answers', async () => {
    const videos = createVideosRepository(database.db);
    const storage = createLocalStorage(path.join(scratch, 'media'));
    const row = await videoInState({ videos, storage }, 'owner-1', 'published');
    await videos.update(row.id, { title: 'Quillwort appendectomy' });
    const threads = createSearchThreads({ count: 2, databaseUrl: database.url, connections: 2 });
    try {
      await threads.warm();
      expect(threads.started).toBe(2);
      const titles = async (q: string) => (await threads.page(viewer, query(q))).rows.map((card) => card.title);
      // One after the other, the searches go to each thread in turn: each has its own catalogue.
      for (let i = 0; i < 4; i += 1) expect(await titles('quillwort')).toEqual(['Quillwort appendectomy']);
      await videos.update(row.id, { title: 'Quillwort appendectomy, second edit' });
      for (let i = 0; i < 4; i += 1) expect(await titles('quillwort')).toEqual(['Quillwort appendectomy, second edit']);
      await database.pool.query(`UPDATE videos SET visibility = 'private' WHERE id = $1`, [row.id]);
      for (let i = 0; i < 4; i += 1) expect(await titles('quillwort')).toEqual([]);
      // The owner still finds it, in every thread, and the card carries only what a card shows.
      const owner = { id: 'owner-1', email: 'ada@threads.org', role: 'provider' as const };
      for (let i = 0; i < 2; i += 1) {
        const page = await threads.page(owner, query('quillwort'));
        expect(page.total).toBe(1);
        expect(Object.keys(page.rows[0]!).sort()).toEqual(
          [
            'created_ms',
            'duration_seconds',
            'first_name',
            'id',
            'last_name',
            'owner_id',
            'picture_key',
            'poster',
            'published_ms',
            'surgery_type_id',
            'surgery_year',
            'title',
          ].sort(),
        );
      }
    } finally {
      await threads.close();
    }
  });

  const standIn = new URL('./helpers/failing-search-worker.mjs', import.meta.url);

  it('give searches in flight together to different threads', async () => {
    const threads = createSearchThreads({ count: 2, databaseUrl: database.url, workerUrl: standIn });
    try {
      await threads.warm();
      const [a, b] = await Promise.all([threads.page(viewer, query('slow')), threads.page(viewer, query('slow'))]);
      expect(a.total).not.toBe(b.total);
    } finally {
      await threads.close();
    }
  });

  it('fail only the search a thread failed, and start a new thread in place of one that died', async () => {
    const threads = createSearchThreads({ count: 2, databaseUrl: database.url, workerUrl: standIn });
    try {
      await threads.warm();
      await expect(threads.page(viewer, query('fail'))).rejects.toThrow('the catalogue could not be read');
      const slow = threads.page(viewer, query('slow'));
      await expect(threads.page(viewer, query('crash'))).rejects.toThrow('A search thread stopped unexpectedly (it exited with code 3)');
      // The other thread's search is unharmed, and the next search starts a third thread.
      await expect(slow).resolves.toMatchObject({ rows: [] });
      await expect(threads.page(viewer, query('next'))).resolves.toMatchObject({ rows: [] });
      expect(threads.started).toBe(3);
    } finally {
      await threads.close();
    }
  });

  it('refuse searches once closed, and fail the ones still in flight', async () => {
    const threads = createSearchThreads({ count: 1, databaseUrl: database.url, workerUrl: standIn });
    const slow = threads.page(viewer, query('slow')).then(
      () => null,
      (error: unknown) => error,
    );
    await threads.close();
    expect(await slow).toEqual(new Error('The search threads were closed'));
    await expect(threads.page(viewer, query('next'))).rejects.toThrow('The search threads are closed');
  });
});
