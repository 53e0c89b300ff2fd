// HTTP for discovery: the search (spec section 7 search-videos), cards by ids (video-by-ids) and the
// access check of a card click. Thin: the contracts schema parses the query at the edge.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { searchQuerySchema, searchResultSchema, videoAccessSchema, videoByIdsQuerySchema, videoCardsSchema } from '@ipsv/contracts/search';
import { videoIdSchema } from '@ipsv/contracts/videos';
import { AppError } from '../../platform/app-error.js';
import { signedIn } from '../session/actor.js';
import type { SessionService } from '../session/session.service.js';
import type { SearchService } from './search.service.js';

export function searchRoutes(deps: { sessions: SessionService; search: SearchService }): FastifyPluginAsyncZod {
  const { search } = deps;
  const tags = ['discovery'];
  return async (app) => {
    app.addHook('onRequest', signedIn(deps.sessions));
    // Answers depend on who asks and carry signed links: never kept by a shared cache.
    app.addHook('onSend', async (_request, reply) => {
      reply.header('cache-control', 'private, no-store');
    });

    app.get(
      '/api/search',
      {
        schema: {
          tags,
          summary: 'Search published videos the caller may watch: text, filters, sort, paging, facet counts',
          querystring: searchQuerySchema,
          response: { 200: searchResultSchema },
        },
      },
      async (request) => search.search(request.actor, request.query),
    );

    app.get(
      '/api/search/by-ids',
      {
        schema: {
          tags,
          summary: 'Cards of the given videos the caller may watch, in the order asked (video-by-ids)',
          querystring: videoByIdsQuerySchema,
          response: { 200: videoCardsSchema },
        },
      },
      async (request) => ({ results: await search.byIds(request.actor, request.query.ids) }),
    );

    app.get(
      '/api/videos/:id/access',
      {
        schema: {
          tags,
          summary: 'Whether the caller may watch the video (401 with the spec message when not)',
          params: z.object({ id: videoIdSchema }),
          response: { 200: videoAccessSchema },
        },
      },
      async (request) => {
        if (!(await search.access(request.actor, request.params.id))) throw new AppError('NO_ACCESS');
        return { access: true };
      },
    );
  };
}
