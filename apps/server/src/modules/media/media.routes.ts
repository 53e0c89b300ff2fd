// GET /media/<token>/<key>: serves stored media to whoever holds a valid signed URL (the API
// decided access when it signed it). Byte ranges for seeking, types for players, and caching that
// never outlives the signature.
import type { FastifyPluginAsync } from 'fastify';
import { AppError } from '../../platform/app-error.js';
import type { MediaSigner } from '../../platform/media/media-signing.js';
import { assertStorageKey, type Storage } from '../../platform/storage/storage.js';

const CONTENT_TYPES: Record<string, string> = {
  m3u8: 'application/vnd.apple.mpegurl',
  m4s: 'video/iso.segment',
  mp4: 'video/mp4',
  m4v: 'video/mp4',
  mov: 'video/quicktime',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  vtt: 'text/vtt; charset=utf-8',
};

const ORIGINAL_TYPES = new Set(['mp4', 'mov']);

export const contentTypeOf = (key: string): string => CONTENT_TYPES[key.split('.').pop()?.toLowerCase() ?? ''] ?? 'application/octet-stream';

/** Parses a single "bytes=a-b" range against the size; null when absent, 'invalid' when unsatisfiable. */
export function parseRange(header: string | undefined, size: number): { start: number; end: number } | null | 'invalid' {
  if (!header) return null;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || (match[1] === '' && match[2] === '')) return 'invalid';
  let start: number;
  let end: number;
  if (match[1] === '') {
    // suffix range: the last N bytes
    start = Math.max(0, size - Number(match[2]));
    end = size - 1;
  } else {
    start = Number(match[1]);
    end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  }
  return start > end || start >= size ? 'invalid' : { start, end };
}

export function mediaRoutes(deps: { storage: Storage; signer: MediaSigner }): FastifyPluginAsync {
  return async (app) => {
    app.get<{ Params: { token: string; '*': string }; Querystring: { as?: string; download?: string } }>(
      '/media/:token/*',
      { schema: { hide: true }, compress: false },
      async (request, reply) => {
        const key = request.params['*'];
        try {
          assertStorageKey(key);
        } catch {
          throw new AppError('MEDIA_NOT_FOUND');
        }
        if (!deps.signer.verify(request.params.token, key)) {
          throw new AppError('MEDIA_LINK_INVALID');
        }
        const stat = await deps.storage.stat(key);
        if (!stat) throw new AppError('MEDIA_NOT_FOUND');
        const range = parseRange(request.headers.range, stat.size);
        if (range === 'invalid') {
          reply.header('content-range', `bytes */${stat.size}`);
          return reply.code(416).send();
        }
        const object = await deps.storage.get(key, range ?? undefined);
        if (!object) throw new AppError('MEDIA_NOT_FOUND');
        // Private: the URL is a credential. Immutable: a key's content never changes once written
        // (new renders get a new version folder), so a browser may keep it while the URL lives.
        reply
          // Originals are stored without an extension; the signed link names the container to play.
          .header(
            'content-type',
            contentTypeOf(/\.[a-z0-9]+$/i.test(key) ? key : `${key}.${ORIGINAL_TYPES.has(request.query.as ?? '') ? request.query.as : 'bin'}`),
          )
          .header('accept-ranges', 'bytes')
          .header('cache-control', key.endsWith('.m3u8') ? 'private, max-age=60' : 'private, max-age=3600, immutable')
          .header('x-content-type-options', 'nosniff')
          .header('cross-origin-resource-policy', 'same-origin');
        // A download link names its file (the API made the name; kept to safe characters here too).
        const download = request.query.download?.replace(/[^\w .-]/g, '').slice(0, 120);
        if (download && !key.endsWith('.m3u8')) reply.header('content-disposition', `attachment; filename="${download}"`);
        if (range) {
          reply
            .code(206)
            .header('content-range', `bytes ${range.start}-${range.end}/${stat.size}`)
            .header('content-length', range.end - range.start + 1);
        } else {
          reply.header('content-length', stat.size);
        }
        return reply.send(object.stream);
      },
    );
  };
}
