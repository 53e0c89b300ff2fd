// The user's notifications (spec section 4 "Notification paging": page 1 replaces, later pages
// append; marking one or all read), their email choices per type, and the unsubscribe link that
// needs no sign-in. Only the owner of a notification reads or marks it.
import {
  NOTIFICATION_TYPES,
  type NotificationList,
  type NotificationPreferences,
  type NotificationPreferencesView,
  type NotificationType,
  type UpdateNotificationStatus,
} from '@ipsv/contracts/notifications';
import { AppError } from '../../platform/app-error.js';
import { validUnsubscribe } from './notification-emails.js';
import { emailChoice, typesFor } from './notification-preferences.js';
import type { NotificationRow, NotificationsRepository } from './notifications.repository.js';

interface Reader {
  id: string;
  role: string;
}

const toNotification = (row: NotificationRow) => ({
  id: String(row.id),
  type: row.type as NotificationType,
  params: row.params,
  link: row.link,
  createdAt: row.createdAt.toISOString(),
  read: row.readAt !== null,
});

export function createNotificationsService(deps: { notifications: NotificationsRepository; secret: string }) {
  const { notifications } = deps;
  return {
    async list(reader: Reader, pageNumber: number, pageSize: number): Promise<NotificationList> {
      const { rows, total, unread } = await notifications.page(reader.id, (pageNumber - 1) * pageSize, pageSize);
      // Types of another version of the product, if any, are skipped rather than failing the list.
      const known = rows.filter((row) => (NOTIFICATION_TYPES as readonly string[]).includes(row.type));
      return { total, total_unread_messages: unread, notifications: known.map(toNotification) };
    },

    /** Spec `update-notification-status`: one notification (the reader's own), or all of them. */
    async updateStatus(reader: Reader, input: UpdateNotificationStatus): Promise<void> {
      if ('update_all' in input) return notifications.markAllRead(reader.id);
      if (!(await notifications.markRead(reader.id, Number(input.notificationId)))) throw new AppError('NOTIFICATION_NOT_FOUND');
    },

    async preferences(reader: Reader): Promise<NotificationPreferencesView> {
      const stored = await notifications.preferences(reader.id);
      return { email: typesFor(reader.role).map((type) => ({ type, choice: emailChoice(stored[type], type, reader.role) })) };
    },

    async savePreferences(reader: Reader, input: NotificationPreferences): Promise<NotificationPreferencesView> {
      const allowed = new Set(typesFor(reader.role));
      const choices = Object.fromEntries(Object.entries(input.email).filter(([type]) => allowed.has(type as NotificationType)));
      await notifications.setPreferences(reader.id, choices as Record<string, string>);
      return this.preferences(reader);
    },

    /** The email link: turns off email for one type of one user, without signing in. */
    async unsubscribe(userId: string, type: string, signature: string): Promise<{ type: NotificationType; language: string | null }> {
      if (!(NOTIFICATION_TYPES as readonly string[]).includes(type) || !validUnsubscribe(deps.secret, userId, type, signature))
        throw new AppError('UNSUBSCRIBE_INVALID');
      const recipient = await notifications.recipient(userId);
      if (!recipient) throw new AppError('UNSUBSCRIBE_INVALID');
      await notifications.setPreferences(userId, { [type]: 'off' });
      return { type: type as NotificationType, language: recipient.language };
    },

    async unsubscribeLanguage(userId: string): Promise<string | null> {
      return (await notifications.recipient(userId))?.language ?? null;
    },
  };
}
export type NotificationsService = ReturnType<typeof createNotificationsService>;
