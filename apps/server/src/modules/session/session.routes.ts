import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sessionResponseSchema } from '@ipsv/contracts/session';
import type { AuthSessionsService } from '../auth/auth-sessions.service.js';
import { callerOf, sendCookies, webHeaders } from './session.http.js';
import type { SessionService } from './session.service.js';

export function sessionRoutes(sessions: SessionService, auth: AuthSessionsService): FastifyPluginAsyncZod {
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
        const current = await sessions.current(webHeaders(request));
        return { user: current?.user ?? null };
      },
    );
    app.delete('/api/session', { schema: { tags: ['session'], summary: 'Sign out on this device' } }, async (request, reply) => {
      const { cookies } = await auth.signOut(callerOf(request));
      sendCookies(reply, cookies);
      return reply.status(204).send();
    });
  };
}
