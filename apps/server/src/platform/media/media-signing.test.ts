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

  it('signs again as the clock moves on, and never hands out a signature of another expiry, kind or scope', () => {
    let now = 1_000_000_000;
    const moving = createMediaSigner('secret', { clock: () => now, lifetimeSeconds: 600 });
    const first = moving.url('videos/a/v2/poster.jpg');
    expect(moving.url('videos/a/v2/poster.jpg')).toBe(first);
    const stream = moving.url('videos/a/v2/poster.jpg', { scope: 'videos/a/v2', kind: 'stream' });
    const other = moving.url('videos/b/v2/poster.jpg');
    const shorter = moving.url('videos/a/v2/poster.jpg', { lifetimeSeconds: 60 });
    expect(tokenAndKey(shorter).token.split('.')[0]).toBe(String(1_000_000 + 60));
    for (const url of [first, stream, other, shorter]) expect(moving.verify(tokenAndKey(url).token, tokenAndKey(url).key)).toBe(tokenAndKey(url).key);
    expect(new Set([first, stream, other, shorter].map((url) => tokenAndKey(url).token.split('.')[3])).size).toBe(4);
    now += 1_500;
    const later = moving.url('videos/a/v2/poster.jpg');
    expect(later).not.toBe(first);
    expect(tokenAndKey(later).token.split('.')[0]).toBe(String(1_000_000 + 1 + 600));
    expect(moving.verify(tokenAndKey(later).token, 'videos/a/v2/poster.jpg')).toBe('videos/a/v2/poster.jpg');
    // A signer with another secret never shares them.
    const stranger = createMediaSigner('another secret', { clock: () => now, lifetimeSeconds: 600 });
    expect(stranger.verify(tokenAndKey(later).token, 'videos/a/v2/poster.jpg')).toBeNull();
    // Past what is kept within one second, links are still signed right.
    for (let i = 0; i < 5000; i += 1) {
      const { token, key } = tokenAndKey(moving.url(`videos/v${i}/poster.jpg`));
      if (i % 997 === 0) expect(moving.verify(token, key)).toBe(key);
    }
  });

  it('expires after its lifetime', () => {
    const { token, key } = tokenAndKey(signer.url('uploads/x'));
    const later = createMediaSigner('secret', { clock: () => 1_000_000_000 + 601_000 });
    expect(later.verify(token, key)).toBeNull();
    expect(signer.expiresAt().getTime()).toBe(1_000_000_000 + 600_000);
  });
});
