// HTTP for feedback to the platform team. Thin: contracts schemas at the edge, one service method.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminFeedbackQuerySchema, feedbackAnswerSchema, feedbackIdSchema, feedbackInputSchema, feedbackListSchema } from '@ipsv/contracts/feedback';
import { signedIn } from '../session/actor.js';
import type { SessionService } from '../session/session.service.js';
import type { FeedbackService } from './feedback.service.js';

const page = z.object({ page: z.coerce.number().int().min(1).max(100_000).default(1) });

export function feedbackRoutes(deps: { sessions: SessionService; feedback: FeedbackService }): FastifyPluginAsyncZod {
  const { feedback } = deps;
  const tags = ['feedback'];
  return async (app) => {
    app.addHook('onRequest', signedIn(deps.sessions));
    app.addHook('onSend', async (_request, reply) => {
      reply.header('cache-control', 'no-store');
    });
    app.post(
      '/api/feedback',
      { schema: { tags, summary: 'Send feedback to the platform team', body: feedbackInputSchema, response: { 201: z.object({ id: z.number() }) } } },
      async (req, reply) => reply.code(201).send(await feedback.send(req.actor, req.body)),
    );
    app.get(
      '/api/feedback',
      { schema: { tags, summary: 'My feedback with the answers (paged)', querystring: page, response: { 200: feedbackListSchema } } },
      async (req) => feedback.mine(req.actor, req.query.page),
    );
    app.get(
      '/api/admin/feedback',
      {
        schema: {
          tags,
          summary: "Everyone's feedback, for administrators (paged)",
          querystring: adminFeedbackQuerySchema,
          response: { 200: feedbackListSchema },
        },
      },
      async (req) => feedback.all(req.actor, req.query.open === undefined ? undefined : req.query.open === 'true', req.query.page),
    );
    app.post(
      '/api/admin/feedback/:id/answer',
      { schema: { tags, summary: 'Answer feedback (the sender is told)', params: z.object({ id: feedbackIdSchema }), body: feedbackAnswerSchema } },
      async (req, reply) => {
        await feedback.answer(req.actor, req.params.id, req.body.answer);
        return reply.code(204).send();
      },
    );
  };
}
