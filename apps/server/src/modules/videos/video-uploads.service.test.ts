import { describe, expect, it } from 'vitest';
import { MAX_OPEN_UPLOADS_PER_USER, MAX_UPLOAD_BYTES } from '@ipsv/contracts/upload';
import { fakeQueue, fakeVideosRepository } from '../../testing/fakes.js';
import type { VideoActor } from './video-access.js';
import { createLifecycle } from './video-lifecycle.js';
import { createVideoUploadsService } from './video-uploads.service.js';

const provider: VideoActor = { id: 'p', email: 'p@hospital.org', role: 'provider' };
const viewer: VideoActor = { id: 'v', email: 'v@hospital.org', role: 'viewer' };

function setup(free: number | null = null, minFreeBytes = 0) {
  const videos = fakeVideosRepository();
  const queue = fakeQueue();
  const disk = { freeBytes: async () => free, minFreeBytes };
  return { videos, queue, uploads: createVideoUploadsService({ videos, lifecycle: createLifecycle({ videos, queue }), disk }) };
}

describe('uploads', () => {
  it('only providers upload, and never more than the limit', () => {
    const { uploads } = setup();
    expect(() => uploads.assertCanUpload(viewer, 10)).toThrow(expect.objectContaining({ code: 'PROVIDERS_ONLY' }));
    expect(() => uploads.assertCanUpload(provider, MAX_UPLOAD_BYTES + 1)).toThrow(expect.objectContaining({ code: 'UPLOAD_TOO_LARGE' }));
    expect(() => uploads.assertCanUpload(provider, MAX_UPLOAD_BYTES)).not.toThrow();
  });

  it('reserves each open upload’s declared size against the free space, and caps a user’s open uploads', async () => {
    const { uploads } = setup(1000, 100);
    const start = (id: string, sizeBytes: number, actor = provider) =>
      uploads.createUpload(actor, { id, fileName: 'f.mp4', sizeBytes, privacyAnswer: null, originalKey: `uploads/${id}` });
    await start('a', 500);
    await expect(start('b', 401)).rejects.toMatchObject({ code: 'DISK_FULL' });
    await start('b', 400);
    await expect(uploads.assertRoomForUpload(provider, 1)).rejects.toMatchObject({ code: 'DISK_FULL' });

    const roomy = setup();
    for (let i = 0; i < MAX_OPEN_UPLOADS_PER_USER; i += 1)
      await roomy.uploads.createUpload(provider, { id: `u${i}`, fileName: 'f.mp4', sizeBytes: 1, privacyAnswer: null, originalKey: `uploads/u${i}` });
    await expect(roomy.uploads.assertRoomForUpload(provider, 1)).rejects.toMatchObject({ code: 'UPLOADS_OPEN_LIMIT' });
    await expect(roomy.uploads.assertRoomForUpload({ ...provider, id: 'other' }, 1)).resolves.toBeUndefined();
  });

  it('keeps a printable file name and a known privacy answer only', async () => {
    const { uploads, videos } = setup();
    await uploads.createUpload(provider, { id: 'u', fileName: 'a/b\\c\u0007.mp4', sizeBytes: 10, privacyAnswer: 'drop table', originalKey: 'uploads/u' });
    expect(videos.rows.get('u')).toMatchObject({ fileName: 'a_b_c_.mp4', privacyAnswer: null, status: 'uploading' });
  });

  it('the last byte starts the file check once, however often tus says so', async () => {
    const { uploads, queue, videos } = setup();
    await uploads.createUpload(provider, { id: 'u', fileName: 'f.mp4', sizeBytes: 10, privacyAnswer: 'unsure', originalKey: 'uploads/u' });
    await uploads.uploadFinished('u', 10);
    await uploads.uploadFinished('u', 10);
    expect(videos.rows.get('u')!.status).toBe('uploaded');
    expect(queue.sent).toEqual([{ name: 'video-ingest', payload: { videoId: 'u' } }]);
  });

  it('only the owner continues an upload; a cancelled one disappears, a finished one stays', async () => {
    const { uploads, videos } = setup();
    await uploads.createUpload(provider, { id: 'u', fileName: 'f.mp4', sizeBytes: 10, privacyAnswer: null, originalKey: 'uploads/u' });
    await expect(uploads.assertUploadOwner({ ...provider, id: 'someone' }, 'u')).rejects.toMatchObject({ code: 'UPLOAD_NOT_FOUND' });
    expect(await uploads.assertUploadOwner(provider, 'u')).toBe('uploading');
    await uploads.uploadFinished('u', 10);
    await uploads.uploadCancelled('u');
    expect(videos.rows.has('u')).toBe(true);
    await uploads.createUpload(provider, { id: 'w', fileName: 'f.mp4', sizeBytes: 10, privacyAnswer: null, originalKey: 'uploads/w' });
    await uploads.uploadCancelled('w');
    expect(videos.rows.has('w')).toBe(false);
  });
});
