import { describe, expect, it } from 'vitest';
import { createLifecycle } from '../modules/videos/video-lifecycle.js';
import { ffmpegCrash, fakeMediaTools } from '../testing/fake-media.js';
import { fakeQueue, fakeStorage, fakeVideosRepository, jobContext } from '../testing/fakes.js';
import { speculativeSdJob } from './speculative-sd.job.js';
import { maskedCopyKey } from './drawn-masks.js';

const probe = { container: 'mp4', codec: 'h264', width: 1280, height: 720, durationSeconds: 20, fps: 25, hasAudio: true, browserPlayable: true };
const speculative = 'videos/v/source/review/360p/video.mp4';

async function setup(media = fakeMediaTools(), values: Record<string, unknown> = {}) {
  const videos = fakeVideosRepository();
  const storage = fakeStorage();
  await storage.put('uploads/v', Buffer.from('original'), 'video/mp4');
  await videos.create({ id: 'v', ownerId: 'o', fileName: 'f.mp4', originalKey: 'uploads/v', status: 'analysing', probe, ...values });
  return { videos, storage, media, job: speculativeSdJob({ videos, storage, media, lifecycle: createLifecycle({ videos, queue: fakeQueue() }) }) };
}

describe('the speculative standard definition', () => {
  it('renders the whole original at 360p, without cuts, beside the original (quarantined under source/)', async () => {
    const options: unknown[] = [];
    const base = fakeMediaTools();
    const s = await setup(fakeMediaTools({ renderLadder: async (...args) => (options.push(args[3]), base.renderLadder(...args)) }));
    await s.job.run({ videoId: 'v' }, jobContext());
    expect(base.calls).toEqual(['renderLadder:360p']);
    expect(options[0]).toMatchObject({ hls: false });
    expect(options[0]).not.toHaveProperty('removeRanges');
    expect(s.storage.objects.has(speculative)).toBe(true);
    // The video itself is not touched: the analysis owns its status and progress.
    expect(s.videos.rows.get('v')).toMatchObject({ status: 'analysing', reviewProxyKey: null, speculativeSd: 'ready' });
  });

  it('says on the video row that it is rendering, beating while it works, so that a render knows to wait for it', async () => {
    let during: unknown;
    const s = await setup(
      fakeMediaTools({
        renderLadder: async (...args) => {
          during = await s.videos.speculativeSd('v');
          return fakeMediaTools().renderLadder(...args);
        },
      }),
    );
    await s.job.run({ videoId: 'v' }, jobContext());
    expect(during).toEqual({ state: 'rendering', live: true });
    expect(await s.videos.speculativeSd('v')).toEqual({ state: 'ready', live: true });
  });

  it('does nothing for a video already published, deleted, or with the file already there', async () => {
    const published = await setup(undefined, { status: 'published', rendition: { version: 1 } });
    await published.job.run({ videoId: 'v' }, jobContext());
    expect(published.media.calls).toEqual([]);
    const existing = await setup();
    await existing.storage.put(speculative, Buffer.from('sd'), 'video/mp4');
    await existing.job.run({ videoId: 'v' }, jobContext());
    expect(existing.media.calls).toEqual([]);
    const gone = await setup();
    await gone.job.run({ videoId: 'other' }, jobContext());
    expect(gone.media.calls).toEqual([]);
  });

  it('a failure is retried, and on the last attempt leaves the video as it was (the render uses the original)', async () => {
    const s = await setup(fakeMediaTools({ renderLadder: async () => Promise.reject(ffmpegCrash()) }));
    await expect(s.job.run({ videoId: 'v' }, jobContext())).rejects.toThrow(/SIGKILL/);
    // To be tried again: queued, which a render does not wait for.
    expect(s.videos.rows.get('v')!.speculativeSd).toBe('queued');
    await s.job.run({ videoId: 'v' }, jobContext({ lastAttempt: true }));
    expect(s.videos.rows.get('v')).toMatchObject({ status: 'analysing', failureReason: null, speculativeSd: 'failed' });
    expect(s.storage.objects.has(speculative)).toBe(false);
  });

  describe('with masks proposed by the analysis', () => {
    const list = 'videos/v/source/review/360p/masked.json';
    const overlay = { x: 0, y: 0, width: 0.3, height: 0.1, start: 0, end: 20, reason: 'text' as const, confidence: 0.97 };
    const masked = maskedCopyKey('videos/v/source/review/360p/masked-', [overlay]);
    const analysed = { status: 'review', analysis: { proposed: [], proposedMasks: [overlay] } };

    it('draws them into a copy (GOP copy elsewhere, at low priority) stored beside it with the list of what it carries', async () => {
      const seen: unknown[] = [];
      const base = fakeMediaTools();
      const s = await setup(fakeMediaTools({ cut: async (...args) => (seen.push([args[1], args[3]]), base.cut(...args)) }), analysed);
      await s.job.run({ videoId: 'v' }, jobContext());
      expect(seen).toEqual([[[], expect.objectContaining({ masks: [overlay], niceness: 10, maxKbps: 900 })]]);
      expect(s.storage.objects.has(speculative)).toBe(true);
      expect(s.storage.objects.has(masked)).toBe(true);
      expect(JSON.parse(s.storage.objects.get(list)!.toString())).toEqual({ key: masked, masks: [{ x: 0, y: 0, width: 0.3, height: 0.1, start: 0, end: 20 }] });
    });

    it('sent again once the analysis is done after it: draws them into a copy of the stored file, once', async () => {
      const seen: string[] = [];
      const base = fakeMediaTools();
      const s = await setup(fakeMediaTools({ cut: async (...args) => (seen.push(args[0]), base.cut(...args)) }), analysed);
      await s.storage.put(speculative, Buffer.from('sd'), 'video/mp4');
      await s.job.run({ videoId: 'v' }, jobContext());
      expect(seen).toEqual([`/fake/${speculative}`]);
      expect(s.media.calls).not.toContain('renderLadder:360p');
      expect(s.storage.objects.has(masked) && s.storage.objects.has(list)).toBe(true);
      await s.job.run({ videoId: 'v' }, jobContext());
      expect(seen).toHaveLength(1);
    });

    it('draws nothing while the analysis still runs, or when it proposed no mask', async () => {
      const running = await setup(undefined, { analysis: { proposed: [], proposedMasks: [overlay] } });
      await running.job.run({ videoId: 'v' }, jobContext());
      const none = await setup(undefined, { status: 'review', analysis: { proposed: [], proposedMasks: [] } });
      await none.job.run({ videoId: 'v' }, jobContext());
      for (const s of [running, none]) {
        expect(s.media.calls).not.toContain('cut');
        expect(s.storage.objects.has(speculative)).toBe(true);
        expect(s.storage.objects.has(masked) || s.storage.objects.has(list)).toBe(false);
      }
    });

    it('a failure to draw them keeps the speculative file and leaves no half copy', async () => {
      const s = await setup(fakeMediaTools({ cut: async () => Promise.reject(ffmpegCrash()) }), analysed);
      await s.job.run({ videoId: 'v' }, jobContext());
      expect(s.storage.objects.has(speculative)).toBe(true);
      // Drawing no more: the SD itself is ready to cut.
      expect(s.videos.rows.get('v')!.speculativeSd).toBe('ready');
      expect(s.storage.objects.has(masked) || s.storage.objects.has(list)).toBe(false);
    });

    it('published meanwhile: the copy is deleted again (it shows what the review removed)', async () => {
      const base = fakeMediaTools();
      const holder: { s?: Awaited<ReturnType<typeof setup>> } = {};
      const s = await setup(
        fakeMediaTools({
          cut: async (...args) => {
            await holder.s!.videos.update('v', { status: 'published', rendition: { version: 1 } } as never);
            return base.cut(...args);
          },
        }),
        analysed,
      );
      holder.s = s;
      await s.job.run({ videoId: 'v' }, jobContext());
      expect(s.storage.objects.has(masked) || s.storage.objects.has(list)).toBe(false);
    });

    it("a draft with other masks: a copy with the draft's masks replaces the proposal's, and is not drawn twice", async () => {
      const seen: unknown[] = [];
      const base = fakeMediaTools();
      const s = await setup(fakeMediaTools({ cut: async (...args) => (seen.push(args[3]?.masks), base.cut(...args)) }), analysed);
      await s.job.run({ videoId: 'v' }, jobContext());
      expect(s.storage.objects.has(masked)).toBe(true);
      const moved = { ...overlay, x: 0.05, reason: 'manual' as const, confidence: null };
      await s.videos.saveReviewDraft('v', { ranges: [], masks: [moved], savedAt: new Date().toISOString() });
      await s.job.run({ videoId: 'v' }, jobContext());
      const drafted = maskedCopyKey('videos/v/source/review/360p/masked-', [moved]);
      expect(seen).toEqual([[overlay], [moved]]);
      expect(JSON.parse(s.storage.objects.get(list)!.toString())).toMatchObject({ key: drafted });
      // The proposal's copy is gone: only the copy the list names stays.
      expect([...s.storage.objects.keys()].filter((key) => key.includes('/masked-'))).toEqual([drafted]);
      await s.job.run({ videoId: 'v' }, jobContext());
      expect(seen).toHaveLength(2);
    });

    it('confirmed while it drew: the copy it replaces is kept (a render may be reading it) until publication', async () => {
      const base = fakeMediaTools();
      const holder: { s?: Awaited<ReturnType<typeof setup>> } = {};
      const s = await setup(
        fakeMediaTools({
          cut: async (...args) => {
            if (holder.s) await holder.s.videos.update('v', { status: 'rendering' });
            return base.cut(...args);
          },
        }),
        analysed,
      );
      await s.job.run({ videoId: 'v' }, jobContext());
      holder.s = s;
      const moved = { ...overlay, x: 0.05, reason: 'manual' as const, confidence: null };
      await s.videos.saveReviewDraft('v', { ranges: [], masks: [moved], savedAt: new Date().toISOString() });
      await s.job.run({ videoId: 'v' }, jobContext());
      const drafted = maskedCopyKey('videos/v/source/review/360p/masked-', [moved]);
      expect(JSON.parse(s.storage.objects.get(list)!.toString())).toMatchObject({ key: drafted });
      expect(s.storage.objects.has(masked) && s.storage.objects.has(drafted)).toBe(true);
    });

    it('draws nothing once a confirmation is rendering: the render has chosen its file', async () => {
      const s = await setup(undefined, { ...analysed, status: 'rendering' });
      await s.job.run({ videoId: 'v' }, jobContext());
      expect(s.storage.objects.has(speculative)).toBe(true);
      expect(s.media.calls).not.toContain('cut');
    });

    it('a draft saved before a confirmation that came later is not what the copy carries', async () => {
      const seen: unknown[] = [];
      const base = fakeMediaTools();
      const moved = { ...overlay, x: 0.05 };
      const s = await setup(fakeMediaTools({ cut: async (...args) => (seen.push(args[3]?.masks), base.cut(...args)) }), {
        ...analysed,
        reviewDraft: { ranges: [], masks: [moved], savedAt: '2026-11-23T09:00:00.000Z' },
        confirmedAt: new Date('2026-11-23T09:05:00Z'),
      });
      await s.job.run({ videoId: 'v' }, jobContext());
      expect(seen).toEqual([[overlay]]);
    });
  });
});
