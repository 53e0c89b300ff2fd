// HTTP for the provider's videos: details, thumbnails, retry, delete, privacy review, segments,
// playback URLs (the live progress WebSocket is progress-socket.ts). Thin: parse, call the service, map.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type confirmReviewInputSchema, privacyReviewSchema } from '@ipsv/contracts/privacy-review';
import { type segmentsInputSchema, segmentsSchema, segmentSuggestionsSchema } from '@ipsv/contracts/segments';
import {
  playbackSchema,
  takeDownInputSchema,
  THUMBNAIL_MAX_BYTES,
  THUMBNAIL_TOO_LARGE_MESSAGE,
  thumbnailCandidatesSchema,
  type videoDetailsInputSchema,
  videoListSchema,
  videoSchema,
} from '@ipsv/contracts/videos';
import { AppError } from '../../platform/app-error.js';
import { requireSession } from '../session/session.http.js';
import type { SessionService } from '../session/session.service.js';
import type { VideosService } from './videos.service.js';

const params = z.object({ id: z.string().uuid() });

export function videosRoutes(deps: { videos: VideosService; sessions: SessionService }): FastifyPluginAsyncZod {
  const { videos, sessions } = deps;
  const actorOf = async (request: Parameters<typeof requireSession>[1]) => {
    const { user } = await requireSession(sessions, request);
    return { id: user.id, email: user.email, role: user.role };
  };
  const tags = ['videos'];

  return async (app) => {
    app.addContentTypeParser(
      ['image/png', 'image/jpeg', 'image/webp'],
      { parseAs: 'buffer', bodyLimit: THUMBNAIL_MAX_BYTES + 1 },
      (_request, body, done) => done(null, body),
    );
    app.addHook('onSend', async (_request, reply) => {
      reply.header('cache-control', 'no-store');
    });

    app.get('/api/videos/mine', { schema: { tags, summary: 'My videos, newest first', response: { 200: videoListSchema } } }, async (request) => ({
      videos: await videos.mine(await actorOf(request)),
    }));

    app.get('/api/videos/:id', { schema: { tags, summary: 'One of my videos', params, response: { 200: videoSchema } } }, async (request) =>
      videos.get(await actorOf(request), request.params.id),
    );

    app.put(
      '/api/videos/:id/details',
      { schema: { tags, summary: 'Save the details form', params, body: z.unknown(), response: { 200: videoSchema } } },
      async (request) => videos.saveDetails(await actorOf(request), request.params.id, request.body as z.input<typeof videoDetailsInputSchema>),
    );

    app.get(
      '/api/videos/:id/thumbnails',
      { schema: { tags, summary: 'Thumbnail candidates', params, response: { 200: thumbnailCandidatesSchema } } },
      async (request) => videos.thumbnails(await actorOf(request), request.params.id),
    );

    app.put(
      '/api/videos/:id/thumbnail',
      {
        schema: { tags, summary: 'Upload a thumbnail image (PNG, JPEG or WebP, at most 5 MB)', params },
        // Refuse an oversized image from its declared size, before reading it (as profile pictures do).
        onRequest: async (request) => {
          if (Number(request.headers['content-length'] ?? 0) > THUMBNAIL_MAX_BYTES) throw new AppError('PAYLOAD_TOO_LARGE', THUMBNAIL_TOO_LARGE_MESSAGE);
        },
      },
      async (request, reply) => {
      const actor = await actorOf(request);
      if (!Buffer.isBuffer(request.body)) throw new AppError('VALIDATION_ERROR', 'Send the image as the request body.');
      await videos.putThumbnail(actor, request.params.id, request.body);
      return reply.code(204).send();
      },
    );

    app.post('/api/videos/:id/retry', { schema: { tags, summary: 'Retry failed processing', params, response: { 200: videoSchema } } }, async (request) =>
      videos.retry(await actorOf(request), request.params.id),
    );

    app.delete('/api/videos/:id', { schema: { tags, summary: 'Delete a video and its media', params } }, async (request, reply) => {
      await videos.remove(await actorOf(request), request.params.id);
      return reply.code(204).send();
    });

    app.put(
      '/api/admin/videos/:id/take-down',
      { schema: { tags: ['admin'], summary: 'Take a video down: only its owner and administrators may watch it (admin)', params, body: takeDownInputSchema, response: { 200: videoSchema } } },
      async (request) => videos.takeDown(await actorOf(request), request.params.id, request.body.reason),
    );

    app.delete(
      '/api/admin/videos/:id/take-down',
      { schema: { tags: ['admin'], summary: 'Put a taken-down video back online (admin)', params, response: { 200: videoSchema } } },
      async (request) => videos.restore(await actorOf(request), request.params.id),
    );

    app.get(
      '/api/videos/:id/review',
      { schema: { tags, summary: 'The privacy review', params, response: { 200: privacyReviewSchema } } },
      async (request) => videos.review(await actorOf(request), request.params.id),
    );

    app.put(
      '/api/videos/:id/review',
      { schema: { tags, summary: 'Confirm the ranges to remove and render', params, body: z.unknown(), response: { 200: videoSchema } } },
      async (request) => videos.confirmReview(await actorOf(request), request.params.id, request.body as z.input<typeof confirmReviewInputSchema>),
    );

    app.get(
      '/api/videos/:id/segments',
      { schema: { tags, summary: 'Timed segments', params, response: { 200: segmentsSchema } } },
      async (request) => videos.segments(await actorOf(request), request.params.id),
    );

    app.put(
      '/api/videos/:id/segments',
      { schema: { tags, summary: 'Replace the timed segments', params, body: z.unknown(), response: { 200: segmentsSchema } } },
      async (request) => videos.saveSegments(await actorOf(request), request.params.id, request.body as z.input<typeof segmentsInputSchema>),
    );

    app.post(
      '/api/videos/:id/segments/suggest',
      { schema: { tags, summary: 'AI Analysis: segment boundaries from scene changes', params, response: { 200: segmentSuggestionsSchema } } },
      async (request) => videos.suggestSegments(await actorOf(request), request.params.id),
    );

    app.get(
      '/api/videos/:id/playback',
      { schema: { tags, summary: 'Signed streaming URLs', params, response: { 200: playbackSchema } } },
      async (request) => videos.playback(await actorOf(request), request.params.id),
    );
  };
}
