// A long video's privacy analysis in chunks, taken by several real `ROLE=worker` processes: the
// proposal is the one a single pass makes, and a worker killed (SIGKILL, as a lost machine) in the
// middle of a chunk costs only that chunk, which another worker runs again.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { PrivacyReview } from '@ipsv/contracts/privacy-review';
import { analyseVideo } from '@ipsv/deid/analyse';
import { SceneDetector } from '@ipsv/deid/scene-detector';
import { loadSceneModel } from '@ipsv/deid/scene-model';
import { toVideoAnalysis } from '../src/jobs/analyse-video.job.js';
import { SCENE_MODEL_FILE } from '../src/platform/paths.js';
import { startQueue, type QueueHandle } from '../src/platform/jobs/queue.js';
import { createLocalStorage } from '../src/platform/storage/storage.js';
import { createFileUploadStore } from '../src/platform/storage/upload-store.js';
import { buildTestApp, createWebDist } from './helpers/build-test-app.js';
import { startSmtpReceiver, type SmtpReceiver } from './helpers/smtp-receiver.js';
import { createTestDatabase, type TestDatabase } from './helpers/test-database.js';
import { makeSurgeryClip, signedInUser, tusUpload, waitForStatus, type TestUser } from './helpers/video-journey.js';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
/** A 20 s clip in 7 s chunks: three chunks. */
const CHUNK_SECONDS = '7';

let database: TestDatabase;
let smtp: SmtpReceiver;
let webDist: string;
let scratch: string;
let queue: QueueHandle;
let app: FastifyInstance;
let base: string;
let clip: string;
let owner: TestUser;
/** The proposal of one pass over the whole clip, in this process. */
let onePass: PrivacyReview['proposed'];
const workers: { child: ChildProcess; output: () => string }[] = [];

/** A worker process on the test database and media folder; resolves once it takes jobs. */
function startWorker(): Promise<{ child: ChildProcess; output: () => string }> {
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
      PRIVACY_CHUNK_SECONDS: CHUNK_SECONDS,
      LOG_LEVEL: 'info',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const worker = { child, output: () => output };
  workers.push(worker);
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`worker did not start:\n${output}`)), 60_000);
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('video worker started')) {
        clearTimeout(timer);
        resolve(worker);
      }
    });
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('exit', (code) => reject(new Error(`worker exited (${code}):\n${output}`)));
  });
}

/** Chunk jobs each worker completed (its log's "job done" lines of that queue). */
const chunksDone = (output: string) => output.split('\n').filter((line) => line.includes('"queue":"video-analyse-chunk"') && line.includes('job done')).length;

const analyseAsProvider = async (title: string) => {
  const id = await tusUpload(owner, clip, { chunkSize: 4 * 1024 * 1024 });
  await waitForStatus(owner, id, ['awaiting_details'], 120_000);
  await owner.json('PUT', `/api/videos/${id}/details`, { title, fileName: 'long.mp4' });
  return id;
};

beforeAll(async () => {
  database = await createTestDatabase();
  webDist = await createWebDist();
  smtp = await startSmtpReceiver();
  scratch = await fs.mkdtemp(path.join(os.tmpdir(), 'ipsv-chunks-'));
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
  clip = await makeSurgeryClip(scratch, 'long'); // 8 s inside, 4 s outside, 8 s inside
  owner = await signedInUser({ base: () => base, smtp, pool: database.pool }, 'chunks@hospital.org');
  const scene = new SceneDetector(loadSceneModel(SCENE_MODEL_FILE));
  try {
    const whole = await analyseVideo(clip, { scene, chunkSeconds: 1000 });
    expect(whole.chunks).toBe(1);
    onePass = toVideoAnalysis(whole, 0).proposed;
  } finally {
    await scene.close();
  }
}, 480_000);

afterAll(async () => {
  for (const { child } of workers) child.kill('SIGKILL');
  await app?.close();
  await queue?.stop();
  await smtp?.close();
  await database?.drop();
  await fs.rm(webDist, { recursive: true, force: true });
  await fs.rm(scratch, { recursive: true, force: true });
});

it('three chunks on two workers propose exactly what one pass proposes', async () => {
  const [a, b] = await Promise.all([startWorker(), startWorker()]);
  const id = await analyseAsProvider('Chunked analysis');
  await waitForStatus(owner, id, ['review'], 240_000);
  const review = await owner.json<PrivacyReview>('GET', `/api/videos/${id}/review`);
  expect(onePass.length).toBeGreaterThan(0);
  expect(review.proposed).toEqual(onePass);
  const { rows } = await database.pool.query(`SELECT analysis FROM videos WHERE id = $1`, [id]);
  expect(rows[0].analysis).toMatchObject({ chunks: 3, sampleFps: 2 });
  expect(rows[0].analysis.framesExamined).toBeGreaterThanOrEqual(40);
  // Both workers took part, and the chunks' findings are gone once merged.
  expect(chunksDone(a!.output()) + chunksDone(b!.output())).toBe(3);
  expect(chunksDone(a!.output())).toBeGreaterThan(0);
  expect(chunksDone(b!.output())).toBeGreaterThan(0);
  const { rows: left } = await database.pool.query('SELECT 1 FROM video_analysis_chunks WHERE video_id = $1', [id]);
  expect(left).toEqual([]);
  for (const { child } of workers.splice(0)) child.kill('SIGKILL');
}, 420_000);

it('a worker killed in the middle of a chunk: another runs that chunk again and the proposal is the same', async () => {
  const first = await startWorker();
  const id = await analyseAsProvider('Killed worker');
  // Wait until a chunk is under way (some progress, not done), then kill its worker.
  const deadline = Date.now() + 120_000;
  let running: { index: number }[] = [];
  while (Date.now() < deadline && running.length === 0) {
    running = (await database.pool.query(`SELECT index FROM video_analysis_chunks WHERE video_id = $1 AND percent > 0 AND done_at IS NULL`, [id])).rows;
    if (running.length === 0) await new Promise((resolve) => setTimeout(resolve, 100));
  }
  expect(running.length).toBe(1);
  first.child.kill('SIGKILL');
  const { rows: done } = await database.pool.query(`SELECT count(*)::int AS n FROM video_analysis_chunks WHERE video_id = $1 AND done_at IS NOT NULL`, [id]);
  expect(done[0].n).toBeLessThan(3);

  await startWorker();
  const reviewed = await waitForStatus(owner, id, ['review', 'failed'], 240_000);
  expect(reviewed.status, reviewed.failureReason ?? '').toBe('review');
  const review = await owner.json<PrivacyReview>('GET', `/api/videos/${id}/review`);
  expect(review.proposed).toEqual(onePass);
  // Only the killed chunk was retried.
  const { rows: jobs } = await database.pool.query(`SELECT retry_count FROM pgboss.job WHERE name = 'video-analyse-chunk' AND data->>'videoId' = $1`, [id]);
  expect(jobs.map((j: { retry_count: number }) => j.retry_count).sort()).toEqual([0, 0, 1]);
}, 420_000);
