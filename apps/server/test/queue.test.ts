// The job queue on a real PostgreSQL: a job sent from the process that works its queue starts at
// once rather than at the next poll (the render after a provider's click is seconds of work), and
// `pending` says whether a video's job is still waiting or running (the render waits for the
// speculative standard definition that way), and `activeOnly` whether it is running.
import pino from 'pino';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { defineJob, startQueue, type QueueHandle } from '../src/platform/jobs/queue.js';
import { createTestDatabase, type TestDatabase } from './helpers/test-database.js';

let database: TestDatabase;
let queue: QueueHandle;

beforeAll(async () => {
  database = await createTestDatabase();
  // A poll every 30 s: anything quicker than that was woken, not polled.
  queue = await startQueue(database.pool, pino({ level: 'silent' }), { pollingIntervalSeconds: 30 });
}, 60_000);

afterAll(async () => {
  await queue?.stop();
  await database?.drop();
});

it('starts a job sent from this process at once, and reports it pending until it has finished', async () => {
  const started: number[] = [];
  let release: () => void = () => undefined;
  const running = new Promise<void>((resolve) => (release = resolve));
  await queue.work([
    defineJob('video-speculative-sd', { retryLimit: 0, retryDelay: 1, expireInSeconds: 60 }, async ({ videoId }) => {
      if (videoId !== 'v-1') return;
      started.push(Date.now());
      await running;
    }),
  ]);
  // The worker's first poll happens when it starts; wait for it to be idle again.
  await new Promise((resolve) => setTimeout(resolve, 1000));
  expect(await queue.pending('video-speculative-sd', 'v-1')).toBe(false);

  const sent = Date.now();
  await queue.send('video-speculative-sd', { videoId: 'v-1' });
  expect(await queue.pending('video-speculative-sd', 'v-1')).toBe(true);
  const deadline = Date.now() + 10_000;
  while (started.length === 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
  expect(started).toHaveLength(1);
  expect(started[0]! - sent).toBeLessThan(3000);
  // Running: still pending, and active (another video's job is not).
  expect(await queue.pending('video-speculative-sd', 'v-1')).toBe(true);
  expect(await queue.pending('video-speculative-sd', 'v-1', { activeOnly: true })).toBe(true);
  expect(await queue.pending('video-speculative-sd', 'v-2')).toBe(false);
  // Waiting for its time (or for a worker): pending, not active.
  await queue.send('video-speculative-sd', { videoId: 'v-3' }, { startAfterSeconds: 600 });
  expect(await queue.pending('video-speculative-sd', 'v-3')).toBe(true);
  expect(await queue.pending('video-speculative-sd', 'v-3', { activeOnly: true })).toBe(false);

  release();
  const done = Date.now() + 10_000;
  while ((await queue.pending('video-speculative-sd', 'v-1')) && Date.now() < done) await new Promise((resolve) => setTimeout(resolve, 50));
  expect(await queue.pending('video-speculative-sd', 'v-1')).toBe(false);
}, 30_000);

it('workers started together on a database without their queues all start (creating a queue may deadlock; the loser tries again)', async () => {
  const fresh = await createTestDatabase();
  const queues: QueueHandle[] = [];
  try {
    const names = ['video-analyse', 'video-analyse-chunk', 'video-render', 'video-poster', 'video-ingest'] as const;
    const definitions = names.map((name) => defineJob(name, { retryLimit: 0, retryDelay: 1, expireInSeconds: 60 }, async () => undefined));
    for (let round = 0; round < 3; round += 1) {
      const starting = await Promise.all(Array.from({ length: 4 }, () => startQueue(fresh.pool, pino({ level: 'silent' }), { pollingIntervalSeconds: 30 })));
      queues.push(...starting);
      await Promise.all(starting.map((q) => q.work(definitions)));
    }
    const { rows } = await fresh.pool.query(`SELECT name FROM pgboss.queue WHERE name = ANY($1) ORDER BY name`, [[...names]]);
    expect(rows.map((r: { name: string }) => r.name)).toEqual([...names].sort());
  } finally {
    for (const q of queues) await q.stop();
    await fresh.drop();
  }
}, 120_000);
