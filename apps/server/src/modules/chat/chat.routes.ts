// HTTP for the support chat: the widget's calls (signed in, or an anonymous visitor identified by
// the `x-chat-visitor: <id>.<secret>` header from their browser) and the support console's.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  chatMessageSchema,
  chatVisitorSchema,
  conversationStatusSchema,
  sendChatMessageSchema,
  supportConversationDetailSchema,
  supportConversationListSchema,
  supportConversationQuerySchema,
  supportReplySchema,
  visitorConversationSchema,
} from '@ipsv/contracts/chat';
import { AppError } from '../../platform/app-error.js';
import { signedIn } from '../session/actor.js';
import { webHeaders } from '../session/session.http.js';
import type { SessionService } from '../session/session.service.js';
import type { SupportConsoleService } from './support-console.service.js';
import type { ChatIdentity, VisitorChatService } from './visitor-chat.service.js';

const VISITOR_HEADER = 'x-chat-visitor';
const conversationParams = z.object({ id: z.string().regex(/^\d{1,18}$/, 'Not a conversation id') });
const presenceBody = z.object({ connection: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/), present: z.boolean() });

export function chatRoutes(deps: { sessions: SessionService; visitors: VisitorChatService; support: SupportConsoleService }): FastifyPluginAsyncZod {
  const { visitors, support } = deps;
  const requireSignedIn = signedIn(deps.sessions);

  /** The signed-in user, else the anonymous visitor of the header, else nobody (401). */
  async function identityOf(request: FastifyRequest): Promise<ChatIdentity> {
    const session = await deps.sessions.current(webHeaders(request));
    if (session) {
      const { user } = session;
      return { kind: 'user', userId: user.id, email: user.email, name: `${user.firstName ?? ''} ${user.lastName ?? ''}`.trim() };
    }
    const [id, secret] = String(request.headers[VISITOR_HEADER] ?? '').split('.');
    const visitor = chatVisitorSchema.safeParse({ id, secret });
    if (!visitor.success) throw new AppError('NOT_SIGNED_IN');
    return { kind: 'anonymous', visitorId: visitor.data.id, secret: visitor.data.secret };
  }

  return async (app) => {
    const tags = ['chat'];
    app.addHook('onSend', async (_request, reply) => {
      reply.header('cache-control', 'no-store');
    });

    app.get(
      '/api/chat',
      { schema: { tags, summary: 'My support conversation (also the 3 s polling of an open widget)', response: { 200: visitorConversationSchema } } },
      async (request) => visitors.view(await identityOf(request)),
    );
    app.post(
      '/api/chat/messages',
      { schema: { tags, summary: 'Write to the support team', body: sendChatMessageSchema, response: { 200: chatMessageSchema } } },
      async (request) => visitors.send(await identityOf(request), request.ip, request.body),
    );
    app.post('/api/chat/typing', { schema: { tags, summary: 'I am typing (shown on the support console)' } }, async (request, reply) => {
      await visitors.typing(await identityOf(request));
      return reply.code(204).send();
    });
    app.post('/api/chat/read', { schema: { tags, summary: 'I have read the replies (clears the unread badge)' } }, async (request, reply) => {
      await visitors.read(await identityOf(request));
      return reply.code(204).send();
    });
    app.post(
      '/api/chat/merge',
      { onRequest: requireSignedIn, schema: { tags, summary: 'Keep the conversation I had before signing in', body: chatVisitorSchema } },
      async (request, reply) => {
        const { actor } = request;
        await visitors.merge({ kind: 'user', userId: actor.id, email: actor.email, name: '' }, { visitorId: request.body.id, secret: request.body.secret });
        return reply.code(204).send();
      },
    );

    // ---- The support console (support and admin roles)
    const consoleTags = ['support'];
    app.get(
      '/api/support/conversations',
      {
        onRequest: requireSignedIn,
        schema: {
          tags: consoleTags,
          summary: 'Conversations, newest first',
          querystring: supportConversationQuerySchema,
          response: { 200: supportConversationListSchema },
        },
      },
      async (request) => support.list(request.actor, request.query),
    );
    app.get(
      '/api/support/conversations/:id',
      {
        onRequest: requireSignedIn,
        schema: {
          tags: consoleTags,
          summary: 'One conversation (reading it clears its unread count)',
          params: conversationParams,
          response: { 200: supportConversationDetailSchema },
        },
      },
      async (request) => support.detail(request.actor, request.params.id),
    );
    app.post(
      '/api/support/conversations/:id/claim',
      { onRequest: requireSignedIn, schema: { tags: consoleTags, summary: 'Take the conversation', params: conversationParams } },
      async (request, reply) => {
        await support.claim(request.actor, request.params.id);
        return reply.code(204).send();
      },
    );
    app.post(
      '/api/support/conversations/:id/messages',
      { onRequest: requireSignedIn, schema: { tags: consoleTags, summary: 'Reply', params: conversationParams, body: supportReplySchema } },
      async (request, reply) => {
        await support.reply(request.actor, request.params.id, request.body.text);
        return reply.code(204).send();
      },
    );
    app.post(
      '/api/support/conversations/:id/typing',
      { onRequest: requireSignedIn, schema: { tags: consoleTags, summary: 'I am typing (shown in the visitor’s widget)', params: conversationParams } },
      async (request, reply) => {
        await support.typing(request.actor, request.params.id);
        return reply.code(204).send();
      },
    );
    app.put(
      '/api/support/conversations/:id/status',
      { onRequest: requireSignedIn, schema: { tags: consoleTags, summary: 'Close or reopen', params: conversationParams, body: conversationStatusSchema } },
      async (request, reply) => {
        await support.setStatus(request.actor, request.params.id, request.body.status);
        return reply.code(204).send();
      },
    );
    app.post(
      '/api/support/presence',
      { onRequest: requireSignedIn, schema: { tags: consoleTags, summary: 'The console is open (every ~20 s), or closing', body: presenceBody } },
      async (request, reply) => {
        if (request.body.present) await support.present(request.actor, request.body.connection);
        else await support.leave(request.actor, request.body.connection);
        return reply.code(204).send();
      },
    );
  };
}
