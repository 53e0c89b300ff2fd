// HTTP for the instance's policies (administrators only; read-only: the environment decides).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { instanceSettingsSchema } from '@ipsv/contracts/instance-settings';
import { signedIn } from '../session/actor.js';
import type { SessionService } from '../session/session.service.js';
import type { InstanceSettingsService } from './instance-settings.service.js';

export function instanceSettingsRoutes(deps: { sessions: SessionService; settings: InstanceSettingsService }): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook('onRequest', signedIn(deps.sessions));
    app.get(
      '/api/admin/settings',
      { schema: { tags: ['admin'], summary: "The instance's policies, such as automatic publication (admin)", response: { 200: instanceSettingsSchema } } },
      async (req, reply) => {
        reply.header('cache-control', 'no-store');
        return deps.settings.read(req.actor);
      },
    );
  };
}
