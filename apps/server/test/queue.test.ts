// The job queue on a real PostgreSQL: a job sent from the process that works its queue starts at
// once rather than at the next poll (the render after a provider's click is seconds of work), and
// workers started together on a fresh database all get their queues. A job whose worker died runs
// again, and on its last attempt is given up with its definition told, through pg-boss's own API.
import PgBoss from 'pg-boss';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

it('starts a job sent from this process at once, not at its next poll', async () => {
  const started: number[] = [];
  await queue.work([
    defineJob('video-speculative-sd', { retryLimit: 0, retryDelay: 1, expireInSeconds: 60 }, async ({ videoId }) => {
      if (videoId === 'v-1') started.push(Date.now());
    }),
  ]);
  // The worker's first poll happens when it starts; wait for it to be idle again.
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const sent = Date.now();
  await queue.send('video-speculative-sd', { videoId: 'v-1' });
  const deadline = Date.now() + 10_000;
  while (started.length === 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
  expect(started).toHaveLength(1);
  expect(started[0]! - sent).toBeLessThan(3000);
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

describe('a job whose worker died (it stopped beating)', () => {
  /**
   * A job taken by a worker that then died: fetched through pg-boss by a process that is gone, with
   * its last beat long ago. `other` is then started on the same queue, with a short stale window.
   */
  async function takenByADeadWorker(name: 'video-poster' | 'video-ingest', retryLimit: number, other: Parameters<QueueHandle['work']>[0][number]) {
    const fresh = await createTestDatabase();
    const dead = new PgBoss({ db: { executeSql: (text: string, values: unknown[]) => fresh.pool.query(text, values) }, schema: 'pgboss' });
    await dead.start();
    await dead.createQueue(name, { name, retryLimit, retryDelay: 1, retryBackoff: true, expireInSeconds: 600 });
    const id = await dead.send(name, { videoId: 'v-1' });
    expect(await dead.fetch(name)).toHaveLength(1);
    await fresh.pool.query(`INSERT INTO job_heartbeats (job_id, queue, beat_at) VALUES ($1, $2, now() - interval '1 hour')`, [id, name]);
    await dead.stop({ graceful: false, wait: true });
    const survivor = await startQueue(fresh.pool, pino({ level: 'silent' }), { pollingIntervalSeconds: 0.5 });
    await survivor.work([other], { staleAfterSeconds: 1 });
    return { fresh, survivor, id: id! };
  }

  it('runs again on a living worker', async () => {
    const ran: string[] = [];
    const lost: string[] = [];
    const definition = defineJob(
      'video-ingest',
      { retryLimit: 1, retryDelay: 1, expireInSeconds: 600, lost: async ({ videoId }) => void lost.push(videoId) },
      async ({ videoId }) => void ran.push(videoId),
    );
    const { fresh, survivor } = await takenByADeadWorker('video-ingest', 1, definition);
    try {
      const deadline = Date.now() + 20_000;
      while (ran.length === 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
      expect(ran).toEqual(['v-1']);
      expect(lost).toEqual([]);
    } finally {
      await survivor.stop();
      await fresh.drop();
    }
  }, 60_000);

  it('on its last attempt is failed for good, and its definition is told (its video is marked failed there)', async () => {
    const ran: string[] = [];
    const lost: string[] = [];
    const definition = defineJob(
      'video-poster',
      { retryLimit: 0, retryDelay: 1, expireInSeconds: 600, lost: async ({ videoId }) => void lost.push(videoId) },
      async ({ videoId }) => void ran.push(videoId),
    );
    const { fresh, survivor, id } = await takenByADeadWorker('video-poster', 0, definition);
    try {
      const deadline = Date.now() + 20_000;
      while (lost.length === 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
      expect(lost).toEqual(['v-1']);
      expect(ran).toEqual([]);
      const { rows } = await fresh.pool.query(`SELECT count(*)::int AS n FROM job_heartbeats WHERE job_id = $1`, [id]);
      expect(rows[0].n).toBe(0);
    } finally {
      await survivor.stop();
      await fresh.drop();
    }
  }, 60_000);
});

it('a process that only sends, started before any worker, queues its jobs; the first worker runs them with its own options', async () => {
  const fresh = await createTestDatabase();
  const sender = await startQueue(fresh.pool, pino({ level: 'silent' }), { pollingIntervalSeconds: 0.5 });
  let worker: QueueHandle | undefined;
  try {
    await sender.send('video-poster', { videoId: 'v-early' });
    const ran: string[] = [];
    worker = await startQueue(fresh.pool, pino({ level: 'silent' }), { pollingIntervalSeconds: 0.5 });
    await worker.work([defineJob('video-poster', { retryLimit: 4, retryDelay: 7, expireInSeconds: 1234 }, async ({ videoId }) => void ran.push(videoId))]);
    const deadline = Date.now() + 15_000;
    while (ran.length === 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
    expect(ran).toEqual(['v-early']);
    const { rows } = await fresh.pool.query(`SELECT retry_limit, retry_delay, expire_seconds FROM pgboss.queue WHERE name = 'video-poster'`);
    expect(rows[0]).toEqual({ retry_limit: 4, retry_delay: 7, expire_seconds: 1234 });
  } finally {
    await sender.stop();
    await worker?.stop();
    await fresh.drop();
  }
}, 60_000);
