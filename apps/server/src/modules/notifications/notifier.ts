// Telling a user that something happened (a video ready for review, a request answered, a support
// reply...): stored for the in-app list, pushed to their open tabs at once, and emailed when they
// chose so for that type (now, or in the daily digest). Every module that has news for a user calls
// this; the texts are the web's and the emails' (by type, with the params).
import type { NotificationParams, NotificationType } from '@ipsv/contracts/notifications';
import type { Mailer } from '../../platform/mail/mail.js';
import type { LivePublisher } from '../live/live-publisher.js';
import { notificationEmail, unsubscribeUrl } from './notification-emails.js';
import { emailChoice } from './notification-preferences.js';
import type { NotificationsRepository } from './notifications.repository.js';

export interface Notifier {
  notify(userId: string, type: NotificationType, params: NotificationParams, link: string): Promise<void>;
}

export function createNotifier(deps: {
  notifications: NotificationsRepository;
  live: LivePublisher;
  mailer: Mailer;
  publicUrl: string;
  /** Signs unsubscribe links (the auth secret). */
  secret: string;
  log: { warn(details: object, message: string): void };
}): Notifier {
  const { notifications, live, mailer, publicUrl, secret } = deps;
  return {
    async notify(userId, type, params, link) {
      const row = await notifications.create({ userId, type, params, link });
      await live.publish({ userId }, { type: 'notification' });
      const recipient = await notifications.recipient(userId);
      if (!recipient) return;
      const choice = emailChoice((await notifications.preferences(userId))[type], type, recipient.role);
      if (choice !== 'immediately') return;
      try {
        await mailer.send(
          notificationEmail(
            recipient,
            { type, params, link },
            { open: `${publicUrl.replace(/\/$/, '')}${link}`, unsubscribe: unsubscribeUrl(publicUrl, secret, userId, type) },
          ),
        );
        await notifications.markEmailed([row.id]);
      } catch (error) {
        // The in-app notification stands; the mail is retried by the daily digest.
        deps.log.warn({ err: error, type }, 'a notification email could not be sent');
      }
    },
  };
}
