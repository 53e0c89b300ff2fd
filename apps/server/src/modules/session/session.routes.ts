import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sessionResponseSchema } from '@ipsv/contracts/session';
import type { SessionService } from './session.service.js';

export function sessionRoutes(sessions: SessionService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/session',
      {
        schema: {
          tags: ['session'],
          summary: 'The signed-in user, or null',
          response: { 200: sessionResponseSchema },
        },
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        return { user: await sessions.currentUser(request.headers) };
      },
    );
    app.delete(
      '/api/session',
      {
        schema: {
          tags: ['session'],
          summary: 'Sign out on this device',
          response: { 204: z.null().describe('Signed out') },
        },
      },
      async (request, reply) => {
        await sessions.signOut(request.headers);
        return reply.status(204).send(null);
      },
    );
  };
}
