// Once a day: the digest email of each user who chose to receive some notifications daily (one
// email with all of them), and read notifications older than the retention deleted.
import { emailChoice } from '../modules/notifications/notification-preferences.js';
import { digestEmail, unsubscribeUrl } from '../modules/notifications/notification-emails.js';
import type { NotificationsRepository } from '../modules/notifications/notifications.repository.js';
import type { NotificationType } from '@ipsv/contracts/notifications';
import { defineJob } from '../platform/jobs/queue.js';
import type { Mailer } from '../platform/mail/mail.js';

export function notificationsDailyJob(deps: {
  notifications: NotificationsRepository;
  mailer: Mailer;
  publicUrl: string;
  secret: () => Promise<string>;
  retentionDays: number;
  clock?: () => Date;
}) {
  const now = deps.clock ?? (() => new Date());
  return defineJob('notifications-daily', { retryLimit: 2, retryDelay: 300, expireInSeconds: 60 * 60 }, async (_payload, context) => {
    const secret = await deps.secret();
    const base = deps.publicUrl.replace(/\/$/, '');
    const byUser = new Map<string, Awaited<ReturnType<NotificationsRepository['unsent']>>>();
    for (const item of await deps.notifications.unsent()) {
      if (emailChoice(item.choice ?? undefined, item.notification.type as NotificationType, item.recipient.role) !== 'daily') continue;
      byUser.set(item.notification.userId, [...(byUser.get(item.notification.userId) ?? []), item]);
    }
    for (const [userId, items] of byUser) {
      const types = [...new Set(items.map((i) => i.notification.type as NotificationType))];
      await deps.mailer.send(
        digestEmail(
          items[0]!.recipient,
          items.map(({ notification }) => ({
            type: notification.type as NotificationType,
            params: notification.params,
            link: notification.link,
            open: `${base}${notification.link}`,
          })),
          types.map((type) => unsubscribeUrl(deps.publicUrl, secret, userId, type)),
        ),
      );
      await deps.notifications.markEmailed(items.map((i) => i.notification.id));
    }
    const deleted = await deps.notifications.deleteReadBefore(new Date(now().getTime() - deps.retentionDays * 86_400_000));
    if (byUser.size || deleted) context.log.info({ digests: byUser.size, deleted }, 'notifications: daily digests and clean-up');
  });
}
