import { describe, expect, it } from 'vitest';
import { MAX_MASKS, type PrivacyMask } from '@ipsv/contracts/privacy-review';
import { fakeQueue, fakeSigner, fakeVideosRepository } from '../../testing/fakes.js';
import type { VideoActor } from './video-access.js';
import { createLifecycle } from './video-lifecycle.js';
import { createPrivacyReviewService } from './privacy-review.service.js';
import { toVideo } from './video-view.js';

const owner: VideoActor = { id: 'owner', email: 'ada@hospital.org', role: 'provider' };
const admin: VideoActor = { id: 'admin', email: 'root@platform.org', role: 'admin' };
const probe = { container: 'mp4', codec: 'h264', width: 1280, height: 720, durationSeconds: 20, fps: 25, hasAudio: true, browserPlayable: true };
const analysis = {
  threshold: 0.2,
  proposed: [{ start: 5, end: 8, reasons: ['out_of_body' as const], confidence: 0.93 }],
  track: [],
  detectors: [],
  framesDecoded: 1,
  seconds: 1,
};
const range = (start: number, end: number) => ({ start, end, reasons: ['manual' as const], confidence: null });
const mask = (over: Partial<PrivacyMask> = {}): PrivacyMask => ({
  x: 0.1,
  y: 0.1,
  width: 0.2,
  height: 0.2,
  start: 1,
  end: 4,
  reason: 'manual',
  confidence: null,
  ...over,
});

function setup(clock = () => new Date('2026-11-23T09:00:00Z')) {
  const videos = fakeVideosRepository({ owner: 'Ada Surgeon' });
  const queue = fakeQueue();
  const service = createPrivacyReviewService({
    videos,
    signer: fakeSigner,
    lifecycle: createLifecycle({ videos, queue }),
    queue,
    clock,
  });
  return { videos, queue, service };
}

describe('the privacy review', () => {
  it('shows the owner the proposal over the original; nobody else gets the original', async () => {
    const s = setup();
    await s.videos.create({ id: 'v', ownerId: 'owner', fileName: 'case.mp4', originalKey: 'uploads/v', status: 'review', probe, analysis });
    const review = await s.service.review(owner, 'v');
    expect(review).toMatchObject({ proposed: analysis.proposed, nextVersion: 1, confirmed: null, confirmedByName: null });
    expect(review.originalUrl).toContain('uploads/v');
    await expect(s.service.review(admin, 'v')).rejects.toMatchObject({ code: 'OWNER_ONLY' });
  });

  it('is not ready before the analysis, and says why a rejected upload has none', async () => {
    const s = setup();
    await s.videos.create({ id: 'a', ownerId: 'owner', fileName: 'a.mp4', originalKey: 'uploads/a', status: 'analysing', probe });
    await expect(s.service.review(owner, 'a')).rejects.toMatchObject({ code: 'REVIEW_NOT_READY' });
    await s.videos.create({
      id: 'r',
      ownerId: 'owner',
      fileName: 'r.mp4',
      originalKey: 'uploads/r',
      status: 'rejected',
      violations: [{ code: 'duration', message: 'short', params: {} }],
    });
    await expect(s.service.confirmReview(owner, 'r', { ranges: [] })).rejects.toMatchObject({ code: 'UPLOAD_REJECTED', params: { reasons: ['duration'] } });
  });

  it('records who confirmed which ranges and renders the next version; names the confirmer afterwards', async () => {
    const s = setup();
    await s.videos.create({ id: 'v', ownerId: 'owner', fileName: 'case.mp4', originalKey: 'uploads/v', status: 'review', probe, analysis });
    await s.service.confirmReview(owner, 'v', { ranges: [range(12, 14), range(5, 8)] });
    expect(s.videos.rows.get('v')).toMatchObject({
      status: 'rendering',
      renderingVersion: 1,
      confirmedBy: 'owner',
      confirmedRanges: [range(5, 8), range(12, 14)],
    });
    expect(s.videos.confirmationsRecorded).toEqual([{ videoId: 'v', version: 1, ranges: [range(5, 8), range(12, 14)], masks: [], confirmedBy: 'owner' }]);
    expect(s.queue.sent).toEqual([{ name: 'video-render', payload: { videoId: 'v', version: 1 } }]);
    expect((await s.service.review(owner, 'v')).confirmedByName).toBe('Ada Surgeon');
  });

  it('an administrator cannot confirm on the owner’s behalf, and nothing changes', async () => {
    const s = setup();
    await s.videos.create({ id: 'v', ownerId: 'owner', fileName: 'case.mp4', originalKey: 'uploads/v', status: 'review', probe, analysis });
    await expect(s.service.confirmReview(admin, 'v', { ranges: [] })).rejects.toMatchObject({ code: 'OWNER_ONLY' });
    expect(s.videos.rows.get('v')!.status).toBe('review');
    expect(s.queue.sent).toEqual([]);
  });

  it('refuses overlapping ranges and removing (nearly) everything, by code', async () => {
    const s = setup();
    await s.videos.create({ id: 'v', ownerId: 'owner', fileName: 'case.mp4', originalKey: 'uploads/v', status: 'review', probe, analysis });
    await expect(s.service.confirmReview(owner, 'v', { ranges: [range(1, 5), range(4, 6)] })).rejects.toMatchObject({ code: 'RANGE_OVERLAP' });
    await expect(s.service.confirmReview(owner, 'v', { ranges: [range(0, 19.5)] })).rejects.toMatchObject({ code: 'NOTHING_LEFT' });
    expect(s.queue.sent).toEqual([]);
  });

  it('shows the proposed masks, records the confirmed masks with the version, and shows them afterwards', async () => {
    const s = setup();
    const overlay = mask({ x: 0, y: 0, width: 0.4, height: 0.1, start: 0, end: 20, reason: 'text' as const, confidence: 0.99 });
    await s.videos.create({
      id: 'v',
      ownerId: 'owner',
      fileName: 'case.mp4',
      originalKey: 'uploads/v',
      status: 'review',
      probe,
      analysis: { ...analysis, proposedMasks: [overlay] },
    });
    expect(await s.service.review(owner, 'v')).toMatchObject({ proposedMasks: [overlay], faceMasks: [], confirmedMasks: null });
    const drawn = mask({ x: 0.5, y: 0.5, width: 0.2, height: 0.2, start: 3, end: 6 });
    await s.service.confirmReview(owner, 'v', { ranges: [range(5, 8)], masks: [drawn, overlay] });
    expect(s.videos.rows.get('v')).toMatchObject({ status: 'rendering', renderingVersion: 1, confirmedMasks: [overlay, drawn] });
    expect(s.videos.confirmationsRecorded).toEqual([{ videoId: 'v', version: 1, ranges: [range(5, 8)], masks: [overlay, drawn], confirmedBy: 'owner' }]);
    expect(await s.service.review(owner, 'v')).toMatchObject({ confirmedMasks: [overlay, drawn], nextVersion: 2 });
  });

  it('refuses masks outside the picture or the video, or too many, by code, and stores nothing', async () => {
    const s = setup();
    await s.videos.create({ id: 'v', ownerId: 'owner', fileName: 'case.mp4', originalKey: 'uploads/v', status: 'review', probe, analysis });
    const refused = [
      [mask({ x: 0.8, width: 0.3 }), 'MASK_OUTSIDE_FRAME'],
      [mask({ y: -0.1 }), 'MASK_OUTSIDE_FRAME'],
      [mask({ width: 0 }), 'MASK_OUTSIDE_FRAME'],
      [mask({ start: 5, end: 21 }), 'MASK_TIME'],
      [mask({ start: 6, end: 6 }), 'MASK_TIME'],
    ] as const;
    for (const [bad, code] of refused) await expect(s.service.confirmReview(owner, 'v', { ranges: [], masks: [bad] })).rejects.toMatchObject({ code });
    const many = Array.from({ length: MAX_MASKS + 1 }, () => mask());
    await expect(s.service.confirmReview(owner, 'v', { ranges: [], masks: many })).rejects.toMatchObject({ code: 'TOO_MANY_MASKS' });
    await expect(s.service.confirmReview(admin, 'v', { ranges: [], masks: [mask()] })).rejects.toMatchObject({ code: 'OWNER_ONLY' });
    expect(s.videos.rows.get('v')).toMatchObject({ status: 'review', confirmedMasks: null, renderingVersion: null });
    expect(s.videos.confirmationsRecorded).toEqual([]);
    expect(s.queue.sent).toEqual([]);
  });

  describe('the review in progress (draft)', () => {
    const overlay = mask({ x: 0, y: 0, width: 0.4, height: 0.1, start: 0, end: 20, reason: 'text' as const, confidence: 0.99 });
    // A minute passes between any two moments.
    const ticking = () => {
      let minute = 0;
      return () => new Date(Date.UTC(2026, 10, 23, 9, minute++));
    };
    const withVideo = async (values: Record<string, unknown> = {}) => {
      const s = setup(ticking());
      await s.videos.create({
        id: 'v',
        ownerId: 'owner',
        fileName: 'case.mp4',
        originalKey: 'uploads/v',
        status: 'review',
        probe,
        analysis: { ...analysis, proposedMasks: [overlay] },
        ...values,
      });
      return s;
    };

    it('is kept for the owner and given back with the review, until a confirmation supersedes it', async () => {
      const s = await withVideo();
      expect((await s.service.review(owner, 'v')).draft).toBeNull();
      const drawn = mask({ x: 0.5, y: 0.5, width: 0.2, height: 0.2, start: 3, end: 6 });
      const saved = await s.service.saveDraft(owner, 'v', { ranges: [range(12, 14), range(5, 8)], masks: [drawn, overlay] });
      expect(saved).toEqual({ ranges: [range(5, 8), range(12, 14)], masks: [overlay, drawn], savedAt: expect.any(String) });
      expect((await s.service.review(owner, 'v')).draft).toEqual(saved);
      // Nothing is published by a draft.
      expect(s.videos.rows.get('v')).toMatchObject({ status: 'review', confirmedRanges: null, renderingVersion: null });
      await s.service.confirmReview(owner, 'v', { ranges: [range(5, 8)], masks: [overlay] });
      expect((await s.service.review(owner, 'v')).draft).toBeNull();
      // Editing again after the confirmation keeps a new draft.
      const again = await s.service.saveDraft(owner, 'v', { ranges: [], masks: [] });
      expect((await s.service.review(owner, 'v')).draft).toEqual(again);
    });

    it('shows on the video, to its owner only, since when edits are unsaved (none once confirmed)', async () => {
      const s = await withVideo();
      const row = () => s.videos.rows.get('v')!;
      expect(toVideo(fakeSigner, row(), 'Ada Surgeon', owner).reviewDraftSavedAt).toBeNull();
      const draft = await s.service.saveDraft(owner, 'v', { ranges: [range(5, 8)] });
      expect(toVideo(fakeSigner, row(), 'Ada Surgeon', owner).reviewDraftSavedAt).toBe(draft.savedAt);
      expect(toVideo(fakeSigner, row(), 'Ada Surgeon', admin).reviewDraftSavedAt).toBeNull();
      await s.service.confirmReview(owner, 'v', { ranges: [range(5, 8)] });
      expect(toVideo(fakeSigner, row(), 'Ada Surgeon', owner).reviewDraftSavedAt).toBeNull();
    });

    it('may remove everything on the way (the confirmation refuses that), but not overlap or leave the video', async () => {
      const s = await withVideo();
      await expect(s.service.saveDraft(owner, 'v', { ranges: [range(0, 20)] })).resolves.toMatchObject({ ranges: [range(0, 20)] });
      await expect(s.service.saveDraft(owner, 'v', { ranges: [range(1, 5), range(4, 6)] })).rejects.toMatchObject({ code: 'RANGE_OVERLAP' });
      await expect(s.service.saveDraft(owner, 'v', { ranges: [range(15, 25)] })).rejects.toMatchObject({ code: 'RANGE_OUTSIDE' });
      await expect(s.service.saveDraft(owner, 'v', { ranges: [], masks: [mask({ x: 0.9, width: 0.2 })] })).rejects.toMatchObject({
        code: 'MASK_OUTSIDE_FRAME',
      });
      // The refused ones changed nothing: the accepted draft is still there.
      expect(s.videos.rows.get('v')!.reviewDraft).toMatchObject({ ranges: [range(0, 20)], masks: [] });
    });

    it('nobody but the owner saves one, and a refusal stores nothing', async () => {
      const s = await withVideo();
      const stranger: VideoActor = { id: 'stranger', email: 'eve@elsewhere.org', role: 'provider' };
      await expect(s.service.saveDraft(stranger, 'v', { ranges: [range(1, 2)] })).rejects.toMatchObject({ code: 'NO_ACCESS' });
      await expect(s.service.saveDraft(admin, 'v', { ranges: [range(1, 2)] })).rejects.toMatchObject({ code: 'OWNER_ONLY' });
      await expect(s.service.saveDraft(owner, 'missing', { ranges: [] })).rejects.toMatchObject({ code: 'NO_ACCESS' });
      expect(s.videos.rows.get('v')!.reviewDraft).toBeNull();
      const early = setup();
      await early.videos.create({ id: 'a', ownerId: 'owner', fileName: 'a.mp4', originalKey: 'uploads/a', status: 'analysing', probe });
      await expect(early.service.saveDraft(owner, 'a', { ranges: [] })).rejects.toMatchObject({ code: 'REVIEW_NOT_READY' });
    });

    it('with other masks than the copy being drawn, before the first publication, asks for a copy with them drawn in', async () => {
      const s = await withVideo();
      // The proposal as it is: the copy with the proposed masks serves it.
      await s.service.saveDraft(owner, 'v', { ranges: [range(5, 8)], masks: [overlay] });
      expect(s.queue.sent).toEqual([]);
      const moved = { ...overlay, x: 0.05 };
      await s.service.saveDraft(owner, 'v', { ranges: [range(5, 8)], masks: [moved] });
      expect(s.queue.sent).toEqual([{ name: 'video-speculative-sd', payload: { videoId: 'v' } }]);
      // Ranges alone changed: the copy does not depend on them.
      await s.service.saveDraft(owner, 'v', { ranges: [], masks: [moved] });
      expect(s.queue.sent).toHaveLength(1);
      // No mask left: nothing to draw.
      await s.service.saveDraft(owner, 'v', { ranges: [], masks: [] });
      expect(s.queue.sent).toHaveLength(1);
    });

    it('of a published video (a new version) draws nothing in advance: the render works from the original', async () => {
      const s = await withVideo({
        status: 'published',
        publishedVersion: 1,
        rendition: { version: 1 },
        confirmedRanges: [],
        confirmedAt: new Date('2026-11-01T00:00:00Z'),
      });
      await s.service.saveDraft(owner, 'v', { ranges: [], masks: [{ ...overlay, x: 0.05 }] });
      expect(s.queue.sent).toEqual([]);
      expect((await s.service.review(owner, 'v')).draft).toMatchObject({ masks: [{ ...overlay, x: 0.05 }] });
    });
  });
});
