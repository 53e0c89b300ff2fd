// Emails to the support team about chats started while nobody of them is online, batched per
// period: the first new conversation of a period is told at once; the ones after it in that period
// are told together in one email when the period ends (job chat-offline-digest), listing those
// still unanswered. However many chats arrive, each recipient gets at most two emails a period.
import type { Mailer } from '../../platform/mail/mail.js';
import type { Queue } from '../../platform/jobs/queue.js';
import { emailTexts, fillTemplate } from '../auth/auth-emails.js';
import type { ChatRepository } from './chat.repository.js';

/** The batching period of the offline notices. */
export const OFFLINE_NOTICE_PERIOD_SECONDS = 15 * 60;

export type SupportAddresses = () => Promise<{ email: string; firstName: string; language: string | null }[]>;

export function createOfflineNotices(deps: {
  chat: Pick<ChatRepository, 'countOfflineNotice' | 'unansweredSince'>;
  mailer: Mailer;
  queue: Pick<Queue, 'send'>;
  publicUrl: string;
  supportAddresses: SupportAddresses;
  log: { warn(details: object, message: string): void };
}) {
  const base = deps.publicUrl.replace(/\/$/, '');
  const send = async (message: Parameters<Mailer['send']>[0]) =>
    deps.mailer.send(message).catch((error: unknown) => deps.log.warn({ err: error }, 'the support team could not be emailed about new chats'));

  return {
    /** A conversation began while nobody was online: told now, or gathered for the period's digest. */
    async newConversation(conversationId: number, name: string, text: string): Promise<void> {
      const { count, periodStart, secondsLeft } = await deps.chat.countOfflineNotice(OFFLINE_NOTICE_PERIOD_SECONDS);
      if (count === 1) {
        const url = `${base}/support?conversation=${conversationId}`;
        for (const person of await deps.supportAddresses()) {
          const texts = emailTexts(person.language).supportChat;
          await send({
            to: person.email,
            subject: fillTemplate(texts.newConversationSubject, { name }),
            text: fillTemplate(texts.newConversationBody, { name, text, url }),
          });
        }
      } else if (count === 2) {
        // The second of the period queues its digest, once (the count is decided in one statement).
        await deps.queue.send('chat-offline-digest', { since: periodStart.toISOString() }, { startAfterSeconds: Math.ceil(secondsLeft) + 1 });
      }
    },

    /** The period's digest: the conversations begun since its start that are still unanswered. */
    async sendDigest(since: Date): Promise<number> {
      // A few seconds before the period: a chat created just before the first one counted is not missed.
      const waiting = await deps.chat.unansweredSince(new Date(since.getTime() - 10_000));
      if (waiting.length === 0) return 0;
      const list = waiting.map((c) => `${base}/support?conversation=${c.id}`).join('\n');
      for (const person of await deps.supportAddresses()) {
        const texts = emailTexts(person.language).supportChat;
        await send({
          to: person.email,
          subject: fillTemplate(texts.waitingSubject, { count: String(waiting.length) }),
          text: fillTemplate(texts.waitingBody, { count: String(waiting.length), list, url: `${base}/support` }),
        });
      }
      return waiting.length;
    },
  };
}
export type OfflineNotices = ReturnType<typeof createOfflineNotices>;

/** Who is told: SUPPORT_EMAIL when set, else every support and admin user. */
export const supportAddressesOf =
  (supportEmails: readonly string[] | undefined, users: { usersWithRole(roles: ('support' | 'admin')[]): ReturnType<SupportAddresses> }): SupportAddresses =>
  async () =>
    supportEmails?.length ? supportEmails.map((email) => ({ email, firstName: '', language: null })) : users.usersWithRole(['support', 'admin']);
