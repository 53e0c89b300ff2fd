import { describe, expect, it } from 'vitest';
import { createMediaSigner } from './media-signing.js';

const tokenAndKey = (url: string) => {
  const [, , token, ...key] = url.split('/');
  return { token: token!, key: key.map(decodeURIComponent).join('/') };
};

describe('media signing', () => {
  const signer = createMediaSigner('secret', { clock: () => 1_000_000_000, lifetimeSeconds: 600 });

  it("a streaming link covers its version's playlists, segments and previews, never its MP4 downloads", () => {
    const { token } = tokenAndKey(signer.url('videos/a/v2/master.m3u8', { scope: 'videos/a/v2', kind: 'stream' }));
    for (const key of [
      'videos/a/v2/master.m3u8',
      'videos/a/v2/720p/index.m3u8',
      'videos/a/v2/720p/init.mp4',
      'videos/a/v2/720p/segment-00001.m4s',
      'videos/a/v2/storyboard/storyboard.vtt',
      'videos/a/v2/poster.jpg',
    ]) {
      expect(signer.verify(token, key), key).toBe(key);
    }
    expect(signer.verify(token, 'videos/a/v2/720p/video.mp4')).toBeNull();
    expect(signer.verify(token, 'videos/a/v1/master.m3u8')).toBeNull();
    expect(signer.verify(token, 'videos/b/v2/master.m3u8')).toBeNull();
  });

  it('a file link covers that file only, and the kind cannot be swapped', () => {
    const { token, key } = tokenAndKey(signer.url('videos/a/v2/720p/video.mp4'));
    expect(signer.verify(token, key)).toBe(key);
    expect(signer.verify(token, 'videos/a/v2/720p/video.mp4x')).toBeNull();
    expect(signer.verify(token.replace('.f.', '.s.'), key)).toBeNull();
  });

  it('expires after its lifetime', () => {
    const { token, key } = tokenAndKey(signer.url('uploads/x'));
    const later = createMediaSigner('secret', { clock: () => 1_000_000_000 + 601_000 });
    expect(later.verify(token, key)).toBeNull();
    expect(signer.expiresAt().getTime()).toBe(1_000_000_000 + 600_000);
  });
});
