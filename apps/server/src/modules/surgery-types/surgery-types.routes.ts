// GET /api/surgery-types (the spec's get-surgery-types call): the seeded list, in display order.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { surgeryTypesResponseSchema } from '@ipsv/contracts/surgery-types';
import type { SurgeryTypesRepository } from './surgery-types.repository.js';

export function surgeryTypesRoutes(repository: SurgeryTypesRepository): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/surgery-types',
      {
        schema: {
          tags: ['catalogue'],
          summary: 'Surgery types (procedures and specialties)',
          response: { 200: surgeryTypesResponseSchema },
        },
      },
      async () => ({ surgeryTypes: await repository.listAll() }),
    );
  };
}
