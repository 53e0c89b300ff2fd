import { describe, expect, it } from 'vitest';
import { createLifecycle } from '../modules/videos/video-lifecycle.js';
import { ffmpegCrash, fakeMediaTools } from '../testing/fake-media.js';
import { fakeQueue, fakeStorage, fakeVideosRepository, jobContext } from '../testing/fakes.js';
import { renderVideoJob } from './render-video.job.js';

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
  return { videos, storage, media, queue, job: renderVideoJob({ videos, storage, media, queue, lifecycle: createLifecycle({ videos, queue }) }) };
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
      s.queue.running.add('video-speculative-sd:v');
      const run = s.job.run({ videoId: 'v', version: 1 }, jobContext());
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(s.media.calls).not.toContain('renderLadder:360p');
      expect(s.videos.rows.get('v')!.status).toBe('rendering');
      await s.storage.put(speculative, Buffer.from('sd'), 'video/mp4');
      s.queue.running.delete('video-speculative-sd:v');
      await run;
      expect(s.media.calls).toContain('packageRendition:360p');
      expect(s.media.calls).not.toContain('renderLadder:360p');
      expect(s.videos.rows.get('v')!.status).toBe('published');
    }, 10_000);

    it('keeps it when it is also the review copy of a source browsers cannot play', async () => {
      const s = await setup(undefined, { reviewProxyKey: speculative });
      await s.storage.put(speculative, Buffer.from('sd'), 'video/mp4');
      await s.job.run({ videoId: 'v', version: 1 }, jobContext());
      expect(s.media.calls).toContain('packageRendition:360p');
      expect(s.storage.objects.has(speculative)).toBe(true);
    });
  });
});
