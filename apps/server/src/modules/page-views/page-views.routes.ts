import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBodySchema } from '@ipsv/contracts/errors';
import { recordPageViewSchema } from '@ipsv/contracts/page-views';
import type { SessionService } from '../session/session.service.js';
import type { PageViewsService } from './page-views.service.js';

export function pageViewsRoutes(deps: { pageViews: PageViewsService; sessions: SessionService }): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/api/page-views',
      {
        schema: {
          tags: ['analytics'],
          summary: 'Record a page view (sent only with advertising consent)',
          body: recordPageViewSchema,
          response: { 204: z.null().describe('Recorded'), 400: errorBodySchema },
        },
      },
      async (request, reply) => {
        const user = await deps.sessions.currentUser(request.headers);
        await deps.pageViews.record(request.body.path, user);
        return reply.status(204).send(null);
      },
    );
  };
}
