// HTTP for licensing: thin, the contracts schemas parse each request, the service decides who may.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  licenceChoiceSchema,
  licenceDecisionSchema,
  licenceRequestIdSchema,
  licenceRequestInputSchema,
  licenceRequestSchema,
  licenceRequestsSchema,
  videoLicenceSchema,
} from '@ipsv/contracts/licences';
import { videoIdSchema } from '@ipsv/contracts/videos';
import { signedIn } from '../session/actor.js';
import type { SessionService } from '../session/session.service.js';
import type { LicencesService } from './licences.service.js';

const video = z.object({ id: videoIdSchema });
const request = z.object({ requestId: licenceRequestIdSchema });

export function licencesRoutes(deps: { sessions: SessionService; licences: LicencesService }): FastifyPluginAsyncZod {
  const { licences } = deps;
  const tags = ['licences'];
  return async (app) => {
    app.addHook('onRequest', signedIn(deps.sessions));
    app.addHook('onSend', async (_request, reply) => {
      reply.header('cache-control', 'no-store');
    });

    app.get(
      '/api/videos/:id/licence',
      { schema: { tags, summary: "A video's licence, my request for it and whether I may download", params: video, response: { 200: videoLicenceSchema } } },
      async (req) => licences.ofVideo(req.actor, req.params.id),
    );
    app.post(
      '/api/videos/:id/licence-requests',
      {
        schema: {
          tags,
          summary: 'Ask the provider for a licence',
          params: video,
          body: licenceRequestInputSchema,
          response: { 201: z.object({ id: z.number() }) },
        },
      },
      async (req, reply) => reply.code(201).send(await licences.request(req.actor, req.params.id, req.body)),
    );
    app.get(
      '/api/licences',
      { schema: { tags, summary: 'The licence requests I sent and their answers', response: { 200: licenceRequestsSchema } } },
      async (req) => licences.mine(req.actor),
    );
    app.get(
      '/api/licences/:requestId',
      {
        schema: {
          tags,
          summary: 'A licence record (its requester, the video owner, administrators)',
          params: request,
          response: { 200: licenceRequestSchema },
        },
      },
      async (req) => licences.record(req.actor, req.params.requestId),
    );
    app.put(
      '/api/dashboard/videos/:id/licence',
      { schema: { tags, summary: "Choose a video's licence (owner and administrators)", params: video, body: licenceChoiceSchema } },
      async (req, reply) => {
        await licences.setLicence(req.actor, req.params.id, req.body);
        return reply.code(204).send();
      },
    );
    app.get('/api/dashboard/licences', { schema: { tags, summary: 'Licence requests for my videos', response: { 200: licenceRequestsSchema } } }, async (req) =>
      licences.forMyVideos(req.actor),
    );
    app.post(
      '/api/dashboard/licence-requests/:requestId/decision',
      { schema: { tags, summary: 'Accept a licence request with terms, or decline it', params: request, body: licenceDecisionSchema } },
      async (req, reply) => {
        await licences.decide(req.actor, req.params.requestId, req.body);
        return reply.code(204).send();
      },
    );
  };
}
