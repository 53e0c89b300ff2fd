// GET /api/health: liveness plus a real database round trip, for load balancers and operators.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { healthResponseSchema } from '@ipsv/contracts/health';

export function healthRoutes(deps: { ping: () => Promise<boolean>; version: string }): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/health',
      {
        schema: {
          tags: ['system'],
          summary: 'Service and database health',
          response: { 200: healthResponseSchema, 503: healthResponseSchema },
        },
      },
      async (_request, reply) => {
        const databaseOk = await deps.ping();
        const body = {
          status: databaseOk ? ('ok' as const) : ('degraded' as const),
          database: databaseOk ? ('ok' as const) : ('unreachable' as const),
          version: deps.version,
          uptimeSeconds: Math.round(process.uptime()),
        };
        return reply.status(databaseOk ? 200 : 503).send(body);
      },
    );
  };
}
