// Nothing public that no person reviewed (issue 47, section 4), against a real PostgreSQL: the
// analyse and render jobs run on the database with a privacy analyser that answers what the test
// says and media tools that write stand-in files. Automatic publication is off unless the instance
// allows it (AUTO_PUBLISH); even then a clean analysis alone publishes, and a video that waits
// tells its owner why. A confirmation after retention deleted the original is refused, with
// nothing queued. An administrator may not publish another's video, and takes it down instead
// (the owner is told why).
import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnalysisResult } from '@ipsv/deid/analyse';
import type { InstanceSettings } from '@ipsv/contracts/instance-settings';
import type { NotificationList } from '@ipsv/contracts/notifications';
import type { Video } from '@ipsv/contracts/videos';
import { videoJobs } from '../src/jobs/video-jobs.js';
import { createLivePublisher } from '../src/modules/live/live-publisher.js';
import { createNotificationsRepository } from '../src/modules/notifications/notifications.repository.js';
import { createNotifier } from '../src/modules/notifications/notifier.js';
import { videoEvents } from '../src/modules/notifications/video-events.js';
import { createVideosRepository } from '../src/modules/videos/videos.repository.js';
import { loadAuthSecret } from '../src/platform/auth/auth.js';
import type { JobContext, JobDefinition } from '../src/platform/jobs/queue.js';
import type { PrivacyAnalyser } from '../src/platform/media/privacy-analyser.js';
import { createLocalStorage } from '../src/platform/storage/storage.js';
import { createFileUploadStore } from '../src/platform/storage/upload-store.js';
import { fakeMediaTools } from '../src/testing/fake-media.js';
import { buildTestApp, createWebDist, recordingQueue } from './helpers/build-test-app.js';
import { startSmtpReceiver, type SmtpReceiver } from './helpers/smtp-receiver.js';
import { createTestDatabase, type TestDatabase } from './helpers/test-database.js';
import { signedInUser, type TestUser } from './helpers/video-journey.js';
import { videoInState } from './helpers/video-states.js';

const log = pino({ level: 'silent' });
let database: TestDatabase;
let smtp: SmtpReceiver;
let scratch: string;
let mediaRoot: string;
let app: FastifyInstance;
let base: string;
const queue = recordingQueue();
let owner: TestUser;
let admin: TestUser;
const ids: Record<string, string> = {};

const videos = () => createVideosRepository(database.db);
const storage = () => createLocalStorage(mediaRoot);
const query = async <T>(text: string, values: unknown[] = []) => (await database.pool.query(text, values)).rows as T[];
const errorOf = async (response: Response) => ((await response.json()) as { error: { code: string; message: string } }).error;

/**
 * An analyser that finds what the test says: a track of examined frames with their scores. (The
 * analyse job asks for whole-video analyses; a job that analyses in chunks needs analyseChunk too.)
 */
function analyser(track: { time: number; score: number }[], found: Partial<Pick<AnalysisResult, 'ranges' | 'masks' | 'faceMasks'>> = {}): PrivacyAnalyser {
  const whole: Pick<PrivacyAnalyser, 'analyse' | 'close'> = {
    async analyse(_file, options) {
      options.onProgress?.(100);
      return {
        threshold: 0.2,
        ranges: found.ranges ?? [],
        masks: found.masks ?? [],
        faceMasks: found.faceMasks ?? [],
        track: track.map((p) => ({ ...p, scores: { scene: p.score } })),
        detectors: [{ name: 'scene', version: 'test' }],
        framesDecoded: track.length,
      } as unknown as AnalysisResult;
    },
    close: async () => undefined,
  };
  return whole as PrivacyAnalyser;
}

/** The worker's jobs, as main.ts builds them, with the owner's notifications. */
async function worker(options: { autoPublish?: boolean; track: { time: number; score: number }[] }) {
  const notifier = createNotifier({
    notifications: createNotificationsRepository(database.db),
    live: createLivePublisher(database.db),
    mailer: smtp.mailer(),
    publicUrl: base,
    secret: await loadAuthSecret(database.db, undefined),
    log,
  });
  const jobs = videoJobs({
    videos: videos(),
    storage: storage(),
    queue,
    uploads: createFileUploadStore(mediaRoot, 3_600_000),
    analyser: analyser(options.track),
    media: fakeMediaTools(),
    uploadExpiryHours: 24,
    originalRetentionDays: 30,
    ...(options.autoPublish === undefined ? {} : { autoPublish: options.autoPublish }),
    onApplied: videoEvents(notifier),
    log,
  });
  const run = async (name: string, payload: object) => {
    const job = jobs.find((j) => j.name === name) as JobDefinition;
    const context: JobContext = { id: randomUUID(), signal: new AbortController().signal, log, retryCount: job.retryLimit, lastAttempt: true };
    await job.run(payload, context);
  };
  return { run };
}

/** A checked video of the owner with its details saved (autoConfirm as given), being analysed. */
async function analysing(autoConfirm: boolean): Promise<string> {
  const id = randomUUID();
  const originalKey = `uploads/${id}`;
  await storage().put(originalKey, Buffer.from('original bytes'), 'video/mp4');
  await videos().create({ id, ownerId: ids.owner!, status: 'uploading', fileName: 'case.mp4', title: `Case ${id.slice(0, 8)}`, originalKey, sizeBytes: 14 });
  await videos().update(id, {
    status: 'analysing',
    percent: 0,
    probe: { container: 'mp4', codec: 'h264', width: 1280, height: 720, durationSeconds: 20, fps: 25, hasAudio: true, browserPlayable: true },
    quality: '720',
    detailsSavedAt: new Date(),
    autoConfirm,
  });
  return id;
}

const cleanTrack = Array.from({ length: 20 }, (_, time) => ({ time, score: 0.01 }));
const video = (id: string) => owner.json<Video>('GET', `/api/videos/${id}`);
const reviewNotice = async (id: string) =>
  (await owner.json<NotificationList>('GET', '/api/notifications?pageSize=50')).notifications.find(
    (n) => n.type === 'review_ready' && n.link === `/edit-pii/${id}`,
  );

beforeAll(async () => {
  database = await createTestDatabase();
  smtp = await startSmtpReceiver();
  scratch = await fs.mkdtemp(path.join(os.tmpdir(), 'ipsv-publication-'));
  mediaRoot = path.join(scratch, 'media');
  app = await buildTestApp(database, await createWebDist(), {
    mailer: smtp.mailer(),
    queue,
    storage: storage(),
    uploads: createFileUploadStore(mediaRoot, 3_600_000),
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  const server = { base: () => base, smtp, pool: database.pool };
  owner = await signedInUser(server, 'owner@publication.org', 'provider');
  admin = await signedInUser(server, 'admin@publication.org', 'admin');
  for (const row of await query<{ id: string; email: string }>('SELECT id, email FROM users')) ids[row.email.split('@')[0]!] = row.id;
}, 120_000);

afterAll(async () => {
  await app?.close();
  await smtp?.close();
  await database?.drop();
  await fs.rm(scratch, { recursive: true, force: true });
});

describe('publication without review', () => {
  it('is off by default: a clean analysis of a video whose provider asked for it waits, and the provider is told why', async () => {
    const id = await analysing(true);
    const mailsBefore = smtp.countFor(owner.email);
    await (await worker({ track: cleanTrack })).run('video-analyse', { videoId: id });
    expect(await video(id)).toMatchObject({ status: 'review', publishedVersion: 0 });
    expect((await query('SELECT 1 FROM privacy_confirmations WHERE video_id = $1', [id])).length).toBe(0);
    expect(queue.sent.filter((j) => (j.payload as { videoId: string }).videoId === id && j.name === 'video-render')).toEqual([]);
    expect((await reviewNotice(id))?.params).toMatchObject({ waiting: 'auto_publish_off' });
    // The email says it in words.
    const mail = await smtp.waitFor(owner.email, { since: mailsBefore });
    expect(mail.subject).toContain('is ready for your privacy review');
    expect(mail.text).toContain('Waiting for your review: automatic publication is off on this server.');
    // The administrators' page shows the policy.
    expect(await admin.json<InstanceSettings>('GET', '/api/admin/settings')).toEqual({ autoPublish: false, autoPublishMaxScore: 0.05 });
    expect((await owner.call('GET', '/api/admin/settings')).status).toBe(403);
  });

  it('when the instance allows it, a clean analysis publishes by itself, confirmed as "auto"', async () => {
    const id = await analysing(true);
    const jobs = await worker({ autoPublish: true, track: cleanTrack });
    await jobs.run('video-analyse', { videoId: id });
    expect(await video(id)).toMatchObject({ status: 'rendering' });
    const render = queue.sent.find((j) => j.name === 'video-render' && (j.payload as { videoId: string }).videoId === id);
    expect(render?.payload).toEqual({ videoId: id, version: 1 });
    expect(await query('SELECT version, confirmed_by FROM privacy_confirmations WHERE video_id = $1', [id])).toEqual([{ version: 1, confirmed_by: 'auto' }]);
    await jobs.run('video-render', render!.payload);
    expect(await video(id)).toMatchObject({ status: 'published', publishedVersion: 1 });
  });

  it('when the instance allows it, one examined frame above 0.05 keeps the video for review, naming its seconds', async () => {
    const id = await analysing(true);
    const mailsBefore = smtp.countFor(owner.email);
    const track = cleanTrack.map((p) => (p.time >= 12 && p.time <= 15 ? { ...p, score: p.time === 13 ? 0.09 : 0.06 } : p));
    await (await worker({ autoPublish: true, track })).run('video-analyse', { videoId: id });
    expect(await video(id)).toMatchObject({ status: 'review', publishedVersion: 0 });
    expect(queue.sent.filter((j) => j.name === 'video-render' && (j.payload as { videoId: string }).videoId === id)).toEqual([]);
    expect((await reviewNotice(id))?.params).toMatchObject({ waiting: 'uncertain', times: '0:12–0:15' });
    const mail = await smtp.waitFor(owner.email, { since: mailsBefore });
    expect(mail.text).toContain('Waiting for your review: the privacy check was not certain about 0:12–0:15.');
  });

  it('a provider who did not ask for it gets the usual review, with nothing to explain', async () => {
    const id = await analysing(false);
    await (await worker({ autoPublish: true, track: cleanTrack })).run('video-analyse', { videoId: id });
    expect(await video(id)).toMatchObject({ status: 'review' });
    expect((await reviewNotice(id))?.params).toEqual({ title: expect.any(String) });
  });
});

describe('a confirmation after retention deleted the original', () => {
  it('is refused with ORIGINAL_DELETED: nothing is queued or recorded, the video stays as it was', async () => {
    for (const state of ['review', 'published'] as const) {
      const { id } = await videoInState({ videos: videos(), storage: storage() }, ids.owner!, state);
      await videos().update(id, { originalDeletedAt: new Date() });
      const before = (
        await query<Record<string, unknown>>('SELECT status, rendering_version, published_version, confirmed_at FROM videos WHERE id = $1', [id])
      )[0];
      const sent = queue.sent.length;
      const response = await owner.call('PUT', `/api/videos/${id}/review`, { ranges: [{ start: 1, end: 3, reasons: ['manual'] }] });
      expect(response.status).toBe(409);
      const error = await errorOf(response);
      expect(error.code).toBe('ORIGINAL_DELETED');
      expect(error.message).toMatch(/original of this video has been deleted/);
      expect(queue.sent.length).toBe(sent);
      expect((await query('SELECT 1 FROM privacy_confirmations WHERE video_id = $1', [id])).length).toBe(0);
      expect(
        (await query<Record<string, unknown>>('SELECT status, rendering_version, published_version, confirmed_at FROM videos WHERE id = $1', [id]))[0],
      ).toEqual(before);
      // A draft is refused the same way (the editor cannot work without the original).
      expect((await errorOf(await owner.call('PUT', `/api/videos/${id}/review/draft`, { ranges: [] }))).code).toBe('ORIGINAL_DELETED');
    }
  });
});

describe('only the owner publishes', () => {
  it('an administrator takes a video down instead, and the owner is told why (in the app and by email)', async () => {
    const { id } = await videoInState({ videos: videos(), storage: storage() }, ids.owner!, 'published');
    const before = smtp.countFor(owner.email);
    const reason = 'Patient name visible at 0:12';
    expect((await admin.call('PUT', `/api/admin/videos/${id}/take-down`, { reason })).status).toBe(200);
    const notice = (await owner.json<NotificationList>('GET', '/api/notifications?pageSize=50')).notifications.find(
      (n) => n.type === 'video_taken_down' && n.link === `/video/${id}`,
    );
    expect(notice?.params).toMatchObject({ reason });
    const mail = await smtp.waitFor(owner.email, { since: before });
    expect(mail.subject).toContain('was taken down by an administrator');
    expect(mail.text).toContain(`: ${reason}.`);
  });

  it("an administrator's confirmation of another's video is refused (403) and changes nothing", async () => {
    const { id } = await videoInState({ videos: videos(), storage: storage() }, ids.owner!, 'review');
    const sent = queue.sent.length;
    const response = await admin.call('PUT', `/api/videos/${id}/review`, { ranges: [] });
    expect(response.status).toBe(403);
    expect((await errorOf(response)).code).toBe('OWNER_ONLY');
    expect(queue.sent.length).toBe(sent);
    expect(await video(id)).toMatchObject({ status: 'review', publishedVersion: 0 });
  });
});
