// The federated sign-in endpoints, answered by better-auth itself: the start of a provider sign-in
// (POST /api/auth/sign-in/social or /sign-in/oauth2) and the provider's return (callback). Only
// these paths reach the library over HTTP; every other flow goes through our validated routes.
import type { FastifyPluginAsync } from 'fastify';
import type { Auth } from '../../platform/auth.js';
import type { RateLimiter } from '../../platform/rate-limiter.js';
import { webHeaders } from '../session/session.http.js';
import { AUTH_LIMITS } from './auth.service.js';

export function federatedRoutes(auth: Auth, limiter: RateLimiter, baseUrl: string): FastifyPluginAsync {
  return async (app) => {
    const forward: Parameters<typeof app.route>[0]['handler'] = async (request, reply) => {
      await limiter.consume([{ key: `sign-in:ip:${request.ip}`, limit: AUTH_LIMITS.signInPerIp }]);
      const url = new URL(request.url, baseUrl);
      const hasBody = request.method !== 'GET' && request.body !== undefined;
      const response = await auth.handler(
        new Request(url, {
          method: request.method,
          headers: webHeaders(request),
          body: hasBody ? JSON.stringify(request.body) : undefined,
        }),
      );
      reply.status(response.status);
      response.headers.forEach((value, name) => {
        if (name !== 'set-cookie') reply.header(name, value);
      });
      const cookies = response.headers.getSetCookie();
      if (cookies.length > 0) reply.header('set-cookie', cookies);
      return reply.send(Buffer.from(await response.arrayBuffer()));
    };
    app.route({ method: 'POST', url: '/api/auth/sign-in/social', handler: forward });
    app.route({ method: 'POST', url: '/api/auth/sign-in/oauth2', handler: forward });
    app.route({ method: ['GET', 'POST'], url: '/api/auth/callback/:providerId', handler: forward });
    app.route({ method: ['GET', 'POST'], url: '/api/auth/oauth2/callback/:providerId', handler: forward });
  };
}
