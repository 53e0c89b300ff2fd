// The support console (/support, support and admin roles): conversations with their unread counts
// and the visitor's context, claiming one, replying, typing, closing and reopening, searching, and
// being "online" for the widgets while the console is open. A reply to a visitor who has left
// reaches them as a notification (and by email when they chose so).
import type { SupportConversation, SupportConversationDetail } from '@ipsv/contracts/chat';
import { AppError } from '../../platform/app-error.js';
import type { RateLimiter } from '../../platform/database/rate-limiter.js';
import type { LivePublisher } from '../live/live-publisher.js';
import type { Notifier } from '../notifications/notifier.js';
import type { ChatRepository, ConversationRow } from './chat.repository.js';
import { audienceOf, CHAT_LIMITS, toChatMessage, TYPING_SECONDS } from './visitor-chat.service.js';

interface Supporter {
  id: string;
  role: string;
}

/** A visitor who has not called the chat for this long has left: a reply becomes a notification. */
export const AWAY_SECONDS = 120;

function requireSupport(actor: Supporter): void {
  if (actor.role !== 'support' && actor.role !== 'admin') throw new AppError('SUPPORT_ONLY');
}

export function createSupportConsoleService(deps: { chat: ChatRepository; live: LivePublisher; notifier: Notifier; limiter: RateLimiter }) {
  const { chat, live } = deps;

  const load = async (id: string): Promise<ConversationRow> => {
    const conversation = /^\d{1,18}$/.test(id) ? await chat.byId(Number(id)) : null;
    if (!conversation) throw new AppError('CONVERSATION_NOT_FOUND');
    return conversation;
  };

  const summaries = async (rows: Awaited<ReturnType<ChatRepository['list']>>['rows']): Promise<SupportConversation[]> =>
    rows.map(({ conversation, email, firstName, lastName, claimerName, lastMessage, unread }) => ({
      id: String(conversation.id),
      status: conversation.status === 'closed' ? 'closed' : 'open',
      visitor: {
        kind: conversation.userId ? 'user' : 'anonymous',
        name: conversation.userId ? `${firstName ?? ''} ${lastName ?? ''}`.trim() || (email ?? '') : (conversation.visitorId ?? ''),
        email: email ?? null,
        page: conversation.page,
        language: conversation.language,
      },
      claimedBy: conversation.claimedBy ? { id: conversation.claimedBy, name: claimerName ?? '' } : null,
      lastMessage,
      lastMessageAt: conversation.lastMessageAt.toISOString(),
      unread,
    }));

  return {
    async list(actor: Supporter, query: { status?: 'open' | 'closed'; search?: string; page: number; pageSize: number }) {
      requireSupport(actor);
      const { rows, total } = await chat.list({ status: query.status, search: query.search }, (query.page - 1) * query.pageSize, query.pageSize);
      return { conversations: await summaries(rows), total };
    },

    /** One conversation with its messages; reading it clears its unread count. */
    async detail(actor: Supporter, id: string): Promise<SupportConversationDetail> {
      requireSupport(actor);
      const conversation = await load(id);
      await chat.update(conversation.id, { supportReadAt: new Date() });
      const { rows } = await chat.list({ id: conversation.id }, 0, 1);
      const [summary] = await summaries(rows);
      return {
        ...summary!,
        unread: 0,
        messages: await Promise.all(
          (await chat.messages(conversation.id)).map(async (row) => ({
            ...toChatMessage(row, false),
            author: row.fromSupport ? (row.authorId ? await chat.userName(row.authorId) : '') : summary!.visitor.name,
          })),
        ),
        visitorTyping: conversation.visitorTypingAt !== null && Date.now() - conversation.visitorTypingAt.getTime() < TYPING_SECONDS * 1000,
      };
    },

    async claim(actor: Supporter, id: string): Promise<void> {
      requireSupport(actor);
      const conversation = await load(id);
      await chat.update(conversation.id, { claimedBy: actor.id });
      await live.publish({ support: true }, { type: 'chat', conversationId: id });
    },

    async reply(actor: Supporter, id: string, text: string): Promise<void> {
      requireSupport(actor);
      await deps.limiter.consume([{ key: `chat:support:${actor.id}`, limit: { max: 120, windowSeconds: 60 } }]);
      const conversation = await load(id);
      await chat.addMessage(conversation.id, { fromSupport: true, authorId: actor.id, text: text.trim() });
      await chat.update(conversation.id, { supportReadAt: new Date(), supportTypingAt: null, claimedBy: conversation.claimedBy ?? actor.id, status: 'open' });
      await live.publish(audienceOf(conversation), { type: 'chat', conversationId: id });
      await live.publish({ support: true }, { type: 'chat', conversationId: id });
      const away = !conversation.visitorSeenAt || Date.now() - conversation.visitorSeenAt.getTime() > AWAY_SECONDS * 1000;
      if (away && conversation.userId) await deps.notifier.notify(conversation.userId, 'support_replied', { text: text.trim().slice(0, 200) }, '/?chat=open');
    },

    async typing(actor: Supporter, id: string): Promise<void> {
      requireSupport(actor);
      await deps.limiter.consume([{ key: `chat-signal:support:${actor.id}`, limit: CHAT_LIMITS.signalsPerVisitor }]);
      const conversation = await load(id);
      await chat.update(conversation.id, { supportTypingAt: new Date() });
      await live.publish(audienceOf(conversation), { type: 'chat-typing', conversationId: id, by: 'support' });
    },

    async setStatus(actor: Supporter, id: string, status: 'open' | 'closed'): Promise<void> {
      requireSupport(actor);
      const conversation = await load(id);
      await chat.update(conversation.id, { status });
      await live.publish({ support: true }, { type: 'chat', conversationId: id });
    },

    /** The console is open (called every ~20 s): the widgets show Online. */
    async present(actor: Supporter, connection: string): Promise<void> {
      requireSupport(actor);
      const wasOnline = await chat.supportOnline();
      await chat.markPresence(actor.id, connection);
      if (!wasOnline) await live.publish({ everyone: true }, { type: 'chat-presence', online: true });
    },

    async leave(actor: Supporter, connection: string): Promise<void> {
      requireSupport(actor);
      await chat.clearPresence(actor.id, connection);
      if (!(await chat.supportOnline())) await live.publish({ everyone: true }, { type: 'chat-presence', online: false });
    },
  };
}
export type SupportConsoleService = ReturnType<typeof createSupportConsoleService>;
