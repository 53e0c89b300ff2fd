// HMAC-signed, expiring media URLs (spec section 9: 6000 s by default). A signature covers a key
// prefix (a "scope") and a kind, so an HLS playlist's relative segment URLs stay valid without
// rewriting the playlist, while the same link cannot fetch files of another kind:
//   /media/<expires>.<depth>.<kind>.<signature>/videos/<id>/v2/360p/seg-3.m4s
// is valid when <expires>, <kind> and the first <depth> path parts (videos/<id>/v2) were signed by
// us and the key is of that kind. 'stream' covers what a player fetches (playlists, init and
// media segments, storyboard, poster), never a progressive download; 'file' covers any key.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { MEDIA_URL_LIFETIME_SECONDS } from '@ipsv/contracts/videos';

export const MEDIA_PREFIX = '/media';

export type MediaKind = 'file' | 'stream';
const KIND_CODE: Record<MediaKind, string> = { file: 'f', stream: 's' };

/** The files a player needs to stream and preview a version: never its downloadable MP4s. */
const STREAM_FILE = /(\.m3u8|\.m4s|\/init\.mp4|\.vtt|\.jpg)$/;

export interface MediaSigner {
  /** URL of `key`, valid for every key of `kind` under `scope` (default: `key` itself) until the expiry. */
  url(key: string, options?: { scope?: string; kind?: MediaKind; lifetimeSeconds?: number }): string;
  /** The key a signed path grants, or null when the signature is wrong, expired or of another kind. */
  verify(token: string, key: string): string | null;
  expiresAt(lifetimeSeconds?: number): Date;
  /** Seconds a URL stays valid unless asked otherwise. */
  readonly lifetimeSeconds: number;
}

/** At most this many signatures are kept within a second (see `signCached`). */
const SIGNED_KEPT = 4096;

export function createMediaSigner(secret: string, options: { clock?: () => number; lifetimeSeconds?: number } = {}): MediaSigner {
  const clock = options.clock ?? Date.now;
  const defaultLifetime = options.lifetimeSeconds ?? MEDIA_URL_LIFETIME_SECONDS;
  const message = (expires: number, kind: string, scope: string) => `${expires}\n${kind}\n${scope}`;
  const hmac = (signed: string) => createHmac('sha256', `media:${secret}`).update(signed).digest('base64url');
  const sign = (expires: number, kind: string, scope: string) => hmac(message(expires, kind, scope));
  const expiry = (lifetime = defaultLifetime) => Math.floor(clock() / 1000) + lifetime;
  // The signatures made for links this second: a signature depends only on the expiry (which moves
  // each second), the kind and the scope, and a results page signs the same posters for every
  // viewer within a second (an HMAC is about 5 µs: the 12 posters of the landing grid were a fifth
  // of its CPU). Emptied when the second changes, and past SIGNED_KEPT entries.
  const signed = new Map<string, string>();
  let signedSecond = -1;
  const signCached = (expires: number, kind: string, scope: string) => {
    const second = Math.floor(clock() / 1000);
    if (second !== signedSecond || signed.size >= SIGNED_KEPT) {
      signed.clear();
      signedSecond = second;
    }
    const text = message(expires, kind, scope);
    let signature = signed.get(text);
    if (signature === undefined) {
      signature = hmac(text);
      signed.set(text, signature);
    }
    return signature;
  };

  return {
    lifetimeSeconds: defaultLifetime,
    url(key, urlOptions = {}) {
      const scope = urlOptions.scope ?? key;
      const kind = KIND_CODE[urlOptions.kind ?? 'file'];
      if (key !== scope && !key.startsWith(`${scope}/`)) throw new Error(`${key} is outside ${scope}`);
      if (kind === 's' && key !== scope && !STREAM_FILE.test(key)) throw new Error(`${key} is not a streaming file`);
      const expires = expiry(urlOptions.lifetimeSeconds);
      const depth = scope.split('/').length;
      return `${MEDIA_PREFIX}/${expires}.${depth}.${kind}.${signCached(expires, kind, scope)}/${key.split('/').map(encodeURIComponent).join('/')}`;
    },
    verify(token, key) {
      const match = /^(\d{1,12})\.(\d{1,2})\.([fs])\.([A-Za-z0-9_-]{43})$/.exec(token);
      if (!match) return null;
      const expires = Number(match[1]);
      const depth = Number(match[2]);
      const kind = match[3]!;
      if (expires * 1000 < clock()) return null;
      const parts = key.split('/');
      if (depth < 1 || depth > parts.length) return null;
      if (kind === 's' && !STREAM_FILE.test(key)) return null;
      const expected = Buffer.from(sign(expires, kind, parts.slice(0, depth).join('/')));
      const given = Buffer.from(match[4]!);
      return expected.length === given.length && timingSafeEqual(expected, given) ? key : null;
    },
    expiresAt(lifetimeSeconds) {
      return new Date(expiry(lifetimeSeconds) * 1000);
    },
  };
}
