// A worker process killed (SIGKILL: no clean-up, as a crashed machine) in the middle of rendering
// loses nothing: another worker process notices the job stopped beating, runs it again, and the
// video ends published with every rendition. The workers are real `ROLE=worker` server processes.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { PrivacyReview } from '@ipsv/contracts/privacy-review';
import { startQueue, type QueueHandle } from '../src/platform/jobs/queue.js';
import { createLocalStorage } from '../src/platform/storage/storage.js';
import { createFileUploadStore } from '../src/platform/storage/upload-store.js';
import { buildTestApp, createWebDist } from './helpers/build-test-app.js';
import { startSmtpReceiver, type SmtpReceiver } from './helpers/smtp-receiver.js';
import { createTestDatabase, type TestDatabase } from './helpers/test-database.js';
import { makeSurgeryClip, signedInUser, tusUpload, waitForStatus } from './helpers/video-journey.js';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

let database: TestDatabase;
let smtp: SmtpReceiver;
let webDist: string;
let scratch: string;
let queue: QueueHandle;
let app: FastifyInstance;
let base: string;
const workers: ChildProcess[] = [];

/** A worker process on the test database and media folder; resolves once it takes jobs. */
function startWorker(): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: REPO,
    env: {
      ...process.env,
      ROLE: 'worker',
      DATABASE_URL: database.url,
      DATA_DIR: scratch,
      JOB_STALE_SECONDS: '5',
      JOB_POLL_SECONDS: '0.5',
      PRIVACY_DETECTORS: 'scene',
      LOG_LEVEL: 'info',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  workers.push(child);
  return new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`worker did not start:\n${output}`)), 60_000);
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('video worker started')) {
        clearTimeout(timer);
        resolve(child);
      }
    });
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stdout!.on('data', (chunk: Buffer) => process.env.DEBUG_WORKERS && process.stderr.write(chunk));
    child.on('exit', (code) => reject(new Error(`worker exited (${code}):\n${output}`)));
  });
}

beforeAll(async () => {
  database = await createTestDatabase();
  webDist = await createWebDist();
  smtp = await startSmtpReceiver();
  scratch = await fs.mkdtemp(path.join(os.tmpdir(), 'ipsv-crash-'));
  const mediaRoot = path.join(scratch, 'media');
  // This process only serves the API and sends jobs; the workers are other processes.
  queue = await startQueue(database.pool, pino({ level: 'silent' }));
  app = await buildTestApp(database, webDist, {
    mailer: smtp.mailer(),
    queue,
    storage: createLocalStorage(mediaRoot),
    uploads: createFileUploadStore(mediaRoot, 3_600_000),
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
}, 120_000);

afterAll(async () => {
  for (const child of workers) child.kill('SIGKILL');
  await app?.close();
  await queue?.stop();
  await smtp?.close();
  await database?.drop();
  await fs.rm(webDist, { recursive: true, force: true });
  await fs.rm(scratch, { recursive: true, force: true });
});

it('a render whose worker was killed runs again on another worker and publishes the video', async () => {
  const first = await startWorker();
  const owner = await signedInUser({ base: () => base, smtp, pool: database.pool }, 'crash@hospital.org');
  const clip = await makeSurgeryClip(scratch, 'long', 8, 4, 3); // 52 s
  const id = await tusUpload(owner, clip, { chunkSize: 4 * 1024 * 1024 });
  await waitForStatus(owner, id, ['awaiting_details']);
  await owner.json('PUT', `/api/videos/${id}/details`, { title: 'Sigmoid resection', fileName: 'long.mp4' });
  await waitForStatus(owner, id, ['review'], 120_000);
  const review = await owner.json<PrivacyReview>('GET', `/api/videos/${id}/review`);
  await owner.json('PUT', `/api/videos/${id}/review`, { ranges: review.proposed });

  // Kill the worker while the render is under way (the standard-definition pass or the HD ladder).
  const midway = await waitForStatus(owner, id, ['rendering', 'published'], 120_000, (v) => v.percent !== null && v.percent > 0 && v.percent < 90);
  first.kill('SIGKILL');
  const { rows: before } = await database.pool.query(`SELECT state, retry_count FROM pgboss.job WHERE name = 'video-render'`);
  expect(before).toEqual([{ state: 'active', retry_count: 0 }]);

  await startWorker();
  // Failed through pg-boss once it stops beating (5 s here), it runs again after the render queue's backoff (60–120 s).
  const published = await waitForStatus(owner, id, ['published', 'failed'], 300_000, (v) => v.status === 'failed' || v.percent === null);
  expect(published.status, published.failureReason ?? '').toBe('published');
  // The job completes just after its last write to the video: wait for pg-boss to record it.
  let jobs: { state: string; retry_count: number }[] = [];
  for (let tries = 0; tries < 50; tries += 1) {
    jobs = (await database.pool.query(`SELECT state, retry_count FROM pgboss.job WHERE name = 'video-render'`)).rows;
    if (jobs[0]?.state !== 'active') break;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  expect(jobs).toEqual([{ state: 'completed', retry_count: 1 }]);
  const { rows: video } = await database.pool.query(`SELECT rendition FROM videos WHERE id = $1`, [id]);
  expect(video[0].rendition).toMatchObject({ version: 1, complete: true });
  expect(video[0].rendition.rungs).toEqual(['360p', '480p', '720p']);
  // The killed run got as far as `midway`; the video still has exactly one published version.
  expect(['rendering', 'published']).toContain(midway.status);
  const { rows: confirmations } = await database.pool.query('SELECT version FROM privacy_confirmations WHERE video_id = $1', [id]);
  expect(confirmations).toEqual([{ version: 1 }]);
}, 600_000);
