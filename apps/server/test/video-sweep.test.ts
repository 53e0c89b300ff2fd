// The pipeline sweep on a real PostgreSQL and pg-boss: a video waiting on a job that is gone (never
// sent, expired, lost with a chunk's worker) is sent on again, with the new job recorded on its row;
// a video whose job still waits or runs, or whose row changed lately, is left alone.
import pino from 'pino';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { videoSweepJob } from '../src/jobs/video-sweep.job.js';
import { createAnalysisChunksRepository } from '../src/modules/videos/analysis-chunks.repository.js';
import { createLifecycle } from '../src/modules/videos/video-lifecycle.js';
import { videoTransactions } from '../src/modules/videos/video-transactions.js';
import { createVideosRepository } from '../src/modules/videos/videos.repository.js';
import { defineJob, startQueue, type JobContext, type QueueHandle } from '../src/platform/jobs/queue.js';
import { fakeMediaTools } from '../src/testing/fake-media.js';
import { fakeStorage, jobContext } from '../src/testing/fakes.js';
import { createTestDatabase, type TestDatabase } from './helpers/test-database.js';

const probe = { container: 'mp4', codec: 'h264', width: 640, height: 360, durationSeconds: 600, fps: 25, hasAudio: false, browserPlayable: true };

let database: TestDatabase;
let queue: QueueHandle;

beforeAll(async () => {
  database = await createTestDatabase();
  // A worker that takes one job of each queue and holds it until the queue stops: every job sent
  // here waits or runs, so it lives.
  queue = await startQueue(database.pool, pino({ level: 'silent' }), { pollingIntervalSeconds: 30 });
  const hold = (_payload: unknown, context: JobContext) => new Promise<void>((resolve) => context.signal.addEventListener('abort', () => resolve()));
  await queue.work(
    (['video-analyse', 'video-analyse-chunk', 'video-render', 'video-ingest'] as const).map((name) =>
      defineJob(name, { retryLimit: 0, retryDelay: 1, expireInSeconds: 600 }, hold),
    ),
  );
  await database.pool.query(`INSERT INTO users (id, name, email, email_verified, role) VALUES ('owner-1', 'Ada', 'ada@sweep.org', true, 'provider')`);
}, 60_000);

afterAll(async () => {
  await queue?.stop();
  await database?.drop();
});

async function video(id: string, values: Record<string, unknown>, quietMinutes: number) {
  await createVideosRepository(database.db).create({ id, ownerId: 'owner-1', fileName: 'clip.mp4', originalKey: `uploads/${id}`, probe, ...values });
  await database.pool.query(`UPDATE videos SET updated_at = now() - make_interval(mins => $2) WHERE id = $1`, [id, quietMinutes]);
}

const job = async (id: string) => (await database.pool.query(`SELECT status, job_name, job_id FROM videos WHERE id = $1`, [id])).rows[0];

it('sends on the videos whose job is gone, and only those', async () => {
  const videos = createVideosRepository(database.db);
  const chunks = createAnalysisChunksRepository(database.db);
  const lifecycle = createLifecycle({ videos, queue, transactions: videoTransactions(database.pool, queue) });
  const waiting = randomUUID();
  await queue.send('video-render', { videoId: 'rendering-waiting', version: 1 }, { id: waiting });
  const never = randomUUID();
  // Its render job was never sent (or pg-boss lost it): sent again.
  await video('rendering-lost', { status: 'rendering', renderingVersion: 1, confirmedRanges: [], jobName: 'video-render', jobId: never }, 10);
  // Its render job waits for a worker: left alone.
  await video('rendering-waiting', { status: 'rendering', renderingVersion: 1, confirmedRanges: [], jobName: 'video-render', jobId: waiting }, 10);
  // Gone too, but changed a moment ago: left alone this time.
  await video('analysing-recent', { status: 'analysing', jobName: 'video-analyse', jobId: randomUUID() }, 0);
  // From before job ids were recorded: left alone until the longest job could have expired, then sent.
  await video('unknown-young', { status: 'analysing' }, 60);
  await video('unknown-old', { status: 'analysing' }, 13 * 60);
  // A long analysis: its own job is done (it planned the chunks); one chunk open with a dead job.
  await video('chunks-lost', { status: 'analysing', jobName: 'video-analyse', jobId: randomUUID() }, 10);
  await chunks.replacePlan('chunks-lost', [
    { index: 0, start: 0, end: 300 },
    { index: 1, start: 297, end: 600 },
  ]);
  // The same with one chunk still waiting for a worker: left alone.
  await video('chunks-waiting', { status: 'analysing', jobName: 'video-analyse', jobId: randomUUID() }, 10);
  const [open] = await chunks.replacePlan('chunks-waiting', [{ index: 0, start: 0, end: 600 }]);
  await queue.send('video-analyse-chunk', { videoId: 'chunks-waiting', chunkId: open!.id }, { id: open!.id });
  // Published with its HD rungs lost: its render is sent again (it skips what is done).
  await video(
    'hd-lost',
    { status: 'published', renderingVersion: 1, confirmedRanges: [], rendition: { version: 1, complete: false }, jobName: 'video-render', jobId: randomUUID() },
    10,
  );
  // Published and complete, or in review: nothing is running for them.
  await video(
    'done',
    { status: 'published', renderingVersion: 1, rendition: { version: 1, complete: true }, jobName: 'video-render', jobId: randomUUID() },
    10,
  );
  await video('in-review', { status: 'review', jobName: 'video-analyse', jobId: randomUUID() }, 10);

  const sweep = videoSweepJob({ videos, lifecycle, queue, chunks, storage: fakeStorage(), media: fakeMediaTools() });
  await sweep.run({}, jobContext());

  const resent = ['rendering-lost', 'unknown-old', 'chunks-lost', 'hd-lost'];
  for (const id of resent) {
    const row = await job(id);
    expect(row.job_id, id).toBeTruthy();
    expect(await queue.alive(row.job_name, row.job_id), id).toBe(true);
  }
  expect((await job('rendering-lost')).job_id).not.toBe(never);
  expect(await job('chunks-lost')).toMatchObject({ status: 'analysing', job_name: 'video-analyse' });
  expect(await job('hd-lost')).toMatchObject({ status: 'published', job_name: 'video-render' });
  expect(await job('rendering-waiting')).toMatchObject({ job_id: waiting });
  expect(await job('unknown-young')).toMatchObject({ job_id: null });
  for (const id of ['analysing-recent', 'chunks-waiting', 'done', 'in-review'])
    expect(await queue.alive('video-analyse', (await job(id)).job_id), id).toBe(false);

  // A second sweep finds every one of them moving: nothing more is sent.
  const before = await database.pool.query(`SELECT id, job_id FROM videos ORDER BY id`);
  await database.pool.query(`UPDATE videos SET updated_at = now() - interval '10 minutes'`);
  await sweep.run({}, jobContext());
  const after = await database.pool.query(`SELECT id, job_id FROM videos ORDER BY id`);
  expect(after.rows.filter((r) => !['analysing-recent', 'unknown-young'].includes(r.id))).toEqual(
    before.rows.filter((r) => !['analysing-recent', 'unknown-young'].includes(r.id)),
  );
}, 60_000);
