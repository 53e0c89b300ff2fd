// The federated sign-in endpoints, answered by better-auth itself: the start of a provider sign-in
// (POST /api/auth/sign-in/social or /sign-in/oauth2) and the provider's return (callback). Only
// these paths reach the library over HTTP; every other flow goes through our validated routes.
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { FederatedProvider } from '@ipsv/contracts/auth';
import { AppError } from '../../platform/app-error.js';
import type { Auth } from '../../platform/auth/auth.js';
import type { RateLimiter } from '../../platform/database/rate-limiter.js';
import { webHeaders } from '../session/session.http.js';
import { AUTH_LIMITS } from './auth-toolkit.js';

/** The provider a federated request names: in the path for callbacks, in the body to start. */
function providerOf(request: FastifyRequest): string | null {
  const params = request.params as { providerId?: string } | undefined;
  if (params?.providerId) return params.providerId;
  const body = request.body as { provider?: unknown; providerId?: unknown } | undefined;
  const named = body?.provider ?? body?.providerId;
  return typeof named === 'string' ? named : null;
}

export function federatedRoutes(auth: Auth, limiter: RateLimiter, baseUrl: string, configured: readonly FederatedProvider[]): FastifyPluginAsync {
  const known = new Set<string>(configured);
  return async (app) => {
    const forward: Parameters<typeof app.route>[0]['handler'] = async (request, reply) => {
      // A provider that is not configured does not exist here: 404, and no budget spent on it.
      const provider = providerOf(request);
      if (!provider || !known.has(provider)) throw new AppError('PROVIDER_NOT_CONFIGURED');
      // Their own budget: starting a provider sign-in must not use up the password sign-in allowance.
      await limiter.consume([{ key: `federated:ip:${request.ip}`, limit: AUTH_LIMITS.federatedPerIp }]);
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
