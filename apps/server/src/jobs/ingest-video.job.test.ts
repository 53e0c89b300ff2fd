import { describe, expect, it } from 'vitest';
import type { UploadViolation } from '@ipsv/contracts/upload';
import { MediaError } from '@ipsv/media/errors';
import { createLifecycle } from '../modules/videos/video-lifecycle.js';
import { fakeMediaTools, PROBE } from '../testing/fake-media.js';
import { fakeQueue, fakeStorage, fakeVideosRepository, jobContext } from '../testing/fakes.js';
import { browserPlayable, ingestVideoJob } from './ingest-video.job.js';

async function setup(media = fakeMediaTools(), values: Record<string, unknown> = {}) {
  const videos = fakeVideosRepository();
  const storage = fakeStorage();
  const queue = fakeQueue();
  await storage.put('uploads/v', Buffer.from('original'), 'video/mp4');
  await videos.create({ id: 'v', ownerId: 'o', fileName: 'f.mp4', originalKey: 'uploads/v', status: 'uploaded', sizeBytes: 5_000_000, ...values });
  const job = ingestVideoJob({ videos, storage, media, lifecycle: createLifecycle({ videos, queue }) });
  return { videos, storage, queue, media, job };
}

describe('the file check job', () => {
  it('probes, keeps the thumbnail candidates and the filmstrip, then waits for the details', async () => {
    const s = await setup();
    await s.job.run({ videoId: 'v' }, jobContext());
    expect(s.videos.rows.get('v')).toMatchObject({
      status: 'awaiting_details',
      quality: '720',
      thumbnailTimes: [3, 6, 9, 12, 15],
      probe: { width: 1280, browserPlayable: true },
    });
    expect([...s.storage.objects.keys()].filter((k) => k.startsWith('videos/v/source/')).sort()).toEqual([
      'videos/v/source/filmstrip.jpg',
      'videos/v/source/filmstrip.vtt',
      ...[1, 2, 3, 4, 5].map((n) => `videos/v/source/thumbnail-${n}.jpg`),
    ]);
    expect(s.queue.sent).toEqual([]);
  });

  it('goes straight to the analysis when the details were saved during the upload', async () => {
    const s = await setup(undefined, { detailsSavedAt: new Date() });
    await s.job.run({ videoId: 'v' }, jobContext());
    expect(s.videos.rows.get('v')!.status).toBe('analysing');
    expect(s.queue.sent).toEqual([{ name: 'video-analyse', payload: { videoId: 'v' } }]);
  });

  it('details saved between its last read and its write still start the analysis (the video never waits for details it has)', async () => {
    const s = await setup();
    // The save lands right after the check reads the video for its decision (its last read).
    const find = s.videos.find.bind(s.videos);
    let reads = 0;
    s.videos.find = async (id: string) => {
      const row = await find(id);
      reads += 1;
      if (reads === 2) await s.videos.update('v', { detailsSavedAt: new Date(), title: 'Saved meanwhile' });
      return row;
    };
    await s.job.run({ videoId: 'v' }, jobContext());
    expect(s.videos.rows.get('v')).toMatchObject({ status: 'analysing', title: 'Saved meanwhile' });
    expect(s.queue.sent).toEqual([{ name: 'video-analyse', payload: { videoId: 'v' } }]);
  });

  it('rejects a file that breaks the rules with every reason, and one that is no video at all', async () => {
    const violations: UploadViolation[] = [
      { code: 'duration', message: 'short', params: { seconds: 3 } },
      { code: 'resolution', message: 'small', params: { width: 640, height: 360 } },
    ];
    const broken = await setup(fakeMediaTools({ validate: () => violations }));
    await broken.job.run({ videoId: 'v' }, jobContext());
    expect(broken.videos.rows.get('v')).toMatchObject({ status: 'rejected', violations: [{ code: 'duration' }, { code: 'resolution' }] });
    const notVideo = await setup(fakeMediaTools({ probe: async () => Promise.reject(new MediaError('not_media', 'not a video')) }));
    await notVideo.job.run({ videoId: 'v' }, jobContext());
    expect(notVideo.videos.rows.get('v')).toMatchObject({ status: 'rejected', violations: [{ code: 'format' }] });
  });

  it('does nothing to a video already past its check (a second delivery of the job)', async () => {
    const s = await setup();
    await s.job.run({ videoId: 'v' }, jobContext());
    const calls = s.media.calls.length;
    await s.job.run({ videoId: 'v' }, jobContext());
    expect(s.media.calls).toHaveLength(calls);
    expect(s.videos.rows.get('v')!.status).toBe('awaiting_details');
    await s.job.run({ videoId: 'gone' }, jobContext());
  });

  it('a crash is retried; on the last attempt the video fails with a reason the provider can read', async () => {
    const crash = async () => Promise.reject(new MediaError('ffmpeg_failed', 'ffmpeg failed: /tmp/ipsv-work/v/x.mp4: broken pipe'));
    const s = await setup(fakeMediaTools({ thumbnails: crash }));
    await expect(s.job.run({ videoId: 'v' }, jobContext())).rejects.toThrow(/broken pipe/);
    expect(s.videos.rows.get('v')!.status).toBe('validating');
    await s.job.run({ videoId: 'v' }, jobContext({ lastAttempt: true }));
    expect(s.videos.rows.get('v')).toMatchObject({ status: 'failed', failureReason: 'Checking the file failed: ffmpeg failed: …: broken pipe' });
  });

  it('a missing original fails at once with its own reason', async () => {
    const s = await setup();
    await s.storage.delete('uploads/v');
    await s.job.run({ videoId: 'v' }, jobContext());
    expect(s.videos.rows.get('v')).toMatchObject({ status: 'failed', failureReason: expect.stringMatching(/original upload is missing/) });
  });
});

describe('browserPlayable', () => {
  it('is true only for 8-bit 4:2:0 H.264 in MP4 or MOV', () => {
    expect(browserPlayable(PROBE)).toBe(true);
    expect(browserPlayable({ ...PROBE, container: 'mov' })).toBe(true);
    expect(browserPlayable({ ...PROBE, container: 'avi' })).toBe(false);
    expect(browserPlayable({ ...PROBE, video: { ...PROBE.video, codec: 'hevc' } })).toBe(false);
    expect(browserPlayable({ ...PROBE, video: { ...PROBE.video, pixelFormat: 'yuv422p10le' } })).toBe(false);
  });
});
