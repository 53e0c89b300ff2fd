// HTTP for the provider's dashboard: content table, visibility, the original, who may watch (named
// lists, access requests) and analytics. Thin: the contracts schemas parse each request at the
// edge, one service method answers; permissions are decided in the services.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  accessDecisionSchema,
  accessListIdSchema,
  accessListInputSchema,
  accessOverviewSchema,
  accessRequestIdSchema,
  analyticsQuerySchema,
  analyticsSchema,
  bulkVisibilitySchema,
  contentPageSchema,
  contentQuerySchema,
  originalLinkSchema,
  videoAccessInputSchema,
} from '@ipsv/contracts/dashboard';
import { rollbackInputSchema, versionNumberSchema, versionsOverviewSchema, videoVersionsSchema } from '@ipsv/contracts/versions';
import { videoIdSchema } from '@ipsv/contracts/videos';
import { signedIn } from '../session/actor.js';
import type { SessionService } from '../session/session.service.js';
import type { AccessControlService } from './access-control.service.js';
import type { AnalyticsService } from './analytics.service.js';
import type { ContentService } from './content.service.js';
import type { VersionsService } from './versions.service.js';

const video = z.object({ id: videoIdSchema });
const list = z.object({ listId: accessListIdSchema });
const request = z.object({ requestId: accessRequestIdSchema });
const versionParams = z.object({ id: videoIdSchema, version: versionNumberSchema });
const grant = z.object({ id: videoIdSchema, email: z.string().min(3).max(320) });

export function dashboardRoutes(deps: {
  sessions: SessionService;
  content: ContentService;
  access: AccessControlService;
  analytics: AnalyticsService;
  versions: VersionsService;
}): FastifyPluginAsyncZod {
  const { content, access, analytics, versions } = deps;
  const tags = ['dashboard'];
  return async (app) => {
    app.addHook('onRequest', signedIn(deps.sessions));
    app.addHook('onSend', async (_request, reply) => {
      reply.header('cache-control', 'no-store');
    });

    app.get(
      '/api/dashboard/content',
      {
        schema: {
          tags,
          summary: 'My videos with their views (sorted, filtered by status, paged)',
          querystring: contentQuerySchema,
          response: { 200: contentPageSchema },
        },
      },
      async (req) => content.page(req.actor, req.query),
    );
    app.put(
      '/api/dashboard/visibility',
      { schema: { tags, summary: 'Change the visibility of one or many of my videos', body: bulkVisibilitySchema } },
      async (req, reply) => {
        await content.setVisibility(req.actor, req.body.videoIds, req.body.visibility);
        return reply.code(204).send();
      },
    );
    app.post(
      '/api/dashboard/videos/:id/original',
      { schema: { tags, summary: 'A download link of my original upload while it is kept', params: video, response: { 200: originalLinkSchema } } },
      async (req) => content.original(req.actor, req.params.id),
    );

    app.get(
      '/api/dashboard/access',
      { schema: { tags, summary: 'Who may watch each of my videos, my named lists and the access requests', response: { 200: accessOverviewSchema } } },
      async (req) => access.overview(req.actor),
    );
    app.put(
      '/api/dashboard/videos/:id/access',
      { schema: { tags, summary: "A video's visibility, own list and named lists", params: video, body: videoAccessInputSchema } },
      async (req, reply) => {
        await access.setVideoAccess(req.actor, req.params.id, req.body);
        return reply.code(204).send();
      },
    );
    app.delete(
      '/api/dashboard/videos/:id/grants/:email',
      { schema: { tags, summary: 'Take back access granted from a request', params: grant } },
      async (req, reply) => {
        await access.revokeGrant(req.actor, req.params.id, req.params.email);
        return reply.code(204).send();
      },
    );
    app.post(
      '/api/dashboard/lists',
      { schema: { tags, summary: 'Create a named access list', body: accessListInputSchema, response: { 201: z.object({ id: z.string() }) } } },
      async (req, reply) => reply.code(201).send(await access.createList(req.actor, req.body)),
    );
    app.put(
      '/api/dashboard/lists/:listId',
      { schema: { tags, summary: 'Change a named list (every video using it follows)', params: list, body: accessListInputSchema } },
      async (req, reply) => {
        await access.updateList(req.actor, req.params.listId, req.body);
        return reply.code(204).send();
      },
    );
    app.delete('/api/dashboard/lists/:listId', { schema: { tags, summary: 'Delete a named list', params: list } }, async (req, reply) => {
      await access.deleteList(req.actor, req.params.listId);
      return reply.code(204).send();
    });
    app.post(
      '/api/dashboard/access-requests/:requestId/decision',
      { schema: { tags, summary: 'Grant (optionally until a date) or deny an access request', params: request, body: accessDecisionSchema } },
      async (req, reply) => {
        await access.decide(req.actor, req.params.requestId, req.body);
        return reply.code(204).send();
      },
    );

    app.get(
      '/api/dashboard/versions',
      { schema: { tags, summary: 'Every rendered version of each of my videos', response: { 200: versionsOverviewSchema } } },
      async (req) => versions.overview(req.actor),
    );
    app.get(
      '/api/dashboard/videos/:id/versions',
      { schema: { tags, summary: "A video's rendered versions (owner and administrators)", params: video, response: { 200: videoVersionsSchema } } },
      async (req) => versions.ofVideo(req.actor, req.params.id),
    );
    app.post(
      '/api/dashboard/videos/:id/versions/:version/publish',
      {
        schema: {
          tags,
          summary: 'Roll back: make an earlier version the published one, saying why (the owner only)',
          params: versionParams,
          body: rollbackInputSchema,
          response: { 200: videoVersionsSchema },
        },
      },
      async (req) => versions.rollBack(req.actor, req.params.id, req.params.version, req.body),
    );
    app.delete(
      '/api/dashboard/videos/:id/versions/:version',
      { schema: { tags, summary: 'Delete an old (not published) version and its files', params: versionParams, response: { 200: videoVersionsSchema } } },
      async (req) => versions.deleteVersion(req.actor, req.params.id, req.params.version),
    );

    app.get(
      '/api/dashboard/analytics',
      {
        schema: {
          tags,
          summary: 'Viewing figures of all my videos or one, over a period',
          querystring: analyticsQuerySchema,
          response: { 200: analyticsSchema },
        },
      },
      async (req) => analytics.analytics(req.actor, req.query),
    );
  };
}
