import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createLifecycle } from '../modules/videos/video-lifecycle.js';
import { ffmpegCrash, fakeMediaTools } from '../testing/fake-media.js';
import { fakeQueue, fakeStorage, fakeVideosRepository, jobContext } from '../testing/fakes.js';
import { renderVideoJob } from './render-video.job.js';
import { maskedCopyKey } from './drawn-masks.js';
import { regionOf } from '../modules/videos/mask-regions.js';

const probe = { container: 'mp4', codec: 'h264', width: 1280, height: 720, durationSeconds: 20, fps: 25, hasAudio: true, browserPlayable: true };

async function setup(media = fakeMediaTools(), values: Record<string, unknown> = {}) {
  const videos = fakeVideosRepository();
  const storage = fakeStorage();
  await storage.put('uploads/v', Buffer.from('original'), 'video/mp4');
  await videos.create({
    id: 'v',
    ownerId: 'o',
    fileName: 'f.mp4',
    originalKey: 'uploads/v',
    status: 'rendering',
    probe,
    confirmedRanges: [{ start: 5, end: 8, reasons: ['out_of_body'], confidence: 1 }],
    renderingVersion: 1,
    ...values,
  });
  const queue = fakeQueue();
  return { videos, storage, media, queue, job: renderVideoJob({ videos, storage, media, lifecycle: createLifecycle({ videos, queue }) }) };
}

describe('the render job', () => {
  it('publishes the standard definition first, then completes the ladder; a second run does nothing', async () => {
    const s = await setup();
    await s.job.run({ videoId: 'v', version: 1 }, jobContext());
    const row = s.videos.rows.get('v')!;
    expect(row).toMatchObject({
      status: 'published',
      publishedVersion: 1,
      percent: null,
      rendition: { version: 1, complete: true, rungs: ['360p', '480p', '720p'], durationSeconds: 17 },
    });
    expect(s.media.calls.filter((c) => c.startsWith('renderLadder'))).toEqual(['renderLadder:360p', 'renderLadder:480p,720p']);
    expect(s.storage.objects.has('videos/v/v1/master.m3u8')).toBe(true);
    expect(s.storage.objects.has('videos/v/masters/v1.mp4')).toBe(true);
    const calls = s.media.calls.length;
    await s.job.run({ videoId: 'v', version: 1 }, jobContext());
    expect(s.media.calls).toHaveLength(calls);
  });

  it('applies the confirmed masks in the standard definition and in the master the HD rungs come from', async () => {
    const seen: unknown[] = [];
    const base = fakeMediaTools();
    const media = fakeMediaTools({
      renderLadder: async (...args) => (seen.push(['renderLadder', args[3]?.masks]), base.renderLadder(...args)),
      cut: async (...args) => (seen.push(['cut', args[3]?.masks]), base.cut(...args)),
    });
    const masks = [{ x: 0, y: 0, width: 0.4, height: 0.1, start: 0, end: 20, reason: 'text' as const, confidence: 0.99 }];
    const s = await setup(media, { confirmedMasks: masks });
    await s.job.run({ videoId: 'v', version: 1 }, jobContext());
    expect(s.videos.rows.get('v')).toMatchObject({ status: 'published', rendition: { complete: true } });
    // The HD ladder is rendered from the master, which already has them (and is cut).
    expect(seen).toEqual([
      ['renderLadder', masks],
      ['cut', masks],
      ['renderLadder', undefined],
    ]);
  });

  it('a newer confirmation makes an older render do nothing; the new version is published once online and the files of the old one are kept', async () => {
    const s = await setup(undefined, { renderingVersion: 2 });
    await s.job.run({ videoId: 'v', version: 1 }, jobContext());
    expect(s.media.calls).toEqual([]);
    await s.storage.put('videos/v/v1/master.m3u8', Buffer.from('old'), 'x');
    await s.videos.update('v', {
      status: 'published',
      publishedVersion: 1,
      rendition: {
        version: 1,
        master: 'videos/v/v1/master.m3u8',
        mp4: null,
        poster: null,
        storyboard: null,
        rungs: ['360p'],
        renditions: [],
        durationSeconds: 17,
        complete: true,
      },
    });
    await s.job.run({ videoId: 'v', version: 2 }, jobContext());
    expect(s.videos.rows.get('v')).toMatchObject({ status: 'published', publishedVersion: 2, rendition: { version: 2, complete: true } });
    // The earlier version's files stay, so the owner can roll back to it; the new one is recorded with its size.
    expect(s.storage.objects.has('videos/v/v1/master.m3u8')).toBe(true);
    const [recorded] = await s.videos.versions(['v']);
    expect(recorded).toMatchObject({ version: 2, rendition: { version: 2, complete: true } });
    expect(recorded!.sizeBytes).toBeGreaterThan(0);
    // Run again (a retry after the owner rolled back to version 1): version 2 is not rendered twice.
    await s.videos.update('v', { publishedVersion: 1, rendition: { ...s.videos.rows.get('v')!.rendition!, version: 1 } });
    await s.job.run({ videoId: 'v', version: 2 }, jobContext());
    expect(s.videos.rows.get('v')).toMatchObject({ publishedVersion: 1 });
  });

  it('a crash before publication leaves nothing published and is retried; the last attempt marks the video failed', async () => {
    const s = await setup(fakeMediaTools({ renderLadder: async () => Promise.reject(ffmpegCrash()) }));
    await expect(s.job.run({ videoId: 'v', version: 1 }, jobContext())).rejects.toThrow(/SIGKILL/);
    expect(s.videos.rows.get('v')).toMatchObject({ status: 'rendering', rendition: null, publishedVersion: 0 });
    await s.job.run({ videoId: 'v', version: 1 }, jobContext({ lastAttempt: true }));
    expect(s.videos.rows.get('v')).toMatchObject({ status: 'failed', failureReason: 'Rendering failed: ffmpeg failed: killed by signal SIGKILL' });
  });

  it('a crash in the HD ladder keeps the published video online, incomplete', async () => {
    let ladders = 0;
    const base = fakeMediaTools();
    const media = fakeMediaTools({ renderLadder: async (...args) => (++ladders === 2 ? Promise.reject(ffmpegCrash()) : base.renderLadder(...args)) });
    const s = await setup(media);
    await s.job.run({ videoId: 'v', version: 1 }, jobContext({ lastAttempt: true }));
    expect(s.videos.rows.get('v')).toMatchObject({ status: 'published', failureReason: null, rendition: { complete: false } });
  });

  it('the poster is the chosen frame, moved to where it lands after the cut', async () => {
    const times: number[] = [];
    const base = fakeMediaTools();
    const s = await setup(fakeMediaTools({ poster: async (file, output, time, options) => (times.push(time), base.poster(file, output, time, options)) }), {
      thumbnail: { kind: 'frame', index: 1 },
      thumbnailTimes: [2, 12],
    });
    await s.job.run({ videoId: 'v', version: 1 }, jobContext());
    // 12 s in the original, 3 s (5-8) removed before it: 9 s in the published video.
    expect(times).toEqual([9]);
    expect(s.videos.rows.get('v')!.rendition!.poster).toBe('videos/v/v1/poster.jpg');
  });

  it("its worker lost on the last attempt: the video is marked failed with a reason, unless a newer confirmation's render took over", async () => {
    const s = await setup();
    const silent = jobContext().log;
    await s.job.lost!({ videoId: 'v', version: 2 }, silent);
    expect(s.videos.rows.get('v')!.status).toBe('rendering');
    await s.job.lost!({ videoId: 'v', version: 1 }, silent);
    expect(s.videos.rows.get('v')).toMatchObject({
      status: 'failed',
      failureReason: expect.stringMatching(/^Rendering failed: the worker running it stopped/),
    });
  });

  describe('with a speculative standard definition rendered during the analysis', () => {
    const speculative = 'videos/v/source/review/360p/video.mp4';

    it('cuts the confirmed ranges and masks out of it instead of rendering the original again, then deletes it', async () => {
      const seen: unknown[] = [];
      const base = fakeMediaTools();
      const media = fakeMediaTools({ cut: async (...args) => (seen.push([args[1], args[3]?.masks, args[3]?.maxKbps]), base.cut(...args)) });
      const masks = [{ x: 0, y: 0, width: 0.4, height: 0.1, start: 0, end: 20, reason: 'text' as const, confidence: 0.99 }];
      const s = await setup(media, { confirmedMasks: masks });
      await s.storage.put(speculative, Buffer.from('sd'), 'video/mp4');
      await s.job.run({ videoId: 'v', version: 1 }, jobContext());
      expect(s.videos.rows.get('v')).toMatchObject({ status: 'published', rendition: { complete: true, rungs: ['360p', '480p', '720p'] } });
      // The SD: a cut of the speculative file, packaged; only the HD rungs are rendered.
      expect(s.media.calls.filter((c) => /renderLadder|packageRendition/.test(c))).toEqual(['packageRendition:360p', 'renderLadder:480p,720p']);
      const ranges = [{ start: 5, end: 8, reasons: ['out_of_body'], confidence: 1 }];
      // First the SD from the speculative file (capped at the rung's peak rate), then the master from the original.
      expect(seen).toEqual([
        [ranges, masks, 900],
        [ranges, masks, undefined],
      ]);
      expect(s.storage.objects.has(speculative)).toBe(false);
      expect(s.storage.objects.has('videos/v/v1/master.m3u8')).toBe(true);
    });

    it('waits for one still being rendered rather than decoding the original beside it', async () => {
      const s = await setup();
      await s.videos.setSpeculativeSd('v', 'rendering');
      const run = s.job.run({ videoId: 'v', version: 1 }, jobContext());
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(s.media.calls).not.toContain('renderLadder:360p');
      expect(s.videos.rows.get('v')!.status).toBe('rendering');
      await s.storage.put(speculative, Buffer.from('sd'), 'video/mp4');
      await s.videos.setSpeculativeSd('v', 'ready');
      await run;
      expect(s.media.calls).toContain('packageRendition:360p');
      expect(s.media.calls).not.toContain('renderLadder:360p');
      expect(s.videos.rows.get('v')!.status).toBe('published');
    }, 10_000);

    it('renders from the original when the one being rendered stopped beating (its job died), or is only queued', async () => {
      for (const state of ['rendering', 'queued'] as const) {
        const s = await setup();
        await s.videos.setSpeculativeSd('v', state);
        if (state === 'rendering') s.videos.rows.get('v')!.speculativeSdAt = new Date(Date.now() - 61_000);
        await s.job.run({ videoId: 'v', version: 1 }, jobContext());
        expect(s.media.calls).toContain('renderLadder:360p');
        expect(s.videos.rows.get('v')!.status).toBe('published');
      }
    }, 3_000);

    describe('and a copy of it with the proposed masks drawn in', () => {
      const list = 'videos/v/source/review/360p/masked.json';
      const overlay = { x: 0, y: 0, width: 0.3, height: 0.1, start: 0, end: 20, reason: 'text' as const, confidence: 0.97 };
      const masked = maskedCopyKey('videos/v/source/review/360p/masked-', [overlay]);
      const manual = { x: 0.5, y: 0.5, width: 0.2, height: 0.2, start: 2, end: 4, reason: 'manual' as const, confidence: null };

      async function withCopy(
        confirmedMasks: unknown[],
        values: Record<string, unknown> = {},
        beforeRun?: (storage: ReturnType<typeof fakeStorage>) => Promise<void>,
      ) {
        const seen: unknown[] = [];
        const base = fakeMediaTools();
        const media = fakeMediaTools({ cut: async (...args) => (seen.push([args[0], args[3]?.masks]), base.cut(...args)) });
        const s = await setup(media, { confirmedMasks, analysis: { proposed: [], proposedMasks: [overlay] }, ...values });
        await s.storage.put(speculative, Buffer.from('sd'), 'video/mp4');
        await s.storage.put(masked, Buffer.from('masked sd'), 'video/mp4');
        await s.storage.put(list, Buffer.from(JSON.stringify({ key: masked, masks: [regionOf(overlay)] })), 'application/json');
        await beforeRun?.(s.storage);
        await s.job.run({ videoId: 'v', version: 1 }, jobContext());
        expect(s.videos.rows.get('v')).toMatchObject({ status: 'published' });
        // Both copies show what the review removed: gone once the SD is published.
        expect([speculative, masked, list].filter((key) => s.storage.objects.has(key))).toEqual([]);
        return { s, sdCut: seen[0] as [string, unknown[]] };
      }

      it('masks confirmed as proposed: the SD is cut from the copy, nothing drawn again', async () => {
        const { sdCut } = await withCopy([overlay]);
        expect(sdCut[0]).toMatch(/masked-[0-9a-f]{16}\.mp4$/);
        expect(sdCut[1]).toEqual([]);
      });

      it('a mask added in the review: cut from the copy, drawing only that one', async () => {
        const { sdCut } = await withCopy([overlay, manual]);
        expect(sdCut[0]).toMatch(/masked-[0-9a-f]{16}\.mp4$/);
        expect(sdCut[1]).toEqual([manual]);
      });

      it('a proposed mask moved or deleted in the review: cut from the file without masks, drawing every confirmed one', async () => {
        const moved = { ...overlay, x: 0.05 };
        const { sdCut } = await withCopy([moved]);
        expect(sdCut[0]).not.toMatch(/masked-[0-9a-f]{16}\.mp4$/);
        expect(sdCut[1]).toEqual([moved]);
        const { sdCut: none } = await withCopy([]);
        expect(none[0]).not.toMatch(/masked-[0-9a-f]{16}\.mp4$/);
        expect(none[1]).toEqual([]);
      });

      it('masks confirmed as proposed and nothing cut: the copy is the rendition as it is', async () => {
        const packaged: string[] = [];
        const base = fakeMediaTools();
        const media = fakeMediaTools({ packageRendition: async (...args) => (packaged.push(await readFile(args[0], 'utf8')), base.packageRendition(...args)) });
        const s = await setup(media, { confirmedRanges: [], confirmedMasks: [overlay], analysis: { proposed: [], proposedMasks: [overlay] } });
        await s.storage.put(speculative, Buffer.from('sd'), 'video/mp4');
        await s.storage.put(masked, Buffer.from('masked sd'), 'video/mp4');
        await s.storage.put(list, Buffer.from(JSON.stringify({ key: masked, masks: [regionOf(overlay)] })), 'application/json');
        // Real files this time: the rendition is a copy of the stored one.
        const dir = await mkdtemp(join(tmpdir(), 'ipsv-render-test-'));
        s.storage.localFile = async (key) => {
          const file = join(dir, key.replaceAll('/', '_'));
          await writeFile(file, s.storage.objects.get(key)!);
          return { path: file, release: async () => undefined };
        };
        try {
          await s.job.run({ videoId: 'v', version: 1 }, jobContext());
        } finally {
          await rm(dir, { recursive: true, force: true });
        }
        expect(packaged[0]).toBe('masked sd');
        // The only cut is the master's, from the original.
        expect(s.media.calls.filter((c) => c === 'cut')).toHaveLength(1);
        expect(s.videos.rows.get('v')).toMatchObject({ status: 'published' });
      });

      it('does not wait for masks being drawn that the review did not keep', async () => {
        const s = await setup(undefined, { confirmedMasks: [], analysis: { proposed: [], proposedMasks: [overlay] } });
        await s.storage.put(speculative, Buffer.from('sd'), 'video/mp4');
        await s.videos.setSpeculativeSd('v', 'drawing');
        await s.job.run({ videoId: 'v', version: 1 }, jobContext());
        expect(s.videos.rows.get('v')).toMatchObject({ status: 'published' });
        expect(s.media.calls).not.toContain('renderLadder:360p');
      }, 1_500);

      /** The render of a video with these values waits while the speculative job draws, and publishes after it. */
      async function waitsWhileDrawing(values: Record<string, unknown>) {
        const s = await setup(undefined, values);
        await s.storage.put(speculative, Buffer.from('sd'), 'video/mp4');
        await s.videos.setSpeculativeSd('v', 'drawing');
        const run = s.job.run({ videoId: 'v', version: 1 }, jobContext());
        await new Promise((resolve) => setTimeout(resolve, 50));
        expect(s.videos.rows.get('v')!.status).toBe('rendering');
        await s.videos.setSpeculativeSd('v', 'ready');
        await run;
        expect(s.videos.rows.get('v')!.status).toBe('published');
      }

      it('waits for them when every proposed mask was kept', async () => {
        await waitsWhileDrawing({ confirmedMasks: [overlay], analysis: { proposed: [], proposedMasks: [overlay] } });
      }, 10_000);

      it('does not wait for a job only queued to draw them (behind other videos), once the speculative SD exists', async () => {
        const s = await setup(undefined, { confirmedMasks: [overlay], analysis: { proposed: [], proposedMasks: [overlay] } });
        await s.storage.put(speculative, Buffer.from('sd'), 'video/mp4');
        // The job asked to draw them has not started: the SD is still only ready.
        await s.videos.setSpeculativeSd('v', 'ready');
        await s.job.run({ videoId: 'v', version: 1 }, jobContext());
        expect(s.videos.rows.get('v')).toMatchObject({ status: 'published' });
        expect(s.media.calls).not.toContain('renderLadder:360p');
      }, 1_500);

      it("waits for them when every mask of the owner's last draft was kept (the proposal was not)", async () => {
        await waitsWhileDrawing({
          confirmedMasks: [manual],
          analysis: { proposed: [], proposedMasks: [overlay] },
          reviewDraft: { ranges: [], masks: [manual], savedAt: '2026-11-23T09:00:00.000Z' },
        });
      }, 10_000);

      it('a copy replaced by a newer draft after its list was read: cut from the file without masks, drawing every confirmed one', async () => {
        const { s, sdCut } = await withCopy([overlay], {}, async (storage) => storage.delete(masked));
        expect(sdCut[0]).not.toMatch(/masked-/);
        expect(sdCut[1]).toEqual([overlay]);
        expect(s.media.calls).not.toContain('renderLadder:360p');
      });
    });

    it('keeps it when it is also the review copy of a source browsers cannot play', async () => {
      const s = await setup(undefined, { reviewProxyKey: speculative });
      await s.storage.put(speculative, Buffer.from('sd'), 'video/mp4');
      await s.job.run({ videoId: 'v', version: 1 }, jobContext());
      expect(s.media.calls).toContain('packageRendition:360p');
      expect(s.storage.objects.has(speculative)).toBe(true);
    });
  });
});
