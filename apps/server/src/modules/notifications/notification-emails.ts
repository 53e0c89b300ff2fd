// Notification emails in the recipient's language (server locale files, `notifications.*`), with a
// link to the page that acts on it and a link that turns this kind of email off without signing in.
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { NotificationType } from '@ipsv/contracts/notifications';
import type { MailMessage } from '../../platform/mail/mail.js';
import { emailTexts, fillTemplate, letter, type Recipient } from '../auth/auth-emails.js';

export interface EmailedNotification {
  type: NotificationType;
  params: Record<string, string | number | boolean | string[]>;
  link: string;
}

/** The params as words of the recipient's language: decisions, upload reasons and review waits are codes. */
function flatten(params: EmailedNotification['params'], texts: ReturnType<typeof emailTexts>['notifications']): Record<string, string> {
  const word = (table: Record<string, string>, code: string) => table[code] ?? code;
  return Object.fromEntries(
    Object.entries(params).map(([key, value]) => {
      if (key === 'decision') return [key, word(texts.decisions, String(value))];
      if (key === 'reasons' && Array.isArray(value)) return [key, value.map((code) => word(texts.reasons, code)).join(', ')];
      if (key === 'waiting') return [key, fillTemplate(word(texts.waiting, String(value)), { times: String(params.times ?? '') })];
      return [key, Array.isArray(value) ? value.join(', ') : String(value)];
    }),
  );
}

/** The HMAC-signed unsubscribe address for one user and one type. */
export function unsubscribeUrl(publicUrl: string, secret: string, userId: string, type: NotificationType): string {
  const query = new URLSearchParams({ u: userId, t: type, s: unsubscribeSignature(secret, userId, type) });
  return `${publicUrl.replace(/\/$/, '')}/api/notifications/unsubscribe?${query}`;
}

export function unsubscribeSignature(secret: string, userId: string, type: string): string {
  return createHmac('sha256', `unsubscribe:${secret}`).update(`${userId}\n${type}`).digest('base64url');
}

export function validUnsubscribe(secret: string, userId: string, type: string, signature: string): boolean {
  const expected = Buffer.from(unsubscribeSignature(secret, userId, type));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/** One event, as its own email. */
export function notificationEmail(recipient: Recipient, notification: EmailedNotification, links: { open: string; unsubscribe: string }): MailMessage {
  const texts = emailTexts(recipient.language).notifications;
  const event = texts.types[notification.type];
  const values = flatten(notification.params, texts);
  return {
    to: recipient.email,
    subject: fillTemplate(event.subject, values),
    text: letter(emailTexts(recipient.language), recipient, [
      fillTemplate(event.body, values),
      // Why a video waits for its review although automatic publication was asked for.
      ...(values.waiting ? [values.waiting] : []),
      fillTemplate(texts.open, { url: links.open }),
      fillTemplate(texts.unsubscribe, { url: links.unsubscribe }),
    ]),
  };
}

/** The day's events of the types the user receives daily, in one email. */
export function digestEmail(recipient: Recipient, items: (EmailedNotification & { open: string })[], unsubscribeLinks: string[]): MailMessage {
  const texts = emailTexts(recipient.language).notifications;
  const lines = items.map((item) => `- ${fillTemplate(texts.types[item.type].subject, flatten(item.params, texts))}\n  ${item.open}`);
  return {
    to: recipient.email,
    subject: fillTemplate(texts.digestSubject, { count: items.length }),
    text: letter(emailTexts(recipient.language), recipient, [
      texts.digestIntro,
      lines.join('\n'),
      ...unsubscribeLinks.map((url) => fillTemplate(texts.unsubscribe, { url })),
    ]),
  };
}
