// HTTP for the landing page's curated part and the administrators' curation screen.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminCurationSchema,
  collectionIdParamsSchema,
  collectionInputSchema,
  collectionOrderSchema,
  highlightInputSchema,
  landingSchema,
} from '@ipsv/contracts/search';
import { signedIn } from '../session/actor.js';
import type { SessionService } from '../session/session.service.js';
import type { CurationService } from './curation.service.js';

export function curationRoutes(deps: { sessions: SessionService; curation: CurationService }): FastifyPluginAsyncZod {
  const { curation } = deps;
  const tags = ['discovery'];
  const admin = ['admin'];
  return async (app) => {
    app.addHook('onRequest', signedIn(deps.sessions));
    app.addHook('onSend', async (_request, reply) => {
      reply.header('cache-control', 'private, no-store');
    });

    app.get(
      '/api/landing',
      { schema: { tags, summary: 'Highlight of the month and curated collections (videos the caller may watch)', response: { 200: landingSchema } } },
      async (request) => curation.landing(request.actor),
    );

    app.get(
      '/api/admin/curation',
      { schema: { tags: admin, summary: 'Collections and highlights (admin)', response: { 200: adminCurationSchema } } },
      async (request) => curation.curation(request.actor),
    );

    app.post(
      '/api/admin/collections',
      { schema: { tags: admin, summary: 'Create a collection (admin)', body: collectionInputSchema, response: { 200: adminCurationSchema } } },
      async (request) => curation.saveCollection(request.actor, null, request.body),
    );

    app.put(
      '/api/admin/collections/:id',
      {
        schema: {
          tags: admin,
          summary: 'Change a collection (admin)',
          params: collectionIdParamsSchema,
          body: collectionInputSchema,
          response: { 200: adminCurationSchema },
        },
      },
      async (request) => curation.saveCollection(request.actor, request.params.id, request.body),
    );

    app.delete(
      '/api/admin/collections/:id',
      { schema: { tags: admin, summary: 'Delete a collection (admin)', params: collectionIdParamsSchema, response: { 200: adminCurationSchema } } },
      async (request) => curation.removeCollection(request.actor, request.params.id),
    );

    app.put(
      '/api/admin/collection-order',
      { schema: { tags: admin, summary: 'Order the collections (admin)', body: collectionOrderSchema, response: { 200: adminCurationSchema } } },
      async (request) => curation.reorderCollections(request.actor, request.body.ids),
    );

    app.put(
      '/api/admin/highlights',
      { schema: { tags: admin, summary: 'Set the highlight of a month (admin)', body: highlightInputSchema, response: { 200: adminCurationSchema } } },
      async (request) => curation.setHighlight(request.actor, request.body),
    );

    app.delete(
      '/api/admin/highlights/:month',
      {
        schema: {
          tags: admin,
          summary: 'Remove the highlight of a month (admin)',
          params: z.object({ month: highlightInputSchema.shape.month }),
          response: { 200: adminCurationSchema },
        },
      },
      async (request) => curation.removeHighlight(request.actor, request.params.month),
    );
  };
}
