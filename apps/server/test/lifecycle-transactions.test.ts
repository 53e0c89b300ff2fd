// A lifecycle step is one transaction on a real PostgreSQL and pg-boss: the status, its record and
// its job are written together or not at all. A process killed (SIGKILL) after writing all three
// but before the commit, or a send refused inside the step, leaves the video as it was: never in
// "rendering" with no render job, nor with a confirmation recorded for a render that never starts.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pino from 'pino';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { confirmed, createLifecycle } from '../src/modules/videos/video-lifecycle.js';
import { videoTransactions } from '../src/modules/videos/video-transactions.js';
import { createVideosRepository } from '../src/modules/videos/videos.repository.js';
import { defineJob, startQueue, type Queue, type QueueHandle } from '../src/platform/jobs/queue.js';
import { createTestDatabase, type TestDatabase } from './helpers/test-database.js';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const probe = { container: 'mp4', codec: 'h264', width: 640, height: 360, durationSeconds: 20, fps: 25, hasAudio: false, browserPlayable: true };

let database: TestDatabase;
let queue: QueueHandle;
const rendered: unknown[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  queue = await startQueue(database.pool, pino({ level: 'silent' }), { pollingIntervalSeconds: 0.5 });
  await queue.work([defineJob('video-render', { retryLimit: 0, retryDelay: 1, expireInSeconds: 60 }, async (payload) => void rendered.push(payload))]);
  await database.pool.query(`INSERT INTO users (id, name, email, email_verified, role) VALUES ('owner-1', 'Ada', 'ada@transactions.org', true, 'provider')`);
}, 60_000);

afterAll(async () => {
  await queue?.stop();
  await database?.drop();
});

let videoId: string;
let n = 0;
beforeEach(async () => {
  videoId = `v-${(n += 1)}`;
  await createVideosRepository(database.db).create({
    id: videoId,
    ownerId: 'owner-1',
    fileName: 'clip.mp4',
    originalKey: `uploads/${videoId}`,
    status: 'review',
    probe,
    analysis: { proposed: [], proposedMasks: [], faceMasks: [] } as never,
    detailsSavedAt: new Date(),
  });
});

async function state() {
  const video = await database.pool.query(`SELECT status, rendering_version FROM videos WHERE id = $1`, [videoId]);
  const records = await database.pool.query(`SELECT count(*)::int AS n FROM privacy_confirmations WHERE video_id = $1`, [videoId]);
  return { ...video.rows[0], records: records.rows[0].n };
}

/** The render job of this video's version 1 reached the worker. */
async function renderRan() {
  const deadline = Date.now() + 10_000;
  while (!rendered.some((p) => (p as { videoId: string }).videoId === videoId) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
  expect(rendered).toContainEqual({ videoId, version: 1 });
  // pg-boss records it completed just after the handler returns.
  await new Promise((r) => setTimeout(r, 300));
}

function lifecycleWith(sendQueue: Queue) {
  return createLifecycle({ videos: createVideosRepository(database.db), queue: sendQueue, transactions: videoTransactions(database.pool, sendQueue) });
}

async function confirm(sendQueue: Queue) {
  const videos = createVideosRepository(database.db);
  const transition = confirmed((await videos.find(videoId))!, [], 'owner-1', new Date());
  return lifecycleWith(sendQueue).apply(videoId, transition, (tx) => tx.recordConfirmation(videoId, transition.version, [], 'owner-1', []));
}

it('a confirmation writes the status, its record and the render job together; the job runs after the commit', async () => {
  await confirm(queue);
  expect(await state()).toEqual({ status: 'rendering', rendering_version: 1, records: 1 });
  await renderRan();
});

it('a send refused inside the step (the database went away for the queue) writes nothing', async () => {
  const refusing: Queue = {
    send: () => Promise.reject(new Error('connection refused')),
    alive: async () => false,
    within: () => refusing,
  };
  await expect(confirm(refusing)).rejects.toThrow(/connection refused/);
  expect(await state()).toEqual({ status: 'review', rendering_version: null, records: 0 });
});

it('a process killed after every write of the step but before its commit leaves the video as it was, with no job', async () => {
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/test/helpers/confirm-and-hang.ts', database.url, videoId], {
    cwd: REPO,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the step did not get written:\n${output}`)), 60_000);
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('written')) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('exit', (code) => reject(new Error(`exited (${code}) before writing:\n${output}`)));
  });
  // Inside its open transaction the video is rendering, recorded and queued: nobody else sees it.
  expect(await state()).toEqual({ status: 'review', rendering_version: null, records: 0 });
  child.kill('SIGKILL');
  await new Promise((resolve) => child.once('close', resolve));
  // PostgreSQL rolls the dead connection's transaction back once it notices the connection gone.
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    const { rows } = await database.pool.query(
      `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND state LIKE 'idle in transaction%'`,
    );
    if (rows[0].n === 0) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  expect(await state()).toEqual({ status: 'review', rendering_version: null, records: 0 });
  await new Promise((r) => setTimeout(r, 1500));
  expect(rendered).not.toContainEqual({ videoId, version: 1 });
  // And the owner can still confirm, and that render runs.
  await confirm(queue);
  expect(await state()).toEqual({ status: 'rendering', rendering_version: 1, records: 1 });
  await renderRan();
}, 90_000);
