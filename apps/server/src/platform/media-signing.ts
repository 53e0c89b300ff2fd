// HMAC-signed, expiring media URLs (spec section 9: 6000 s). A signature covers a key prefix (a
// "scope"), so an HLS playlist's relative segment URLs stay valid without rewriting the playlist:
//   /media/<expires>.<depth>.<signature>/videos/<id>/v2/360p/seg-3.m4s
// is valid when the first <depth> path parts (videos/<id>/v2) and <expires> were signed by us.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { MEDIA_URL_LIFETIME_SECONDS } from '@ipsv/contracts/videos';

export const MEDIA_PREFIX = '/media';

export interface MediaSigner {
  /** URL of `key`, valid for every key under `scope` (default: `key` itself) until the expiry. */
  url(key: string, options?: { scope?: string; lifetimeSeconds?: number }): string;
  /** The key a signed path grants, or null when the signature is wrong or expired. */
  verify(token: string, key: string): string | null;
  expiresAt(lifetimeSeconds?: number): Date;
}

export function createMediaSigner(secret: string, clock: () => number = Date.now): MediaSigner {
  const sign = (expires: number, scope: string) =>
    createHmac('sha256', `media:${secret}`).update(`${expires}\n${scope}`).digest('base64url');
  const expiry = (lifetime = MEDIA_URL_LIFETIME_SECONDS) => Math.floor(clock() / 1000) + lifetime;

  return {
    url(key, options = {}) {
      const scope = options.scope ?? key;
      if (key !== scope && !key.startsWith(`${scope}/`)) throw new Error(`${key} is outside ${scope}`);
      const expires = expiry(options.lifetimeSeconds);
      const depth = scope.split('/').length;
      return `${MEDIA_PREFIX}/${expires}.${depth}.${sign(expires, scope)}/${key.split('/').map(encodeURIComponent).join('/')}`;
    },
    verify(token, key) {
      const match = /^(\d{1,12})\.(\d{1,2})\.([A-Za-z0-9_-]{43})$/.exec(token);
      if (!match) return null;
      const expires = Number(match[1]);
      const depth = Number(match[2]);
      if (expires * 1000 < clock()) return null;
      const parts = key.split('/');
      if (depth < 1 || depth > parts.length) return null;
      const expected = Buffer.from(sign(expires, parts.slice(0, depth).join('/')));
      const given = Buffer.from(match[3]!);
      return expected.length === given.length && timingSafeEqual(expected, given) ? key : null;
    },
    expiresAt(lifetimeSeconds) {
      return new Date(expiry(lifetimeSeconds) * 1000);
    },
  };
}
