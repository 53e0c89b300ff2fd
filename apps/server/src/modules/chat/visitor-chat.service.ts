// The chat widget's side of the support chat (spec section 2 "Chat widget", section 4 "Chat",
// section 5 "Chat"): a visitor — signed in, or anonymous with a random id and secret from their
// browser — writes to the support team, sees the replies on every device where they are signed in,
// and keeps an anonymous conversation when they sign in. Only the visitor reads their conversation.
import { createHash, timingSafeEqual } from 'node:crypto';
import type { ChatMessage, VisitorConversation } from '@ipsv/contracts/chat';
import { AppError } from '../../platform/app-error.js';
import type { RateLimiter } from '../../platform/database/rate-limiter.js';
import type { LiveAudience, LivePublisher } from '../live/live-publisher.js';
import type { ChatRepository, ConversationRow, MessageRow } from './chat.repository.js';
import type { OfflineNotices } from './offline-notices.js';

export type ChatIdentity = { kind: 'user'; userId: string; name: string; email: string } | { kind: 'anonymous'; visitorId: string; secret: string };

/** How recent a typing signal must be to show "typing...". */
export const TYPING_SECONDS = 6;
export const CHAT_LIMITS = {
  messagesPerVisitor: { max: 20, windowSeconds: 60 },
  messagesPerAddress: { max: 60, windowSeconds: 60 },
  signalsPerVisitor: { max: 60, windowSeconds: 60 },
};

const hash = (secret: string) => createHash('sha256').update(secret).digest('hex');
const sameHash = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));
const recent = (at: Date | null, seconds: number) => at !== null && Date.now() - at.getTime() < seconds * 1000;

export const toChatMessage = (row: MessageRow, viewerIsVisitor: boolean): ChatMessage => ({
  id: String(row.id),
  text: row.text,
  isUser: viewerIsVisitor ? !row.fromSupport : row.fromSupport,
  timestamp: row.createdAt.toISOString(),
});

export const audienceOf = (conversation: Pick<ConversationRow, 'userId' | 'visitorId'>): LiveAudience =>
  conversation.userId ? { userId: conversation.userId } : { visitorId: conversation.visitorId ?? '' };

export function createVisitorChatService(deps: {
  chat: ChatRepository;
  live: LivePublisher;
  limiter: RateLimiter;
  /** Tells the support team of a conversation begun while none of them is online (batched per period). */
  notices: Pick<OfflineNotices, 'newConversation'>;
}) {
  const { chat, live, limiter } = deps;

  /** The visitor's conversation, or null; an anonymous id with another secret is someone else's. */
  async function conversationOf(identity: ChatIdentity): Promise<ConversationRow | null> {
    if (identity.kind === 'user') return chat.byUser(identity.userId);
    const conversation = await chat.byVisitor(identity.visitorId);
    if (conversation && !sameHash(conversation.visitorSecretHash ?? '', hash(identity.secret))) throw new AppError('CHAT_VISITOR_UNKNOWN');
    return conversation;
  }

  const rateKey = (identity: ChatIdentity) => (identity.kind === 'user' ? `user:${identity.userId}` : `visitor:${identity.visitorId}`);

  return {
    /** Verifies an anonymous visitor (the live socket): their own secret, or an id not used yet. */
    async verify(visitorId: string, secret: string): Promise<boolean> {
      const conversation = await chat.byVisitor(visitorId);
      return !conversation || sameHash(conversation.visitorSecretHash ?? '', hash(secret));
    },

    async view(identity: ChatIdentity): Promise<VisitorConversation> {
      const conversation = await conversationOf(identity);
      const online = await chat.supportOnline();
      if (!conversation) return { id: null, messages: [], unread: 0, online, supportTyping: false };
      await chat.update(conversation.id, { visitorSeenAt: new Date() });
      return {
        id: String(conversation.id),
        messages: (await chat.messages(conversation.id)).map((row) => toChatMessage(row, true)),
        unread: await chat.unreadForVisitor(conversation),
        online,
        supportTyping: recent(conversation.supportTypingAt, TYPING_SECONDS),
      };
    },

    async send(identity: ChatIdentity, ip: string, input: { text: string; page?: string; language?: string }): Promise<ChatMessage> {
      await limiter.consume([
        { key: `chat:${rateKey(identity)}`, limit: CHAT_LIMITS.messagesPerVisitor },
        { key: `chat:ip:${ip}`, limit: CHAT_LIMITS.messagesPerAddress },
      ]);
      let conversation = await conversationOf(identity);
      const starting = !conversation || conversation.status === 'closed';
      conversation ??= await chat.create(
        identity.kind === 'user'
          ? { userId: identity.userId, visitorId: null, visitorSecretHash: null, page: input.page ?? null, language: input.language ?? null }
          : {
              userId: null,
              visitorId: identity.visitorId,
              visitorSecretHash: hash(identity.secret),
              page: input.page ?? null,
              language: input.language ?? null,
            },
      );
      await chat.update(conversation.id, {
        visitorSeenAt: new Date(),
        visitorReadAt: new Date(),
        visitorTypingAt: null,
        ...(input.page ? { page: input.page } : {}),
        ...(input.language ? { language: input.language } : {}),
      });
      const message = await chat.addMessage(conversation.id, { fromSupport: false, authorId: null, text: input.text.trim() });
      await live.publish({ support: true }, { type: 'chat', conversationId: String(conversation.id) });
      await live.publish(audienceOf(conversation), { type: 'chat', conversationId: String(conversation.id) });
      if (starting && !(await chat.supportOnline())) {
        const name = identity.kind === 'user' ? identity.name || identity.email : identity.visitorId;
        await deps.notices.newConversation(conversation.id, name, input.text.trim());
      }
      return toChatMessage(message, true);
    },

    /** "Visitor is typing..." on the support console. */
    async typing(identity: ChatIdentity): Promise<void> {
      await limiter.consume([{ key: `chat-signal:${rateKey(identity)}`, limit: CHAT_LIMITS.signalsPerVisitor }]);
      const conversation = await conversationOf(identity);
      if (!conversation) return;
      await chat.update(conversation.id, { visitorTypingAt: new Date(), visitorSeenAt: new Date() });
      await live.publish({ support: true }, { type: 'chat-typing', conversationId: String(conversation.id), by: 'visitor' });
    },

    /** Opening the window clears the unread count (spec section 4 "Chat"). */
    async read(identity: ChatIdentity): Promise<void> {
      const conversation = await conversationOf(identity);
      if (conversation) await chat.update(conversation.id, { visitorReadAt: new Date(), visitorSeenAt: new Date() });
    },

    /** A visitor who signs in keeps what they wrote anonymously: it joins their account's conversation. */
    async merge(user: Extract<ChatIdentity, { kind: 'user' }>, visitor: { visitorId: string; secret: string }): Promise<void> {
      const anonymous = await conversationOf({ kind: 'anonymous', ...visitor });
      if (!anonymous) return;
      const own = await chat.byUser(user.userId);
      if (own) await chat.mergeInto(anonymous.id, own.id);
      else await chat.update(anonymous.id, { userId: user.userId, visitorId: null, visitorSecretHash: null });
      await live.publish({ support: true }, { type: 'chat', conversationId: String(own?.id ?? anonymous.id) });
    },
  };
}
export type VisitorChatService = ReturnType<typeof createVisitorChatService>;
