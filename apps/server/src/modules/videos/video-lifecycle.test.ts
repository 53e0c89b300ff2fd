import { describe, expect, it } from 'vitest';
import { VIDEO_STATUSES, type VideoStatus } from '@ipsv/contracts/videos';
import type { RenditionKeys, VideoAnalysis, VideoProbe } from '../../db/schema.js';
import { AppError } from '../../platform/app-error.js';
import { fakeQueue, fakeVideosRepository, videoRow } from '../../testing/fakes.js';
import * as lifecycle from './video-lifecycle.js';
import { ALLOWED_FROM, type Operation, type Transition } from './video-lifecycle.js';

const probe: VideoProbe = { container: 'mp4', codec: 'h264', width: 1280, height: 720, durationSeconds: 20, fps: 25, hasAudio: true, browserPlayable: true };
const analysis: VideoAnalysis = {
  threshold: 0.2,
  proposed: [{ start: 2, end: 4, reasons: ['out_of_body'], confidence: 0.9 }],
  track: [],
  detectors: [],
  framesDecoded: 1,
  seconds: 1,
};
const nothingFound: VideoAnalysis = {
  ...analysis,
  proposed: [],
  track: [
    { time: 0, score: 0.01, reason: 'out_of_body' },
    { time: 1, score: 0.05, reason: 'out_of_body' },
  ],
};
const rendition = (version: number, complete = false): RenditionKeys => ({
  version,
  master: `videos/v/v${version}/master.m3u8`,
  mp4: null,
  poster: null,
  storyboard: null,
  rungs: ['360p'],
  renditions: [],
  durationSeconds: 18,
  complete,
});
const at = new Date('2026-11-23T10:00:00Z');

/** A video in `status` with what that stage has (and a failed one that got as far as a render). */
const videoIn = (status: VideoStatus, extra: Partial<ReturnType<typeof videoRow>> = {}) =>
  videoRow({
    id: 'v',
    ownerId: 'owner',
    fileName: 'f.mp4',
    originalKey: 'uploads/v',
    status,
    probe: ['uploading', 'uploaded', 'validating'].includes(status) ? null : probe,
    analysis: ['review', 'rendering', 'published', 'failed'].includes(status) ? analysis : null,
    ...extra,
  });

/** Each operation applied with plausible arguments. */
const OPERATIONS: Record<Operation, (video: ReturnType<typeof videoRow>) => Transition> = {
  uploaded: (v) => lifecycle.uploaded(v, 1000),
  validationStarted: (v) => lifecycle.validationStarted(v),
  validated: (v) => lifecycle.validated(v, { probe, quality: '720', thumbnailTimes: [1], filmstrip: null }),
  rejected: (v) => lifecycle.rejected(v, [{ code: 'duration', message: 'short', params: { seconds: 2 } }]),
  detailsSaved: (v) => lifecycle.detailsSaved(v, { title: 'T' }, at),
  analysed: (v) => lifecycle.analysed(v, analysis, null, at),
  confirmed: (v) => lifecycle.confirmed(v, [], 'owner', at),
  published: (v) => lifecycle.published(v, rendition(1), at),
  renditionsCompleted: (v) => lifecycle.renditionsCompleted(v, rendition(1, true)),
  rolledBack: (v) => lifecycle.rolledBack(v, { rendition: rendition(1, true), ranges: [], masks: [], confirmedBy: 'owner', confirmedAt: at }),
  failed: (v) => lifecycle.failed(v, ['validating', 'analysing', 'rendering'], 'Rendering failed: x'),
  retried: (v) => lifecycle.retried(v),
};

describe('the lifecycle table', () => {
  for (const operation of Object.keys(OPERATIONS) as Operation[]) {
    for (const status of VIDEO_STATUSES) {
      const allowed = (ALLOWED_FROM[operation] as readonly VideoStatus[]).includes(status);
      it(`${operation} from ${status}: ${allowed ? 'allowed' : 'refused'}`, () => {
        const video = videoIn(status);
        if (!allowed) {
          expect(() => OPERATIONS[operation](video)).toThrow(AppError);
          expect(lifecycle.canApply(operation, video)).toBe(false);
          return;
        }
        const transition = OPERATIONS[operation](video);
        expect(lifecycle.canApply(operation, video)).toBe(true);
        // The compare-and-set always includes where the video is now, and never a status the table refuses.
        expect(transition.from).toContain(status);
        for (const from of transition.from) expect(ALLOWED_FROM[operation]).toContain(from);
        if (transition.patch.status) expect(VIDEO_STATUSES).toContain(transition.patch.status);
      });
    }
  }
});

describe('what each operation does', () => {
  it('an upload that finished is checked', () => {
    expect(lifecycle.uploaded(videoIn('uploading'), 1234)).toEqual({
      from: ['uploading'],
      patch: { status: 'uploaded', percent: null, sizeBytes: 1234 },
      job: { name: 'video-ingest', payload: { videoId: 'v' } },
    });
  });

  it('a checked file waits for its details, or goes to the analysis when they were saved during the upload', () => {
    expect(lifecycle.validated(videoIn('validating'), { probe }).patch.status).toBe('awaiting_details');
    expect(lifecycle.validated(videoIn('validating'), { probe }).job).toBeNull();
    const early = lifecycle.validated(videoIn('validating', { detailsSavedAt: at }), { probe });
    expect(early.patch.status).toBe('analysing');
    expect(early.job).toEqual({ name: 'video-analyse', payload: { videoId: 'v' } });
  });

  it('the first details save starts the analysis; later saves change the details only', () => {
    const first = lifecycle.detailsSaved(videoIn('awaiting_details'), { title: 'T' }, at);
    expect(first).toMatchObject({ from: ['awaiting_details'], patch: { status: 'analysing', detailsSavedAt: at }, job: { name: 'video-analyse' } });
    const later = lifecycle.detailsSaved(videoIn('review', { detailsSavedAt: new Date('2026-01-01') }), { title: 'T2' }, at);
    expect(later.patch.status).toBeUndefined();
    expect(later.patch.detailsSavedAt).toEqual(new Date('2026-01-01'));
    expect(later.job).toBeNull();
    // A video left waiting although its details were saved (a race the file check now refuses) moves on at the next save.
    const stuck = lifecycle.detailsSaved(videoIn('awaiting_details', { detailsSavedAt: new Date('2026-01-01') }), { title: 'T3' }, at);
    expect(stuck).toMatchObject({ patch: { status: 'analysing', detailsSavedAt: new Date('2026-01-01') }, job: { name: 'video-analyse' } });
  });

  it('a new thumbnail for a published video makes its poster again', () => {
    const published = videoIn('published', { detailsSavedAt: at, rendition: rendition(1, true), thumbnail: { kind: 'frame', index: 0 } });
    expect(lifecycle.detailsSaved(published, { thumbnail: { kind: 'frame', index: 2 } }, at).job).toEqual({ name: 'video-poster', payload: { videoId: 'v' } });
    expect(lifecycle.detailsSaved(published, { thumbnail: { kind: 'frame', index: 0 }, title: 'same picture' }, at).job).toBeNull();
  });

  it('an analysis waits for the review, unless the provider allowed publication and nothing was found', () => {
    expect(lifecycle.analysed(videoIn('analysing'), analysis, null, at)).toMatchObject({ patch: { status: 'review' }, job: null });
    // Not asked for: the usual review, with nothing to explain.
    expect(lifecycle.analysed(videoIn('analysing'), nothingFound, null, at).reviewWait).toBeUndefined();
    expect(lifecycle.analysed(videoIn('analysing', { autoConfirm: true }), analysis, null, at)).toMatchObject({
      patch: { status: 'review' },
      reviewWait: { reason: 'proposed', spans: [{ start: 2, end: 4 }] },
    });
    const auto = lifecycle.analysed(videoIn('analysing', { autoConfirm: true }), nothingFound, null, at);
    expect(auto).toMatchObject({
      patch: { status: 'rendering', confirmedBy: 'auto', confirmedRanges: [], renderingVersion: 1 },
      job: { name: 'video-render', payload: { videoId: 'v', version: 1 } },
      // Where the instance does not allow it, the video waits instead.
      ifAutoPublishOff: { patch: { status: 'review' }, job: null, reviewWait: { reason: 'auto_publish_off' } },
    });
  });

  it('one examined frame above the limit keeps a clean analysis for the review, saying which seconds', () => {
    const uncertain: VideoAnalysis = { ...nothingFound, track: [...nothingFound.track, { time: 12.4, score: 0.07, reason: 'out_of_body' }] };
    expect(lifecycle.analysed(videoIn('analysing', { autoConfirm: true }), uncertain, null, at)).toMatchObject({
      patch: { status: 'review' },
      job: null,
      reviewWait: { reason: 'uncertain', spans: [{ start: 12.4, end: 12.4 }] },
    });
    const faces: VideoAnalysis = { ...nothingFound, faceMasks: [{ x: 0, y: 0, width: 0.1, height: 0.1, start: 0, end: 1, reason: 'face', confidence: 0.9 }] };
    expect(lifecycle.analysed(videoIn('analysing', { autoConfirm: true }), faces, null, at)).toMatchObject({ reviewWait: { reason: 'masks' } });
    const withdrawn: VideoAnalysis = { ...nothingFound, transitions: [{ time: 3, kind: 'exit' }] };
    expect(lifecycle.analysed(videoIn('analysing', { autoConfirm: true }), withdrawn, null, at)).toMatchObject({ reviewWait: { reason: 'withdrawal' } });
  });

  it('a confirmation renders the next version; a published video stays online meanwhile', () => {
    const first = lifecycle.confirmed(videoIn('review'), [], 'owner', at);
    expect(first).toMatchObject({
      version: 1,
      patch: { status: 'rendering', renderingVersion: 1, confirmedBy: 'owner' },
      job: { name: 'video-render', payload: { version: 1 } },
    });
    const again = lifecycle.confirmed(videoIn('published', { publishedVersion: 2, renderingVersion: 2 }), [], 'owner', at);
    expect(again).toMatchObject({ version: 3, patch: { status: 'published', renderingVersion: 3 } });
    expect(() => lifecycle.confirmed(videoIn('failed', { analysis: null }), [], 'owner', at)).toThrow(expect.objectContaining({ code: 'REVIEW_NOT_READY' }));
  });

  it('versions come from one rule: one above any published or rendering version', () => {
    expect(lifecycle.nextVersion({ publishedVersion: 0, renderingVersion: null })).toBe(1);
    expect(lifecycle.nextVersion({ publishedVersion: 3, renderingVersion: 2 })).toBe(4);
    expect(lifecycle.nextVersion({ publishedVersion: 1, renderingVersion: 4 })).toBe(5);
  });

  it('a retry starts again the stage that failed', () => {
    const job = (video: ReturnType<typeof videoRow>) => lifecycle.retried(video);
    expect(job(videoIn('failed', { probe: null, analysis: null }))).toMatchObject({ patch: { status: 'uploaded' }, job: { name: 'video-ingest' } });
    expect(job(videoIn('failed', { analysis: null, detailsSavedAt: at }))).toMatchObject({ patch: { status: 'analysing' }, job: { name: 'video-analyse' } });
    expect(job(videoIn('failed', { analysis: null }))).toMatchObject({ patch: { status: 'awaiting_details' }, job: null });
    expect(job(videoIn('failed', { renderingVersion: 2, confirmedRanges: [] }))).toMatchObject({
      patch: { status: 'rendering' },
      job: { name: 'video-render', payload: { version: 2 } },
    });
    expect(job(videoIn('failed'))).toMatchObject({ patch: { status: 'review', failureReason: null }, job: null });
    expect(() => job(videoIn('review'))).toThrow(expect.objectContaining({ code: 'NOT_RETRYABLE' }));
  });

  it('a video whose job is gone is sent on with the job its status waits on, and nothing else changes', () => {
    expect(lifecycle.resumed(videoIn('uploaded'))).toEqual({ from: ['uploaded'], patch: {}, job: { name: 'video-ingest', payload: { videoId: 'v' } } });
    expect(lifecycle.resumed(videoIn('validating'))?.job?.name).toBe('video-ingest');
    expect(lifecycle.resumed(videoIn('analysing'))?.job?.name).toBe('video-analyse');
    expect(lifecycle.resumed(videoIn('rendering', { renderingVersion: 3 }))?.job).toEqual({ name: 'video-render', payload: { videoId: 'v', version: 3 } });
    const incomplete = { version: 3, complete: false } as RenditionKeys;
    expect(lifecycle.resumed(videoIn('published', { renderingVersion: 3, rendition: incomplete }))?.job?.name).toBe('video-render');
    // Complete, rolled back to an older version, or not waiting on any job: nothing to send.
    expect(lifecycle.resumed(videoIn('published', { renderingVersion: 3, rendition: { ...incomplete, complete: true } }))).toBeNull();
    expect(lifecycle.resumed(videoIn('published', { renderingVersion: 3, rendition: { ...incomplete, version: 2 } }))).toBeNull();
    for (const status of ['uploading', 'awaiting_details', 'review', 'rejected', 'failed'] as const) expect(lifecycle.resumed(videoIn(status))).toBeNull();
  });
});

describe('applying a transition', () => {
  it('writes with a compare-and-set and sends the job only when the write happened', async () => {
    const videos = fakeVideosRepository();
    const queue = fakeQueue();
    const { apply, applyOrRefuse } = lifecycle.createLifecycle({ videos, queue });
    await videos.create({ id: 'v', ownerId: 'o', fileName: 'f', originalKey: 'uploads/v', status: 'uploading' });
    const transition = lifecycle.uploaded(videoIn('uploading'), 10);
    expect((await apply('v', transition))?.status).toBe('uploaded');
    expect(queue.sent).toEqual([{ name: 'video-ingest', payload: { videoId: 'v' } }]);
    // The job's id is chosen before the send and recorded on the video with the step.
    expect(queue.ids[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(videos.rows.get('v')).toMatchObject({ jobName: 'video-ingest', jobId: queue.ids[0] });
    // The same transition again (a retried request, a second worker): nothing written, nothing sent.
    expect(await apply('v', transition)).toBeNull();
    expect(queue.sent).toHaveLength(1);
    await expect(applyOrRefuse('v', transition)).rejects.toMatchObject({ code: 'VIDEO_CHANGED' });
  });

  it('publishes without review only where the instance allows it (AUTO_PUBLISH, off unless told)', async () => {
    const run = async (autoPublish?: boolean) => {
      const videos = fakeVideosRepository();
      const queue = fakeQueue();
      const told: Transition[] = [];
      const { apply } = lifecycle.createLifecycle({ videos, queue, autoPublish, onApplied: async (_row, t) => void told.push(t) });
      await videos.create({ id: 'v', ownerId: 'o', fileName: 'f', originalKey: 'uploads/v', status: 'analysing', probe, autoConfirm: true });
      const row = await apply('v', lifecycle.analysed(videoIn('analysing', { autoConfirm: true }), nothingFound, null, at));
      return { row, sent: queue.sent, told };
    };
    for (const off of [undefined, false]) {
      const { row, sent, told } = await run(off);
      expect(row).toMatchObject({ status: 'review', confirmedBy: null, renderingVersion: null });
      expect(sent).toEqual([]);
      expect(told[0]?.reviewWait).toEqual({ reason: 'auto_publish_off', spans: [] });
    }
    const on = await run(true);
    expect(on.row).toMatchObject({ status: 'rendering', confirmedBy: 'auto', renderingVersion: 1 });
    expect(on.sent).toEqual([{ name: 'video-render', payload: { videoId: 'v', version: 1 } }]);
  });
});
