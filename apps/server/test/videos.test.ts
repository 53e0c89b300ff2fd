// Upload to publication against a real PostgreSQL, the real job queue and worker, real ffmpeg and
// the scene model: a provider uploads a generated clip with an out-of-body part over tus, the file
// is checked, the details saved, the analysis proposes the out-of-body seconds, the provider
// confirms, and the published HLS no longer contains them. Also: every rejection reason, another
// user's access, signed media URLs, and an upload resumed after a server restart.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import * as tus from 'tus-js-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_UPLOAD_BYTES } from '@ipsv/contracts/upload';
import type { Video } from '@ipsv/contracts/videos';
import { MAX_MASKS, type PrivacyReview } from '@ipsv/contracts/privacy-review';
import { videoJobs } from '../src/jobs/video-jobs.js';
import { ffmpegMediaTools } from '../src/platform/media/media-tools.js';
import { createVideosRepository } from '../src/modules/videos/videos.repository.js';
import { createPrivacyAnalyser } from '../src/platform/media/privacy-analyser.js';
import { startQueue, type QueueHandle } from '../src/platform/jobs/queue.js';
import { createLocalStorage } from '../src/platform/storage/storage.js';
import { createFileUploadStore } from '../src/platform/storage/upload-store.js';
import { buildTestApp, createWebDist } from './helpers/build-test-app.js';
import { startSmtpReceiver, type SmtpReceiver } from './helpers/smtp-receiver.js';
import { createTestDatabase, type TestDatabase } from './helpers/test-database.js';
import { ffmpeg, makeSurgeryClip, sha256, signedInUser, tusUpload, waitForStatus, type TestUser as User } from './helpers/video-journey.js';

const log = pino({ level: 'silent' });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let database: TestDatabase;
let smtp: SmtpReceiver;
let webDist: string;
let scratch: string;
let mediaRoot: string;
let queue: QueueHandle;
let app: FastifyInstance;
let base: string;

async function startApp() {
  app = await buildTestApp(database, webDist, {
    mailer: smtp.mailer(),
    queue,
    storage: createLocalStorage(mediaRoot),
    uploads: createFileUploadStore(mediaRoot, 3_600_000),
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
}

beforeAll(async () => {
  database = await createTestDatabase();
  webDist = await createWebDist();
  smtp = await startSmtpReceiver();
  scratch = await fs.mkdtemp(path.join(os.tmpdir(), 'ipsv-videos-'));
  mediaRoot = path.join(scratch, 'media');
  queue = await startQueue(database.pool, log, { pollingIntervalSeconds: 0.5 });
  const storage = createLocalStorage(mediaRoot);
  await queue.work(
    videoJobs({
      videos: createVideosRepository(database.db),
      storage,
      queue,
      uploads: createFileUploadStore(mediaRoot, 3_600_000),
      analyser: createPrivacyAnalyser('scene'),
      media: ffmpegMediaTools,
      uploadExpiryHours: 24,
      originalRetentionDays: 30,
    }),
  );
  await startApp();
  // 8 s inside, 4 s of a colour-bar test picture (outside), 8 s inside.
  await makeSurgeryClip(scratch, 'surgery');
}, 180_000);

afterAll(async () => {
  await app?.close();
  await queue?.stop();
  await smtp?.close();
  await database?.drop();
  await fs.rm(webDist, { recursive: true, force: true });
  await fs.rm(scratch, { recursive: true, force: true });
});

const user = (email: string, role: 'viewer' | 'provider' = 'provider') => signedInUser({ base: () => base, smtp, pool: database.pool }, email, role);

describe('upload to publication', () => {
  let owner: User;
  let stranger: User;
  let id: string;

  beforeAll(async () => {
    owner = await user('surgeon@hospital.org');
    stranger = await user('other@clinic.org');
  });

  it('takes a tus upload, checks the file and waits for the details', async () => {
    id = await tusUpload(owner, `${scratch}/surgery.mp4`);
    const video = await waitForStatus(owner, id, ['awaiting_details', 'rejected', 'failed']);
    expect(video.status).toBe('awaiting_details');
    expect(video).toMatchObject({ width: 1280, height: 720, quality: '720', privacyAnswer: 'unsure' });
    expect(video.details.fileName).toBe('surgery.mp4');
    expect(video.durationSeconds).toBeCloseTo(20, 0);
    const stored = path.join(mediaRoot, 'uploads', id);
    expect(await sha256(stored)).toBe(await sha256(`${scratch}/surgery.mp4`));
    const thumbnails = await owner.json<{ frames: { url: string }[] }>('GET', `/api/videos/${id}/thumbnails`);
    expect(thumbnails.frames).toHaveLength(5);
    const image = await fetch(`${base}${thumbnails.frames[0]!.url}`);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/jpeg');
  });

  it('keeps the video and its original from another user', async () => {
    // 401 with the spec's message, the answer for a video that does not exist as well (DESIGN.md section 6).
    for (const [method, url, body] of [
      ['GET', `/api/videos/${id}`],
      ['PUT', `/api/videos/${id}/details`, { title: 'Mine now', fileName: 'x.mp4' }],
      ['GET', `/api/videos/${id}/review`],
    ] as const) {
      const response = await stranger.call(method, url, body);
      expect(response.status).toBe(401);
      expect(((await response.json()) as { error: { code: string } }).error.code).toBe('NO_ACCESS');
    }
    expect(
      (
        await stranger.call('PATCH', `/api/uploads/${id}`, undefined, {
          'tus-resumable': '1.0.0',
          'upload-offset': '0',
          'content-type': 'application/offset+octet-stream',
        })
      ).status,
    ).toBe(404);
    const mine = await stranger.json<{ videos: Video[] }>('GET', '/api/videos/mine');
    expect(mine.videos).toEqual([]);
  });

  it('refuses details without a title and changes nothing', async () => {
    const response = await owner.call('PUT', `/api/videos/${id}/details`, { title: '  ', fileName: 'surgery.mp4' });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: { params: object } }).error.params).toMatchObject({ field: 'title', rule: 'required' });
    expect((await owner.json<Video>('GET', `/api/videos/${id}`)).status).toBe('awaiting_details');
  });

  it('analyses after the details are saved and proposes the out-of-body seconds', async () => {
    const saved = await owner.json<Video>('PUT', `/api/videos/${id}/details`, {
      title: 'Laparoscopic cholecystectomy',
      fileName: 'surgery.mp4',
      surgeryTypeId: 1,
      pgsGrade: 2,
      visibility: 'whitelist',
      whitelist: ['@clinic.org'],
      thumbnail: { kind: 'frame', index: 0 },
    });
    expect(saved.detailsSaved).toBe(true);
    const reviewed = await waitForStatus(owner, id, ['review', 'failed']);
    expect(reviewed.status, reviewed.failureReason ?? '').toBe('review');
    const review = await owner.json<PrivacyReview>('GET', `/api/videos/${id}/review`);
    expect(review.proposed).toHaveLength(1);
    const [range] = review.proposed;
    // The outside part is 8-12 s; the decision adds a margin of about a second each side.
    expect(range!.start).toBeLessThanOrEqual(8);
    expect(range!.start).toBeGreaterThan(5.5);
    expect(range!.end).toBeGreaterThanOrEqual(12);
    expect(range!.end).toBeLessThan(14.5);
    expect(range!.reasons).toContain('out_of_body');
    expect(review.track.length).toBeGreaterThan(5);
    const original = await fetch(`${base}${review.originalUrl}`, { headers: { range: 'bytes=0-99' } });
    expect(original.status).toBe(206);
    expect(original.headers.get('content-type')).toBe('video/mp4');
    expect((await original.arrayBuffer()).byteLength).toBe(100);
    expect((await owner.call('GET', `/api/videos/${id}/playback`)).status).toBe(401);
  });

  it('refuses masks outside the picture or the video, too many, and anyone but the owner; nothing is stored', async () => {
    const review = await owner.json<PrivacyReview>('GET', `/api/videos/${id}/review`);
    expect(review.proposedMasks).toEqual([]);
    expect(review.confirmedMasks).toBeNull();
    const mask = { x: 0.1, y: 0.1, width: 0.2, height: 0.2, start: 1, end: 3, reason: 'manual' };
    for (const [masks, code, message] of [
      [[{ ...mask, x: 0.9 }], 'MASK_OUTSIDE_FRAME', 'A mask must lie inside the picture'],
      [[{ ...mask, end: review.durationSeconds + 5 }], 'MASK_TIME', 'A mask must start before it ends and lie inside the video'],
      [Array.from({ length: MAX_MASKS + 1 }, () => mask), 'TOO_MANY_MASKS', `At most ${MAX_MASKS} masks can be applied to a video`],
    ] as const) {
      const response = await owner.call('PUT', `/api/videos/${id}/review`, { ranges: review.proposed, masks });
      expect(response.status).toBe(400);
      expect(((await response.json()) as { error: { code: string; message: string } }).error).toMatchObject({ code, message });
    }
    const foreign = await stranger.call('PUT', `/api/videos/${id}/review`, { ranges: review.proposed, masks: [mask] });
    expect(foreign.status).toBe(401);
    expect((await owner.json<Video>('GET', `/api/videos/${id}`)).status).toBe('review');
    const { rows } = await database.pool.query('SELECT count(*)::int AS n FROM privacy_confirmations WHERE video_id = $1', [id]);
    expect(rows[0].n).toBe(0);
  });

  it('refuses overlapping ranges, then publishes the confirmed cut as HLS behind signed URLs', async () => {
    const review = await owner.json<PrivacyReview>('GET', `/api/videos/${id}/review`);
    const bad = await owner.call('PUT', `/api/videos/${id}/review`, {
      ranges: [
        { start: 1, end: 5, reasons: ['manual'] },
        { start: 4, end: 6, reasons: ['manual'] },
      ],
    });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: { code: string } }).error.code).toBe('RANGE_OVERLAP');

    // The speculative standard definition rendered beside the analysis: the whole video at 360p,
    // revealing seconds included, so out of reach of every signed URL (the owner's review link too).
    const speculative = path.join(mediaRoot, 'videos', id, 'source', 'review', '360p', 'video.mp4');
    const ready = Date.now() + 120_000;
    while (!(await fs.stat(speculative).catch(() => null)) && Date.now() < ready) await sleep(250);
    const whole = Number(execFileSync('ffprobe', ['-v', 'error', '-show_entries', 'format=duration', '-of', 'csv=p=0', speculative], { encoding: 'utf8' }));
    expect(whole).toBeCloseTo(20, 0);
    const [, , reviewToken] = review.originalUrl.split('/');
    expect((await fetch(`${base}/media/${reviewToken}/videos/${id}/source/review/360p/video.mp4`)).status).toBe(403);

    // A mask over the lower right quarter for the whole video, as a provider draws it.
    const mask = { x: 0.55, y: 0.55, width: 0.4, height: 0.4, start: 0, end: review.durationSeconds, reason: 'manual' as const, confidence: null };
    const confirmed = await owner.json<Video>('PUT', `/api/videos/${id}/review`, { ranges: review.proposed, masks: [mask] });
    expect(confirmed.status).toBe('rendering');
    const published = await waitForStatus(owner, id, ['published', 'failed'], 180_000);
    expect(published.status, published.failureReason ?? '').toBe('published');
    const { rows } = await database.pool.query('SELECT confirmed_by, version, ranges, masks FROM privacy_confirmations WHERE video_id = $1', [id]);
    expect(rows).toHaveLength(1);
    expect(rows[0].version).toBe(1);
    expect(rows[0].masks).toEqual([mask]);
    expect((await owner.json<PrivacyReview>('GET', `/api/videos/${id}/review`)).confirmedMasks).toEqual([mask]);

    // The whitelisted domain may watch; the playlist's relative URLs stay valid under its signature.
    const playback = await stranger.json<{ hls: string; mp4: string | null }>('GET', `/api/videos/${id}/playback`);
    expect(playback.mp4).toBeNull(); // not downloadable
    const master = await fetch(`${base}${playback.hls}`);
    expect(master.status).toBe(200);
    expect(master.headers.get('content-type')).toBe('application/vnd.apple.mpegurl');
    const masterText = await master.text();
    const media = new URL(
      masterText.split('\n').find((l) => l.endsWith('.m3u8'))!,
      `${base}${playback.hls}`,
    );
    const mediaText = await (await fetch(media)).text();
    const segment = new URL(
      mediaText.split('\n').find((l) => l.endsWith('.m4s'))!,
      media,
    );
    expect((await fetch(segment)).status).toBe(200);

    // The SD was cut from the speculative one, which is gone now; a viewer's link never reached it.
    expect(await fs.stat(speculative).catch(() => null)).toBeNull();
    const [, , streamToken] = playback.hls.split('/');
    expect((await fetch(`${base}/media/${streamToken}/videos/${id}/source/review/360p/video.mp4`)).status).toBe(403);

    // The published picture lost the outside seconds: shorter by the range, and every second of it
    // is the reddish inside texture (colour bars have strong green and blue).
    const range = review.proposed[0]!;
    const mp4 = path.join(mediaRoot, 'videos', id, 'v1', '360p', 'video.mp4');
    const duration = Number(execFileSync('ffprobe', ['-v', 'error', '-show_entries', 'format=duration', '-of', 'csv=p=0', mp4], { encoding: 'utf8' }));
    expect(duration).toBeCloseTo(20 - (range.end - range.start), 0);
    const raw = execFileSync('ffmpeg', ['-v', 'error', '-i', mp4, '-vf', 'fps=2,scale=32:18', '-f', 'rawvideo', '-pix_fmt', 'rgb24', '-'], {
      maxBuffer: 64 * 1024 * 1024,
    });
    const frameBytes = 32 * 18 * 3;
    for (let offset = 0; offset + frameBytes <= raw.length; offset += frameBytes) {
      let r = 0;
      let g = 0;
      for (let i = offset; i < offset + frameBytes; i += 3) {
        r += raw[i]!;
        g += raw[i + 1]!;
      }
      expect(r / g, `frame at ${offset / frameBytes / 2} s`).toBeGreaterThan(2);
    }

    // Every rendition (the SD above, the HD rungs once done) has the mask in every frame: the masked
    // corner is black, the rest is not.
    const complete = Date.now() + 120_000;
    const isComplete = async () =>
      (await database.pool.query("SELECT (rendition ->> 'complete')::boolean AS done FROM videos WHERE id = $1", [id])).rows[0]?.done === true;
    while (!(await isComplete()) && Date.now() < complete) await sleep(500);
    expect(await isComplete()).toBe(true);
    for (const rung of ['360p', '480p', '720p']) {
      const file = path.join(mediaRoot, 'videos', id, 'v1', rung, 'video.mp4');
      const frames = execFileSync('ffmpeg', ['-v', 'error', '-i', file, '-vf', 'fps=2,scale=32:18', '-f', 'rawvideo', '-pix_fmt', 'rgb24', '-'], {
        maxBuffer: 64 * 1024 * 1024,
      });
      expect(frames.length).toBeGreaterThan(frameBytes * 10);
      for (let offset = 0; offset + frameBytes <= frames.length; offset += frameBytes) {
        const pixel = (x: number, y: number) => Math.max(...[0, 1, 2].map((c) => frames[offset + (y * 32 + x) * 3 + c]!));
        // Well inside the mask (x 17.6-30.4, y 9.9-17.1 of 32x18) and well outside it.
        for (const [x, y] of [
          [20, 12],
          [24, 13],
          [27, 15],
        ] as const)
          expect(pixel(x, y), `${rung} masked at ${offset / frameBytes / 2} s`).toBeLessThan(40);
        for (const [x, y] of [
          [4, 4],
          [10, 8],
        ] as const)
          expect(pixel(x, y), `${rung} unmasked at ${offset / frameBytes / 2} s`).toBeGreaterThan(60);
      }
    }
  });

  it('refuses expired, tampered and widened media URLs', async () => {
    const playback = await owner.json<{ hls: string }>('GET', `/api/videos/${id}/playback`);
    const [, , token, ...rest] = playback.hls.split('/');
    const [expires, depth, signature] = token!.split('.');
    const flipped = `${signature!.slice(0, -1)}${signature!.endsWith('A') ? 'B' : 'A'}`;
    expect((await fetch(`${base}/media/${expires}.${depth}.${flipped}/${rest.join('/')}`)).status).toBe(403);
    expect((await fetch(`${base}/media/${Number(expires) - 7000}.${depth}.${signature}/${rest.join('/')}`)).status).toBe(403);
    // The signature covers videos/<id>/v1 only: the original beside it stays out of reach.
    expect((await fetch(`${base}/media/${expires}.${depth}.${signature}/uploads/${id}`)).status).toBe(403);
    expect((await fetch(`${base}/media/${expires}.1.${signature}/videos/${id}/v1/master.m3u8`)).status).toBe(403);
  });

  it('a user outside the whitelist gets the spec’s no-access answer', async () => {
    const outsider = await user('visitor@elsewhere.org', 'viewer');
    const response = await outsider.call('GET', `/api/videos/${id}/playback`);
    expect(response.status).toBe(401);
    expect(((await response.json()) as { error: { code: string } }).error.code).toBe('NO_ACCESS');
  });
});

describe('rejections', () => {
  let owner: User;
  beforeAll(async () => {
    owner = await user('rejections@hospital.org');
  });

  const cases: [string, string[], string, RegExp][] = [
    ['vertical', ['-f', 'lavfi', '-i', 'testsrc2=s=720x1280:rate=25', '-t', '6'], 'vertical.mp4', /vertical and square videos are not accepted/],
    ['too short', ['-f', 'lavfi', '-i', 'testsrc2=s=1280x720:rate=25', '-t', '3'], 'short.mp4', /the minimum duration is 5 seconds/],
    ['too small', ['-f', 'lavfi', '-i', 'testsrc2=s=640x360:rate=25', '-t', '6'], 'small.mp4', /the minimum resolution is 1,280x720/],
  ];
  for (const [name, input, file, message] of cases) {
    it(`rejects a ${name} video with its message`, async () => {
      ffmpeg([...input, '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', `${scratch}/${file}`]);
      const id = await tusUpload(owner, `${scratch}/${file}`);
      const video = await waitForStatus(owner, id, ['rejected', 'awaiting_details', 'failed']);
      expect(video.status).toBe('rejected');
      expect(video.violations.map((v) => v.message).join(' ')).toMatch(message);
    });
  }

  it('rejects a file that is not a video', async () => {
    await fs.writeFile(`${scratch}/notes.mp4`, 'These are my notes, not a video.\n'.repeat(100));
    const id = await tusUpload(owner, `${scratch}/notes.mp4`);
    const video = await waitForStatus(owner, id, ['rejected', 'failed']);
    expect(video.status).toBe('rejected');
    expect(video.violations[0]!.message).toBe('This file is not in a supported format. Upload a MOV, MP4, MPG or AVI video.');
  });

  it('refuses a declared size over 3,900MB before any byte is sent, and viewers altogether', async () => {
    const create = (who: User, length: number) =>
      who.call('POST', '/api/uploads', undefined, {
        'tus-resumable': '1.0.0',
        'upload-length': String(length),
        'upload-metadata': `filename ${Buffer.from('big.mp4').toString('base64')}`,
      });
    const big = await create(owner, MAX_UPLOAD_BYTES + 1);
    expect(big.status).toBe(413);
    expect(((await big.json()) as { error: { code: string } }).error.code).toBe('UPLOAD_TOO_LARGE');
    const viewer = await user('viewer@hospital.org', 'viewer');
    const refused = await create(viewer, 1000);
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe('PROVIDERS_ONLY');
    const { rows } = await database.pool.query(`SELECT count(*)::int AS n FROM videos WHERE file_name = 'big.mp4'`);
    expect(rows[0].n).toBe(0);
  });
});

describe('resumable upload', () => {
  it('resumes after a server restart and stores a byte-identical file', async () => {
    const owner = await user('resume@hospital.org');
    const file = `${scratch}/surgery.mp4`;
    const size = (await fs.stat(file)).size;
    // Stop after the first chunks, as a closed laptop or a restart would.
    let url = '';
    await new Promise<void>((resolve, reject) => {
      void fs.readFile(file).then((data) => {
        const upload: tus.Upload = new tus.Upload(data, {
          endpoint: `${base}/api/uploads`,
          chunkSize: 128 * 1024,
          retryDelays: [],
          metadata: { filename: 'resume.mp4', filetype: 'video/mp4', privacyAnswer: 'no' },
          headers: { cookie: owner.cookie(), origin: base },
          onChunkComplete: (_size, sent) => {
            if (sent >= 256 * 1024) {
              url = upload.url!;
              void upload.abort().then(resolve);
            }
          },
          onError: reject,
        });
        upload.start();
      }, reject);
    });
    const id = url.split('/').pop()!;
    expect((await owner.json<Video>('GET', `/api/videos/${id}`)).status).toBe('uploading');

    await app.close();
    await startApp();

    const head = await owner.call('HEAD', `/api/uploads/${id}`, undefined, { 'tus-resumable': '1.0.0' });
    const offset = Number(head.headers.get('upload-offset'));
    expect(offset).toBeGreaterThanOrEqual(256 * 1024);
    expect(offset).toBeLessThan(size);
    const data = await fs.readFile(file);
    const resumed = await fetch(`${base}/api/uploads/${id}`, {
      method: 'PATCH',
      headers: {
        cookie: owner.cookie(),
        origin: base,
        'tus-resumable': '1.0.0',
        'upload-offset': String(offset),
        'content-type': 'application/offset+octet-stream',
      },
      body: data.subarray(offset),
    });
    expect(resumed.status).toBe(204);
    expect(await sha256(path.join(mediaRoot, 'uploads', id))).toBe(await sha256(file));
    await waitForStatus(owner, id, ['awaiting_details']);
  });
});
