import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBodySchema } from '@ipsv/contracts/errors';
import { recordPageViewSchema } from '@ipsv/contracts/page-views';
import { webHeaders } from '../session/session.http.js';
import type { SessionService } from '../session/session.service.js';
import type { PageViewsService } from './page-views.service.js';

export function pageViewsRoutes(deps: { pageViews: PageViewsService; sessions: SessionService; perMinute: number }): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/api/page-views',
      {
        config: { rateLimit: { max: deps.perMinute, timeWindow: '1 minute' } },
        schema: {
          tags: ['analytics'],
          summary: 'Record a page view (sent only with advertising consent)',
          body: recordPageViewSchema,
          response: { 204: z.null().describe('Recorded'), 400: errorBodySchema, 429: errorBodySchema },
        },
      },
      async (request, reply) => {
        const current = await deps.sessions.current(webHeaders(request));
        await deps.pageViews.record(request.body.path, current?.user ?? null);
        return reply.status(204).send(null);
      },
    );
  };
}
