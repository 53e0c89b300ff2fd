// Once a day: anonymous visitors' support chats that have been quiet for longer than
// CHAT_ANONYMOUS_EXPIRY_DAYS are deleted (a signed-in user's conversation stays with the account).
import type { ChatRepository } from '../modules/chat/chat.repository.js';
import { defineJob } from '../platform/jobs/queue.js';

export function chatCleanupJob(deps: { chat: Pick<ChatRepository, 'deleteAnonymousBefore'>; expiryDays: number; clock?: () => Date }) {
  const now = deps.clock ?? (() => new Date());
  return defineJob('chat-cleanup', { retryLimit: 2, retryDelay: 300, expireInSeconds: 15 * 60 }, async (_payload, context) => {
    const deleted = await deps.chat.deleteAnonymousBefore(new Date(now().getTime() - deps.expiryDays * 86_400_000));
    if (deleted) context.log.info({ deleted }, 'chat: expired anonymous conversations deleted');
  });
}
