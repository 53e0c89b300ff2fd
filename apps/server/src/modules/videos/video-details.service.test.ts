import { describe, expect, it } from 'vitest';
import { videoDetailsInputSchema } from '@ipsv/contracts/videos';
import { UnsupportedImage, type ImageNormaliser } from '../../platform/media/image-normaliser.js';
import { fakeQueue, fakeSigner, fakeStorage, fakeVideosRepository } from '../../testing/fakes.js';
import type { VideoActor } from './video-access.js';
import { createVideoDetailsService } from './video-details.service.js';
import { createLifecycle } from './video-lifecycle.js';

const owner: VideoActor = { id: 'owner', email: 'ada@hospital.org', role: 'provider' };
const admin: VideoActor = { id: 'admin', email: 'root@platform.org', role: 'admin' };
const other: VideoActor = { id: 'other', email: 'eve@elsewhere.net', role: 'provider' };
const details = (values: Record<string, unknown>) => videoDetailsInputSchema.parse({ title: 'Lap chole', fileName: 'case.mp4', ...values });

function setup() {
  const videos = fakeVideosRepository({ owner: 'Ada Surgeon' });
  const storage = fakeStorage();
  const queue = fakeQueue();
  const removed: string[] = [];
  const images: ImageNormaliser = {
    async normalise(data) {
      if (data.toString() !== 'a picture') throw new UnsupportedImage('not an image');
      return Buffer.from('clean jpeg');
    },
  };
  const service = createVideoDetailsService({
    videos,
    storage,
    signer: fakeSigner,
    lifecycle: createLifecycle({ videos, queue }),
    images,
    uploads: { remove: async (id) => void removed.push(id) },
  });
  return { videos, storage, queue, service, removed };
}

const create = (s: ReturnType<typeof setup>, values: Partial<Parameters<ReturnType<typeof setup>['videos']['create']>[0]> = {}) =>
  s.videos.create({
    id: 'v',
    ownerId: 'owner',
    fileName: 'case.mp4',
    originalKey: 'uploads/v',
    status: 'awaiting_details',
    thumbnailTimes: [2, 6, 10],
    ...values,
  });

describe('saving the details', () => {
  it('the first save starts the privacy analysis; a second save only changes the details', async () => {
    const s = setup();
    await create(s);
    const saved = await s.service.saveDetails(owner, 'v', details({ description: { procedure: 'cholecystectomy', technique: '4 ports' } }));
    expect(saved).toMatchObject({ status: 'analysing', detailsSaved: true, ownerName: 'Ada Surgeon' });
    expect(s.videos.rows.get('v')!.descriptionText).toBe('cholecystectomy|||4 ports|||');
    expect(s.queue.sent).toEqual([{ name: 'video-analyse', payload: { videoId: 'v' } }]);
    await s.service.saveDetails(owner, 'v', details({ title: 'Renamed' }));
    expect(s.queue.sent).toHaveLength(1);
    expect(s.videos.rows.get('v')!.title).toBe('Renamed');
  });

  it('a file check that ends while the provider saves does not refuse the form: the save is decided again and starts the analysis', async () => {
    const s = setup();
    await create(s, { status: 'validating' });
    // The check finishes between the service reading the video and writing the details.
    const find = s.videos.find.bind(s.videos);
    let reads = 0;
    s.videos.find = async (id) => {
      const row = await find(id);
      reads += 1;
      if (reads === 1) await s.videos.update('v', { status: 'awaiting_details' }, ['validating']);
      return row;
    };
    const saved = await s.service.saveDetails(owner, 'v', details({ title: 'Saved while checked' }));
    expect(saved).toMatchObject({ status: 'analysing', detailsSaved: true });
    expect(s.videos.rows.get('v')!.title).toBe('Saved while checked');
    expect(s.queue.sent).toEqual([{ name: 'video-analyse', payload: { videoId: 'v' } }]);
  });

  it('a video that keeps moving on is refused after a few tries, with nothing written', async () => {
    const s = setup();
    await create(s, { status: 'validating' });
    const find = s.videos.find.bind(s.videos);
    s.videos.find = async (id) => {
      const row = await find(id);
      const next = row!.status === 'validating' ? 'uploaded' : 'validating';
      await s.videos.update('v', { status: next }, [row!.status]);
      return row;
    };
    await expect(s.service.saveDetails(owner, 'v', details({ title: 'Never kept' }))).rejects.toMatchObject({ code: 'VIDEO_CHANGED' });
    expect(s.videos.rows.get('v')!.title).toBe('');
    expect(s.queue.sent).toEqual([]);
  });

  it('only the owner saves: an administrator is refused, another user learns nothing', async () => {
    const s = setup();
    await create(s);
    await expect(s.service.saveDetails(admin, 'v', details({}))).rejects.toMatchObject({ code: 'OWNER_ONLY' });
    await expect(s.service.saveDetails(other, 'v', details({}))).rejects.toMatchObject({ code: 'NO_ACCESS' });
    expect(s.videos.rows.get('v')!.title).toBe('');
  });

  it('refuses a thumbnail frame that lies in a removed range, and never offers it', async () => {
    const s = setup();
    // Frames at 2, 6 and 10 s; the analysis proposes 5-8 s, later confirmed as 5-8 s.
    await create(s, {
      status: 'review',
      analysis: {
        threshold: 0.2,
        proposed: [{ start: 5, end: 8, reasons: ['out_of_body'], confidence: 1 }],
        track: [],
        detectors: [],
        framesDecoded: 1,
        seconds: 1,
      },
    });
    expect((await s.service.thumbnails(owner, 'v')).frames.map((f) => f.time)).toEqual([2, 10]);
    await expect(s.service.saveDetails(owner, 'v', details({ thumbnail: { kind: 'frame', index: 1 } }))).rejects.toMatchObject({
      code: 'FRAME_REMOVED',
      params: { time: 6 },
    });
    await s.videos.update('v', { confirmedRanges: [{ start: 9, end: 11, reasons: ['manual'], confidence: null }] });
    // Once confirmed, the confirmed ranges decide.
    expect((await s.service.thumbnails(owner, 'v')).frames.map((f) => f.time)).toEqual([2, 6]);
    await expect(s.service.saveDetails(owner, 'v', details({ thumbnail: { kind: 'frame', index: 2 } }))).rejects.toMatchObject({ code: 'FRAME_REMOVED' });
    expect((await s.service.saveDetails(owner, 'v', details({ thumbnail: { kind: 'frame', index: 1 } }))).details.thumbnail).toEqual({
      kind: 'frame',
      index: 1,
    });
  });

  it('refuses a frame that was never offered, and an uploaded thumbnail that is not there', async () => {
    const s = setup();
    await create(s);
    await expect(s.service.saveDetails(owner, 'v', details({ thumbnail: { kind: 'frame', index: 7 } }))).rejects.toMatchObject({ code: 'FRAME_NOT_OFFERED' });
    await expect(s.service.saveDetails(owner, 'v', details({ thumbnail: { kind: 'upload' } }))).rejects.toMatchObject({ code: 'THUMBNAIL_NOT_UPLOADED' });
  });
});

describe('thumbnails and the video as the API shows it', () => {
  it('an uploaded image is stored re-encoded; anything else is refused', async () => {
    const s = setup();
    await create(s);
    await s.service.putThumbnail(owner, 'v', Buffer.from('a picture'));
    expect(s.storage.objects.get('videos/v/thumbnail-upload.jpg')?.toString()).toBe('clean jpeg');
    await expect(s.service.putThumbnail(owner, 'v', Buffer.from('%PDF-1.7'))).rejects.toMatchObject({ code: 'THUMBNAIL_TYPE' });
    await expect(s.service.putThumbnail(owner, 'v', Buffer.alloc(6 * 1024 * 1024))).rejects.toMatchObject({ code: 'THUMBNAIL_TOO_LARGE' });
  });

  it('frames of the original are signed for the owner only; an administrator sees the metadata without them', async () => {
    const s = setup();
    await create(s, { thumbnail: { kind: 'frame', index: 0 } });
    expect((await s.service.get(owner, 'v')).thumbnailUrl).toContain('videos/v/source/thumbnail-1.jpg');
    const seenByAdmin = await s.service.get(admin, 'v');
    expect(seenByAdmin.thumbnailUrl).toBeNull();
    expect(seenByAdmin.details.fileName).toBe('case.mp4');
  });
});

describe('retry, deletion and take-down', () => {
  it('retries only a failed video, and only its owner', async () => {
    const s = setup();
    await create(s, { status: 'failed', probe: null, failureReason: 'Checking the file failed' });
    await expect(s.service.retry(admin, 'v')).rejects.toMatchObject({ code: 'OWNER_ONLY' });
    expect((await s.service.retry(owner, 'v')).status).toBe('uploaded');
    expect(s.queue.sent).toEqual([{ name: 'video-ingest', payload: { videoId: 'v' } }]);
    await expect(s.service.retry(owner, 'v')).rejects.toMatchObject({ code: 'NOT_RETRYABLE' });
  });

  it('deletes the row, its media and the original; an administrator may too, another user may not', async () => {
    const s = setup();
    await create(s);
    await s.storage.put('videos/v/v1/master.m3u8', Buffer.from('x'), 'x');
    await expect(s.service.remove(other, 'v')).rejects.toMatchObject({ code: 'NO_ACCESS' });
    await s.service.remove(admin, 'v');
    expect(s.videos.rows.has('v')).toBe(false);
    expect(s.storage.objects.size).toBe(0);
    expect(s.removed).toEqual(['v']);
  });

  it('only an administrator takes a video down and puts it back', async () => {
    const s = setup();
    await create(s, { status: 'published', publishedVersion: 1 });
    await expect(s.service.takeDown(owner, 'v', 'no')).rejects.toMatchObject({ code: 'ADMIN_ONLY' });
    expect((await s.service.takeDown(admin, 'v', 'A face is visible at 3:10')).takenDown).toMatchObject({ reason: 'A face is visible at 3:10' });
    expect((await s.service.get(owner, 'v')).takenDown?.reason).toBe('A face is visible at 3:10');
    expect((await s.service.restore(admin, 'v')).takenDown).toBeNull();
  });
});
