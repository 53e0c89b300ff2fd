// HTTP for videos: the provider's own (details, thumbnails, retry, delete), the privacy review,
// segments, playback links, and an administrator's take-down. Thin: the contracts schema parses
// each request at the edge, one service method answers (the live progress WebSocket is
// progress-socket.ts).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { confirmReviewInputSchema, privacyReviewDraftSchema, privacyReviewSchema } from '@ipsv/contracts/privacy-review';
import { segmentsInputSchema, segmentsSchema, segmentSuggestionsSchema } from '@ipsv/contracts/segments';
import {
  playbackSchema,
  takeDownInputSchema,
  THUMBNAIL_MAX_BYTES,
  thumbnailCandidatesSchema,
  videoDetailsInputSchema,
  videoIdSchema,
  videoListSchema,
  videoSchema,
} from '@ipsv/contracts/videos';
import { AppError, validationError } from '../../platform/app-error.js';
import { signedIn } from '../session/actor.js';
import type { SessionService } from '../session/session.service.js';
import type { PlaybackService } from './playback.service.js';
import type { PrivacyReviewService } from './privacy-review.service.js';
import type { VideoDetailsService } from './video-details.service.js';
import type { VideoSegmentsService } from './video-segments.service.js';

const params = z.object({ id: videoIdSchema });

export function videosRoutes(deps: {
  sessions: SessionService;
  details: VideoDetailsService;
  review: PrivacyReviewService;
  segments: VideoSegmentsService;
  playback: PlaybackService;
}): FastifyPluginAsyncZod {
  const { details, review, segments, playback } = deps;
  const tags = ['videos'];

  return async (app) => {
    // Who is asking is settled before the body is even read (an anonymous caller learns nothing from validation).
    app.addHook('onRequest', signedIn(deps.sessions));
    app.addContentTypeParser(['image/png', 'image/jpeg', 'image/webp'], { parseAs: 'buffer', bodyLimit: THUMBNAIL_MAX_BYTES + 1 }, (_request, body, done) =>
      done(null, body),
    );
    app.addHook('onSend', async (_request, reply) => {
      reply.header('cache-control', 'no-store');
    });

    app.get('/api/videos/mine', { schema: { tags, summary: 'My videos, newest first', response: { 200: videoListSchema } } }, async (request) => ({
      videos: await details.mine(request.actor),
    }));

    app.get(
      '/api/videos/:id',
      { schema: { tags, summary: 'One of my videos (or any, for an administrator)', params, response: { 200: videoSchema } } },
      async (request) => details.get(request.actor, request.params.id),
    );

    app.put(
      '/api/videos/:id/details',
      { schema: { tags, summary: 'Save the details form', params, body: videoDetailsInputSchema, response: { 200: videoSchema } } },
      async (request) => details.saveDetails(request.actor, request.params.id, request.body),
    );

    app.get(
      '/api/videos/:id/thumbnails',
      { schema: { tags, summary: 'Thumbnail candidates (frames outside every removed range)', params, response: { 200: thumbnailCandidatesSchema } } },
      async (request) => details.thumbnails(request.actor, request.params.id),
    );

    app.put(
      '/api/videos/:id/thumbnail',
      {
        schema: { tags, summary: 'Upload a thumbnail image (PNG, JPEG or WebP, at most 5 MB)', params },
        // Refuse an oversized image from its declared size, before reading it (as profile pictures do).
        onRequest: async (request) => {
          if (Number(request.headers['content-length'] ?? 0) > THUMBNAIL_MAX_BYTES) throw new AppError('THUMBNAIL_TOO_LARGE');
        },
      },
      async (request, reply) => {
        if (!Buffer.isBuffer(request.body)) throw validationError('Send the image as the request body.');
        await details.putThumbnail(request.actor, request.params.id, request.body);
        return reply.code(204).send();
      },
    );

    app.post('/api/videos/:id/retry', { schema: { tags, summary: 'Retry failed processing', params, response: { 200: videoSchema } } }, async (request) =>
      details.retry(request.actor, request.params.id),
    );

    app.delete('/api/videos/:id', { schema: { tags, summary: 'Delete a video and its media', params } }, async (request, reply) => {
      await details.remove(request.actor, request.params.id);
      return reply.code(204).send();
    });

    app.put(
      '/api/admin/videos/:id/take-down',
      {
        schema: {
          tags: ['admin'],
          summary: 'Take a video down: only its owner and administrators may watch it (admin)',
          params,
          body: takeDownInputSchema,
          response: { 200: videoSchema },
        },
      },
      async (request) => details.takeDown(request.actor, request.params.id, request.body.reason),
    );

    app.delete(
      '/api/admin/videos/:id/take-down',
      { schema: { tags: ['admin'], summary: 'Put a taken-down video back online (admin)', params, response: { 200: videoSchema } } },
      async (request) => details.restore(request.actor, request.params.id),
    );

    app.get(
      '/api/videos/:id/review',
      { schema: { tags, summary: 'The privacy review (owner only)', params, response: { 200: privacyReviewSchema } } },
      async (request) => review.review(request.actor, request.params.id),
    );

    app.put(
      '/api/videos/:id/review',
      {
        schema: {
          tags,
          summary: 'Confirm the ranges to remove and render (owner only)',
          params,
          body: confirmReviewInputSchema,
          response: { 200: videoSchema },
        },
      },
      async (request) => {
        await review.confirmReview(request.actor, request.params.id, request.body);
        return details.get(request.actor, request.params.id);
      },
    );

    app.put(
      '/api/videos/:id/review/draft',
      {
        schema: {
          tags,
          summary: 'Keep the review in progress (owner only); nothing is published',
          params,
          body: confirmReviewInputSchema,
          response: { 200: privacyReviewDraftSchema },
        },
      },
      async (request) => review.saveDraft(request.actor, request.params.id, request.body),
    );

    app.get('/api/videos/:id/segments', { schema: { tags, summary: 'Timed segments', params, response: { 200: segmentsSchema } } }, async (request) =>
      segments.segments(request.actor, request.params.id),
    );

    app.put(
      '/api/videos/:id/segments',
      { schema: { tags, summary: 'Replace the timed segments', params, body: segmentsInputSchema, response: { 200: segmentsSchema } } },
      async (request) => segments.saveSegments(request.actor, request.params.id, request.body),
    );

    app.post(
      '/api/videos/:id/segments/suggest',
      { schema: { tags, summary: 'AI Analysis: segment boundaries from scene changes', params, response: { 200: segmentSuggestionsSchema } } },
      async (request) => segments.suggestSegments(request.actor, request.params.id),
    );

    app.get('/api/videos/:id/playback', { schema: { tags, summary: 'Signed streaming URLs', params, response: { 200: playbackSchema } } }, async (request) =>
      playback.playback(request.actor, request.params.id),
    );
  };
}
