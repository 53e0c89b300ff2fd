// Faults a hospital's server will meet: PostgreSQL stopped and restarted under traffic, a storage
// write failing in the middle of a render, ffmpeg killed in the middle of a job. Each time the
// product must say what is wrong, lose nothing, publish nothing half-made, and recover by itself.
// (A disk filling up during an upload is in security-findings.test.ts.)
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as schema from '../src/db/schema.js';
import { renderVideoJob } from '../src/jobs/render-video.job.js';
import { createVideosRepository } from '../src/modules/videos/videos.repository.js';
import { pingPool, runMigrations } from '../src/platform/database/database.js';
import { findFreePort } from '../src/platform/database/free-port.js';
import { DATABASE_UNAVAILABLE_MESSAGE } from '../src/platform/http/http-errors.js';
import { defineJob, startQueue } from '../src/platform/jobs/queue.js';
import { createLifecycle } from '../src/modules/videos/video-lifecycle.js';
import { ffmpegMediaTools } from '../src/platform/media/media-tools.js';
import type { JobContext } from '../src/platform/jobs/queue.js';
import { createLocalStorage, type Storage } from '../src/platform/storage/storage.js';
import { buildTestApp, createWebDist, recordingQueue } from './helpers/build-test-app.js';
import { CookieJar } from './helpers/cookie-jar.js';
import { createTestPostgres } from './helpers/embedded-test-postgres.js';
import { createTestDatabase, type TestDatabase } from './helpers/test-database.js';

const log = pino({ level: 'silent' });
let scratch: string;

beforeAll(async () => {
  scratch = await fs.mkdtemp(path.join(os.tmpdir(), 'ipsv-faults-'));
});
afterAll(async () => {
  await fs.rm(scratch, { recursive: true, force: true });
});

const waitUntil = async (check: () => Promise<boolean>, timeoutMs: number, what: string) => {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check().catch(() => false)) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`timed out waiting for ${what}`);
};

describe('PostgreSQL stopped and restarted under traffic', () => {
  it('answers 503 with a clear error while it is down, loses no queued job, and recovers without a restart', async () => {
    // A PostgreSQL of its own, so stopping it disturbs no other test.
    const port = await findFreePort();
    // Kept across stop and start (the restart is the point); the scratch folder goes at the end.
    const server = await createTestPostgres(scratch, { port, password: 'faults', persistent: true });
    const pool = new pg.Pool({ connectionString: `postgres://postgres:faults@127.0.0.1:${port}/postgres`, max: 5, connectionTimeoutMillis: 2000 });
    pool.on('error', () => undefined);
    await runMigrations(pool);
    await pool.query('CREATE TABLE job_runs (marker text PRIMARY KEY)');
    const queue = await startQueue(pool, log, { pollingIntervalSeconds: 0.5 });
    const ran: string[] = [];
    // The probe job stands in for a video job: it records the id it was given.
    const probeJob = () =>
      defineJob('video-ingest', { retryLimit: 5, retryDelay: 1, expireInSeconds: 60 }, async ({ videoId }) => {
        await pool.query('INSERT INTO job_runs (marker) VALUES ($1) ON CONFLICT DO NOTHING', [videoId]);
        ran.push(videoId);
      });
    await queue.work([probeJob()]);
    const app = await buildTestApp({ db: drizzle(pool, { schema }), pool, ping: () => pingPool(pool) }, await createWebDist(), { queue });
    try {
      const signUp = await app.inject({
        method: 'POST',
        url: '/api/auth/sign-up',
        payload: { email: 'ada@faults.org', password: 'Correct-Horse7', firstName: 'Ada', lastName: 'L', language: 'en-US' },
      });
      expect(signUp.statusCode).toBe(204);
      await pool.query('UPDATE users SET email_verified = true');
      const jar = new CookieJar();
      jar.store(
        (await app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: { email: 'ada@faults.org', password: 'Correct-Horse7' } })).headers[
          'set-cookie'
        ],
      );
      const mine = () => app.inject({ url: '/api/videos/mine', headers: { cookie: jar.header() } });
      expect((await mine()).statusCode).toBe(200);

      // A job queued just before the outage.
      await queue.stop();
      const sender = await startQueue(pool, log);
      await sender.send('video-ingest', { videoId: 'before-outage' });
      await sender.stop();

      await server.stop();
      const health = await app.inject({ url: '/api/health' });
      expect(health.statusCode).toBe(503);
      expect(health.json()).toMatchObject({ status: 'degraded', database: 'unreachable' });
      const down = await mine();
      expect(down.statusCode, down.body).toBe(503);
      expect(down.json()).toEqual({ error: { code: 'SERVICE_UNAVAILABLE', message: DATABASE_UNAVAILABLE_MESSAGE, params: {} } });
      const session = await app.inject({ url: '/api/session', headers: { cookie: jar.header() } });
      expect(session.statusCode, 'not "signed out" while the database is away').toBe(503);

      await server.start();
      await waitUntil(async () => (await app.inject({ url: '/api/health' })).statusCode === 200, 30_000, 'health to recover');
      expect((await mine()).statusCode).toBe(200);
      expect((await app.inject({ url: '/api/session', headers: { cookie: jar.header() } })).json().user.email).toBe('ada@faults.org');

      // The worker, started again on the same pool, runs what was queued before the outage.
      const worker = await startQueue(pool, log, { pollingIntervalSeconds: 0.5 });
      await worker.work([probeJob()]);
      await waitUntil(async () => ran.includes('before-outage'), 30_000, 'the queued job to run');
      await worker.stop();
    } finally {
      await app.close();
      await pool.end();
      await server.stop().catch(() => undefined);
    }
  }, 180_000);
});

// ---- Render faults: a real clip, a real render, a fault in the middle.

let database: TestDatabase;
const ffmpeg = (args: string[]) => execFileSync('ffmpeg', ['-hide_banner', '-nostdin', '-y', '-v', 'error', ...args]);

async function videoReadyToRender(storage: Storage): Promise<string> {
  const videos = createVideosRepository(database.db);
  const id = randomUUID();
  const file = path.join(scratch, `${id}.mp4`);
  ffmpeg([
    '-f',
    'lavfi',
    '-i',
    'testsrc2=s=1280x720:rate=25',
    '-f',
    'lavfi',
    '-i',
    'sine',
    '-t',
    '8',
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
    '-g',
    '50',
    '-pix_fmt',
    'yuv420p',
    '-c:a',
    'aac',
    '-shortest',
    file,
  ]);
  await storage.putFile(`uploads/${id}`, file, 'video/mp4');
  await videos.create({ id, ownerId: 'owner-1', status: 'uploaded', fileName: 'case.mp4', originalKey: `uploads/${id}`, sizeBytes: 1 });
  await videos.update(id, {
    status: 'rendering',
    probe: { container: 'mp4', codec: 'h264', width: 1280, height: 720, durationSeconds: 8, fps: 25, hasAudio: true, browserPlayable: true },
    confirmedRanges: [{ start: 2, end: 3, reasons: ['out_of_body'], confidence: 1 }],
    confirmedBy: 'owner-1',
    confirmedAt: new Date(),
    renderingVersion: 1,
  });
  return id;
}

const renderDeps = (storage: Storage) => {
  const videos = createVideosRepository(database.db);
  const queue = recordingQueue();
  return { videos, storage, queue, lifecycle: createLifecycle({ videos, queue }), media: ffmpegMediaTools };
};

const context = (lastAttempt: boolean): JobContext => ({
  id: randomUUID(),
  signal: new AbortController().signal,
  log,
  retryCount: lastAttempt ? 3 : 0,
  lastAttempt,
});

describe('render faults', () => {
  beforeAll(async () => {
    database = await createTestDatabase();
    await database.pool.query(`INSERT INTO users (id, name, email, email_verified, role) VALUES ('owner-1', 'Ada', 'ada@render-faults.org', true, 'provider')`);
  }, 60_000);
  afterAll(async () => {
    await database?.drop();
  });

  it('a storage write failing mid-render publishes nothing half-made, and the retry publishes it whole', async () => {
    const real = createLocalStorage(path.join(scratch, 'media-storage-fault'));
    let failNext = true;
    // The first playlist write fails (a full disk, a storage outage); segments before it were written.
    const failing: Storage = {
      ...real,
      async putFile(key, file, type) {
        if (failNext && key.endsWith('master.m3u8')) {
          failNext = false;
          throw Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });
        }
        return real.putFile(key, file, type);
      },
    };
    const id = await videoReadyToRender(real);
    const job = renderVideoJob(renderDeps(failing));
    await expect(job.run({ videoId: id, version: 1 }, context(false))).rejects.toThrow(/ENOSPC/);
    const afterFailure = (await createVideosRepository(database.db).find(id))!;
    expect(afterFailure.status, 'still rendering: the queue retries it').toBe('rendering');
    expect(afterFailure.publishedVersion).toBe(0);
    expect(afterFailure.rendition).toBeNull();

    await job.run({ videoId: id, version: 1 }, context(false));
    const published = (await createVideosRepository(database.db).find(id))!;
    expect(published.status).toBe('published');
    expect(published.rendition?.complete).toBe(true);
    for (const key of [published.rendition!.master, published.rendition!.mp4!, published.rendition!.storyboard!])
      expect(await real.stat(key), key).not.toBeNull();
  }, 180_000);

  it('ffmpeg killed in the middle of a job: the attempt fails for a retry, the video is not marked failed, the retry publishes', async () => {
    const storage = createLocalStorage(path.join(scratch, 'media-kill'));
    const id = await videoReadyToRender(storage);
    const job = renderVideoJob(renderDeps(storage));
    const attempt = job.run({ videoId: id, version: 1 }, context(false));
    // Kill the first ffmpeg this process starts for the render (as the OOM killer or an operator would).
    await waitUntil(
      async () => {
        const pids = execFileSync('pgrep', ['-P', String(process.pid), 'ffmpeg'], { encoding: 'utf8' })
          .trim()
          .split('\n')
          .filter(Boolean);
        for (const pid of pids) process.kill(Number(pid), 'SIGKILL');
        return pids.length > 0;
      },
      20_000,
      'ffmpeg to start',
    );
    await expect(attempt).rejects.toThrow();
    const afterKill = (await createVideosRepository(database.db).find(id))!;
    expect(afterKill.status).toBe('rendering');
    expect(afterKill.failureReason).toBeNull();

    await job.run({ videoId: id, version: 1 }, context(false));
    expect((await createVideosRepository(database.db).find(id))!.status).toBe('published');
  }, 180_000);
});
