import { describe, expect, it } from 'vitest';
import { fakeSigner, fakeVideosRepository } from '../../testing/fakes.js';
import type { VideoActor } from './video-access.js';
import { createPlaybackService } from './playback.service.js';

const owner: VideoActor = { id: 'owner', email: 'ada@hospital.org', role: 'provider' };
const viewer: VideoActor = { id: 'viewer', email: 'bob@hospital.org', role: 'viewer' };
const rendition = {
  version: 2,
  master: 'videos/v/v2/master.m3u8',
  mp4: 'videos/v/v2/360p/video.mp4',
  poster: 'videos/v/v2/poster.jpg',
  storyboard: 'videos/v/v2/storyboard/storyboard.vtt',
  rungs: ['360p'],
  renditions: [],
  durationSeconds: 10,
  complete: true,
};

describe('playback links', () => {
  it('streams the published version; the download only when allowed or to the owner', async () => {
    const videos = fakeVideosRepository();
    await videos.create({
      id: 'v',
      ownerId: 'owner',
      fileName: 'f',
      originalKey: 'uploads/v',
      status: 'published',
      publishedVersion: 2,
      visibility: 'signed_in',
      rendition,
    });
    const playback = createPlaybackService({ videos, signer: fakeSigner });
    const seen = await playback.playback(viewer, 'v');
    expect(seen.hls).toBe('/media/signed.stream.videos/v/v2/videos/v/v2/master.m3u8');
    expect(seen.mp4).toBeNull();
    expect((await playback.playback(owner, 'v')).mp4).toBe('/media/signed.file.videos/v/v2/360p/video.mp4/videos/v/v2/360p/video.mp4');
    await videos.update('v', { isDownloadable: true });
    expect((await playback.playback(viewer, 'v')).mp4).not.toBeNull();
  });

  it('answers a video one may not watch exactly like one that does not exist', async () => {
    const videos = fakeVideosRepository();
    await videos.create({
      id: 'v',
      ownerId: 'owner',
      fileName: 'f',
      originalKey: 'uploads/v',
      status: 'published',
      publishedVersion: 2,
      visibility: 'private',
      rendition,
    });
    const playback = createPlaybackService({ videos, signer: fakeSigner });
    await expect(playback.playback(viewer, 'v')).rejects.toMatchObject({ code: 'NO_ACCESS' });
    await expect(playback.playback(viewer, 'nothing')).rejects.toMatchObject({ code: 'NO_ACCESS' });
  });
});
