// Any video the upload rules accept must process (security finding 6: a clip with a single
// keyframe failed in the storyboard step). Each clip below is made by ffmpeg, stored as an
// upload's original and taken through the real job handlers on a real PostgreSQL: check, details,
// privacy analysis, confirmation, publication and the full rendition ladder. A file cut short whose
// index is at the front is refused at the check with its own reason (finding 10).
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVideosRepository } from '../src/modules/videos/videos.repository.js';
import { createPrivacyReviewService } from '../src/modules/videos/privacy-review.service.js';
import { createVideoDetailsService } from '../src/modules/videos/video-details.service.js';
import { createLifecycle } from '../src/modules/videos/video-lifecycle.js';
import { analyseVideoJob } from '../src/jobs/analyse-video.job.js';
import { ingestVideoJob } from '../src/jobs/ingest-video.job.js';
import { renderVideoJob } from '../src/jobs/render-video.job.js';
import { speculativeSdJob } from '../src/jobs/speculative-sd.job.js';
import { maskedCopyKey } from '../src/jobs/drawn-masks.js';
import { createMediaSigner } from '../src/platform/media/media-signing.js';
import { createPrivacyAnalyser } from '../src/platform/media/privacy-analyser.js';
import type { JobContext, JobDefinition } from '../src/platform/jobs/queue.js';
import { createLocalStorage } from '../src/platform/storage/storage.js';
import { createFileUploadStore } from '../src/platform/storage/upload-store.js';
import { videoDetailsInputSchema } from '@ipsv/contracts/videos';
import { sharpImageNormaliser } from '../src/platform/media/image-normaliser.js';
import { ffmpegMediaTools, type MediaTools } from '../src/platform/media/media-tools.js';
import { recordingQueue } from './helpers/build-test-app.js';
import { createTestDatabase, type TestDatabase } from './helpers/test-database.js';

const ffmpeg = (args: string[]) => execFileSync('ffmpeg', ['-hide_banner', '-nostdin', '-y', '-v', 'error', ...args]);
const SOURCE = (size: string, rate = 25) => ['-f', 'lavfi', '-i', `testsrc2=s=${size}:rate=${rate}`];
const TONE = ['-f', 'lavfi', '-i', 'sine=frequency=330:sample_rate=48000'];
const X264 = ['-c:v', 'libx264', '-preset', 'ultrafast'];

/** Each a kind of recording cameras, towers and editors produce; all pass the upload rules. */
const CLIPS: Record<string, { extension: string; args: string[]; remux?: string[] }> = {
  'one keyframe (H.264, default GOP longer than the clip)': {
    extension: 'mp4',
    args: [...SOURCE('1280x720'), ...TONE, '-t', '8', ...X264, '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest'],
  },
  'very long GOP (a keyframe every 10 s)': {
    extension: 'mp4',
    args: [...SOURCE('1280x720'), '-t', '12', ...X264, '-g', '250', '-sc_threshold', '0', '-pix_fmt', 'yuv420p'],
  },
  'variable frame rate': {
    extension: 'mp4',
    args: [...SOURCE('1280x720', 50), '-t', '7', '-vf', 'select=lt(mod(n\\,7)\\,3)+gt(t\\,4)', '-fps_mode', 'vfr', ...X264, '-pix_fmt', 'yuv420p'],
  },
  'odd size (1281x721, 4:4:4)': { extension: 'mp4', args: [...SOURCE('1281x721'), '-t', '6', ...X264, '-pix_fmt', 'yuv444p'] },
  // The rotation is written by a stream copy (ffmpeg drops it when encoding).
  'rotation metadata (coded upright, shown landscape)': {
    extension: 'mp4',
    args: [...SOURCE('720x1280'), '-t', '6', ...X264, '-pix_fmt', 'yuv420p'],
    remux: ['-c', 'copy', '-metadata:s:v:0', 'rotate=90'],
  },
  'no audio': { extension: 'mp4', args: [...SOURCE('1280x720'), '-t', '6', ...X264, '-pix_fmt', 'yuv420p', '-an'] },
  'four audio streams': {
    extension: 'mp4',
    args: [
      ...SOURCE('1280x720'),
      ...TONE,
      ...TONE,
      ...TONE,
      ...TONE,
      '-t',
      '6',
      '-map',
      '0:v',
      '-map',
      '1:a',
      '-map',
      '2:a',
      '-map',
      '3:a',
      '-map',
      '4:a',
      ...X264,
      '-pix_fmt',
      'yuv420p',
      '-c:a',
      'aac',
    ],
  },
  '10-bit 4:2:2 H.264': { extension: 'mp4', args: [...SOURCE('1280x720'), '-t', '6', ...X264, '-pix_fmt', 'yuv422p10le'] },
  'HEVC in MP4': {
    extension: 'mp4',
    args: [
      ...SOURCE('1280x720'),
      '-t',
      '6',
      '-c:v',
      'libx265',
      '-preset',
      'ultrafast',
      '-x265-params',
      'log-level=error',
      '-tag:v',
      'hvc1',
      '-pix_fmt',
      'yuv420p',
    ],
  },
  'MPEG-2 in MPG': { extension: 'mpg', args: [...SOURCE('1280x720'), ...TONE, '-t', '6', '-c:v', 'mpeg2video', '-q:v', '4', '-c:a', 'mp2', '-f', 'mpeg'] },
  'MJPEG in AVI': { extension: 'avi', args: [...SOURCE('1280x720'), '-t', '6', '-c:v', 'mjpeg', '-q:v', '5', '-f', 'avi'] },
};

let database: TestDatabase;
let scratch: string;
const log = pino({ level: 'silent' });

beforeAll(async () => {
  database = await createTestDatabase();
  scratch = await fs.mkdtemp(path.join(os.tmpdir(), 'ipsv-any-video-'));
  await database.pool.query(
    `INSERT INTO users (id, name, email, email_verified, role) VALUES ('owner-1', 'Ada Surgeon', 'ada@any-video.org', true, 'provider')`,
  );
}, 60_000);

afterAll(async () => {
  await database?.drop();
  await fs.rm(scratch, { recursive: true, force: true });
});

/** Runs one job as the worker would, on its last attempt (a failure marks the video failed). */
async function runJob(job: JobDefinition, payload: unknown): Promise<void> {
  const context: JobContext = { id: randomUUID(), signal: new AbortController().signal, log, retryCount: job.retryLimit, lastAttempt: true };
  await job.run(payload, context);
}

function pipeline(media: MediaTools = ffmpegMediaTools) {
  const mediaRoot = path.join(scratch, 'media');
  const storage = createLocalStorage(mediaRoot);
  const videos = createVideosRepository(database.db);
  const queue = recordingQueue();
  const lifecycle = createLifecycle({ videos, queue });
  const signer = createMediaSigner('test-secret');
  const deps = { videos, storage, lifecycle, queue, media };
  const details = createVideoDetailsService({
    videos,
    storage,
    signer,
    lifecycle,
    images: sharpImageNormaliser,
    uploads: createFileUploadStore(mediaRoot, 3_600_000),
  });
  const review = createPrivacyReviewService({ videos, signer, lifecycle, queue });
  return {
    storage,
    videos,
    queue,
    service: { get: details.get, saveDetails: details.saveDetails, review: review.review, confirmReview: review.confirmReview, saveDraft: review.saveDraft },
    ingest: ingestVideoJob(deps),
    analyse: analyseVideoJob({ ...deps, analyser: createPrivacyAnalyser('scene') }),
    speculative: speculativeSdJob(deps),
    render: renderVideoJob(deps),
  };
}

const actor = { id: 'owner-1', email: 'ada@any-video.org', role: 'provider' as const };

async function upload(p: ReturnType<typeof pipeline>, file: string): Promise<string> {
  const id = randomUUID();
  await p.storage.putFile(`uploads/${id}`, file, 'application/octet-stream');
  const size = (await fs.stat(file)).size;
  await p.videos.create({ id, ownerId: actor.id, status: 'uploaded', fileName: path.basename(file), originalKey: `uploads/${id}`, sizeBytes: size });
  return id;
}

describe('any video the upload rules accept is published', () => {
  for (const [name, clip] of Object.entries(CLIPS)) {
    it(
      name,
      async () => {
        const p = pipeline();
        let file = path.join(scratch, `${randomUUID()}.${clip.extension}`);
        ffmpeg([...clip.args, file]);
        if (clip.remux) {
          const remuxed = file.replace(/(\.\w+)$/, '-remuxed$1');
          ffmpeg(['-i', file, ...clip.remux, remuxed]);
          file = remuxed;
        }
        const id = await upload(p, file);

        await runJob(p.ingest, { videoId: id });
        let video = await p.service.get(actor, id);
        expect(video.status, `${video.failureReason ?? ''} ${JSON.stringify(video.violations)}`).toBe('awaiting_details');
        expect(video.width).toBeGreaterThanOrEqual(1280);
        const storyboardMap = (await p.storage.get(`videos/${id}/source/filmstrip.vtt`))!;
        const vtt = await new Response(storyboardMap.stream as unknown as ReadableStream).text();
        expect(vtt).toContain('filmstrip.jpg#xywh=');

        await p.service.saveDetails(actor, id, videoDetailsInputSchema.parse({ title: name, fileName: path.basename(file) }));
        await runJob(p.analyse, { videoId: id });
        // As the worker does beside the analysis: the whole video at 360p, which the render cuts.
        await runJob(p.speculative, { videoId: id });
        const speculative = `videos/${id}/source/review/360p/video.mp4`;
        expect(await p.storage.stat(speculative)).not.toBeNull();
        video = await p.service.get(actor, id);
        expect(video.status, video.failureReason ?? '').toBe('review');
        // A cut in the middle (a test picture is all "outside" to the detector; what matters here is
        // that every kind of file can be cut and rendered).
        expect((await p.service.review(actor, id)).durationSeconds).toBeGreaterThan(5);
        await p.service.confirmReview(actor, id, { ranges: [{ start: 2, end: 3, reasons: ['out_of_body'], confidence: 1 }] });
        const refreshed = await p.videos.find(id);
        await runJob(p.render, { videoId: id, version: refreshed!.renderingVersion! });

        video = await p.service.get(actor, id);
        expect(video.status, video.failureReason ?? '').toBe('published');
        expect(video.renditionComplete).toBe(true);
        const row = (await p.videos.find(id))!;
        expect(row.rendition!.rungs).toContain('360p');
        expect(row.rendition!.rungs).toContain('720p');
        for (const key of [row.rendition!.master, row.rendition!.mp4!, row.rendition!.storyboard!, row.rendition!.poster!]) {
          expect(await p.storage.stat(key), key).not.toBeNull();
        }
        // The published SD was cut from the speculative one: one second shorter than the original.
        const original = await ffmpegMediaTools.probe(file);
        const sd = await p.storage.localFile(row.rendition!.mp4!, scratch);
        const published = await ffmpegMediaTools.probe(sd.path);
        await sd.release();
        expect(published.durationSeconds).toBeCloseTo(original.durationSeconds - 1, 0);
        // It showed what the review removed: gone, unless it is the review's copy of this source.
        if (row.reviewProxyKey !== speculative) expect(await p.storage.stat(speculative)).toBeNull();
      },
      240_000,
    );
  }
});

describe('a file cut short', () => {
  it('is refused at the check with its own reason, not a generic failure', async () => {
    const p = pipeline();
    const full = path.join(scratch, 'full.mp4');
    ffmpeg([...SOURCE('1280x720'), '-t', '8', ...X264, '-pix_fmt', 'yuv420p', '-movflags', '+faststart', full]);
    const data = await fs.readFile(full);
    const cut = path.join(scratch, 'cut.mp4');
    await fs.writeFile(cut, data.subarray(0, Math.floor(data.length * 0.4)));
    const id = await upload(p, cut);
    await runJob(p.ingest, { videoId: id });
    const video = await p.service.get(actor, id);
    expect(video.status).toBe('rejected');
    expect(video.violations.map((violation) => violation.code)).toEqual(['incomplete']);
  });

  it('a missing original fails the stage with that reason', async () => {
    const p = pipeline();
    const id = randomUUID();
    await p.videos.create({ id, ownerId: actor.id, status: 'uploaded', fileName: 'gone.mp4', originalKey: `uploads/${id}`, sizeBytes: 10 });
    await runJob(p.ingest, { videoId: id });
    const video = await p.service.get(actor, id);
    expect(video.status).toBe('failed');
    expect(video.failureReason).toMatch(/original upload is missing/);
  });
});

/**
 * 12 s of a green picture with a white tower overlay top-left the whole time, uploaded, checked,
 * described and analysed (the scene model only, which proposes no mask): its id, in review.
 */
async function overlayVideoInReview(p: ReturnType<typeof pipeline>, name: string): Promise<string> {
  const file = path.join(scratch, name);
  ffmpeg([
    '-f',
    'lavfi',
    '-i',
    'color=c=0x30c040:size=1280x720:rate=25:duration=12,drawbox=x=0:y=0:w=400:h=100:color=white:t=fill',
    ...X264,
    '-g',
    '50',
    '-pix_fmt',
    'yuv420p',
    file,
  ]);
  const id = await upload(p, file);
  await runJob(p.ingest, { videoId: id });
  await p.service.saveDetails(actor, id, videoDetailsInputSchema.parse({ title: 'Overlay', fileName: 'overlay.mp4' }));
  await runJob(p.analyse, { videoId: id });
  return id;
}

describe('masks the analysis proposed', () => {
  it('are drawn into the speculative SD while the provider reviews; confirmed as proposed, the SD is cut from that copy and masked in every frame', async () => {
    const cutFrom: string[] = [];
    const p = pipeline({ ...ffmpegMediaTools, cut: (file, ...rest) => (cutFrom.push(path.basename(file)), ffmpegMediaTools.cut(file, ...rest)) });
    const id = await overlayVideoInReview(p, 'overlay.mp4');
    // As the text detector proposes it for a tower overlay (this analysis runs the scene model only).
    const overlay = { x: 0, y: 0, width: 0.35, height: 0.16, start: 0, end: 12, reason: 'text' as const, confidence: 0.95 };
    const analysed = (await p.videos.find(id))!;
    await p.videos.update(id, { analysis: { ...analysed.analysis!, proposedMasks: [overlay] } });

    await runJob(p.speculative, { videoId: id });
    const masked = maskedCopyKey(`videos/${id}/source/review/360p/masked-`, [overlay]);
    expect(await p.storage.stat(masked)).not.toBeNull();
    expect(cutFrom).toEqual(['video.mp4']);

    await p.service.confirmReview(actor, id, { ranges: [{ start: 4, end: 5, reasons: ['out_of_body'], confidence: 1 }], masks: [overlay] });
    await runJob(p.render, { videoId: id, version: (await p.videos.find(id))!.renderingVersion! });
    const row = (await p.videos.find(id))!;
    expect(row.status, row.failureReason ?? '').toBe('published');
    // The SD from the masked copy (nothing drawn again), the master from the original.
    expect(cutFrom.slice(1)).toEqual([masked.split('/').pop(), id]);
    expect(await p.storage.stat(masked)).toBeNull();
    expect(await p.storage.stat(`videos/${id}/source/review/360p/masked.json`)).toBeNull();

    // The published SD: one second shorter, the overlay's corner black in every frame, the rest green.
    const sd = await p.storage.localFile(row.rendition!.mp4!, scratch);
    const duration = (await ffmpegMediaTools.probe(sd.path)).durationSeconds;
    const raw = execFileSync('ffmpeg', ['-v', 'error', '-i', sd.path, '-vf', 'scale=64:36', '-f', 'rawvideo', '-pix_fmt', 'rgb24', '-'], {
      maxBuffer: 64 * 1024 * 1024,
    });
    await sd.release();
    expect(duration).toBeCloseTo(11, 0);
    const frameBytes = 64 * 36 * 3;
    expect(raw.length / frameBytes).toBeGreaterThan(250);
    const pixel = (frame: number, x: number, y: number) => raw.subarray(frame * frameBytes + (y * 64 + x) * 3, frame * frameBytes + (y * 64 + x) * 3 + 3);
    for (let frame = 0; frame < raw.length / frameBytes; frame++) {
      expect(Math.max(...pixel(frame, 8, 2)), `frame ${frame}: the overlay is covered`).toBeLessThan(40);
      const [r, g, b] = pixel(frame, 40, 25);
      expect(g! > 150 && r! < 100 && b! < 100, `frame ${frame}: the picture elsewhere is kept`).toBe(true);
    }
  }, 240_000);
});

describe("masks of the owner's draft", () => {
  it("are drawn into a copy of the speculative SD before Save, replacing the proposal's copy; confirmed as drafted, the SD is cut from it and masked in every frame", async () => {
    const cutFrom: string[] = [];
    const p = pipeline({ ...ffmpegMediaTools, cut: (file, ...rest) => (cutFrom.push(path.basename(file)), ffmpegMediaTools.cut(file, ...rest)) });
    const id = await overlayVideoInReview(p, 'overlay-draft.mp4');
    // The text detector's proposal is too small (this analysis runs the scene model only): a third of the overlay.
    const proposed = { x: 0, y: 0, width: 0.1, height: 0.05, start: 0, end: 12, reason: 'text' as const, confidence: 0.9 };
    const analysed = (await p.videos.find(id))!;
    await p.videos.update(id, { analysis: { ...analysed.analysis!, proposedMasks: [proposed] } });
    await runJob(p.speculative, { videoId: id });
    const proposedCopy = maskedCopyKey(`videos/${id}/source/review/360p/masked-`, [proposed]);
    expect(await p.storage.stat(proposedCopy)).not.toBeNull();

    // The provider widens it over the whole overlay; the editor keeps that as a draft, which asks for a copy with it.
    const widened = { x: 0, y: 0, width: 0.35, height: 0.16, start: 0, end: 12, reason: 'manual' as const, confidence: null };
    p.queue.sent.length = 0;
    await p.service.saveDraft(actor, id, { ranges: [{ start: 4, end: 5, reasons: ['out_of_body'], confidence: 1 }], masks: [widened] });
    expect(p.queue.sent).toEqual([{ name: 'video-speculative-sd', payload: { videoId: id } }]);
    await runJob(p.speculative, { videoId: id });
    const draftCopy = maskedCopyKey(`videos/${id}/source/review/360p/masked-`, [widened]);
    expect(await p.storage.stat(draftCopy)).not.toBeNull();
    expect(await p.storage.stat(proposedCopy)).toBeNull();
    expect(cutFrom).toEqual(['video.mp4', 'video.mp4']);

    await p.service.confirmReview(actor, id, { ranges: [{ start: 4, end: 5, reasons: ['out_of_body'], confidence: 1 }], masks: [widened] });
    expect((await p.service.review(actor, id)).draft).toBeNull();
    await runJob(p.render, { videoId: id, version: (await p.videos.find(id))!.renderingVersion! });
    const row = (await p.videos.find(id))!;
    expect(row.status, row.failureReason ?? '').toBe('published');
    // The SD from the draft's copy (nothing drawn again), the master from the original; no copy left.
    expect(cutFrom.slice(2)).toEqual([draftCopy.split('/').pop(), id]);
    expect(await p.storage.stat(draftCopy)).toBeNull();

    const sd = await p.storage.localFile(row.rendition!.mp4!, scratch);
    const raw = execFileSync('ffmpeg', ['-v', 'error', '-i', sd.path, '-vf', 'scale=64:36', '-f', 'rawvideo', '-pix_fmt', 'rgb24', '-'], {
      maxBuffer: 64 * 1024 * 1024,
    });
    await sd.release();
    const frameBytes = 64 * 36 * 3;
    expect(raw.length / frameBytes).toBeGreaterThan(250);
    const pixel = (frame: number, x: number, y: number) => raw.subarray(frame * frameBytes + (y * 64 + x) * 3, frame * frameBytes + (y * 64 + x) * 3 + 3);
    for (let frame = 0; frame < raw.length / frameBytes; frame++) {
      // (16, 3) is inside the overlay but outside the proposal's third of it: covered by the widened mask only.
      expect(Math.max(...pixel(frame, 16, 3)), `frame ${frame}: the whole overlay is covered`).toBeLessThan(40);
      const [r, g, b] = pixel(frame, 40, 25);
      expect(g! > 150 && r! < 100 && b! < 100, `frame ${frame}: the picture elsewhere is kept`).toBe(true);
    }
  }, 240_000);
});
