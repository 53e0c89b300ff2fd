// Notifications (spec section 2 "Notifications list (paged, unread counter)", section 3
// "Notification", section 4 "Notification paging", section 9 "Notification page size 5"): what
// happened, to whom, in which words (the web and the emails translate by type, with the params),
// and where the page that acts on it is.
import { z } from 'zod';

/** Spec section 9. */
export const NOTIFICATION_PAGE_SIZE = 5;

export const NOTIFICATION_TYPES = [
  'video_rejected',
  'review_ready',
  'video_published',
  'video_failed',
  'version_published',
  'video_taken_down',
  'access_requested',
  'access_decided',
  'licence_requested',
  'licence_decided',
  'provider_role_decided',
  'feedback_answered',
  'support_replied',
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/** Who may receive each type: the preferences page shows a user the types of their role. */
export const NOTIFICATION_AUDIENCE: Record<NotificationType, 'provider' | 'everyone'> = {
  video_rejected: 'provider',
  review_ready: 'provider',
  video_published: 'provider',
  video_failed: 'provider',
  version_published: 'provider',
  video_taken_down: 'provider',
  access_requested: 'provider',
  access_decided: 'everyone',
  licence_requested: 'provider',
  licence_decided: 'everyone',
  provider_role_decided: 'everyone',
  feedback_answered: 'everyone',
  support_replied: 'everyone',
};

/** Details of the event, filled into its text (`{{title}}`, `{{reasons}}`...). */
export const notificationParamsSchema = z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.array(z.string())]));
export type NotificationParams = z.infer<typeof notificationParamsSchema>;

export const notificationSchema = z.object({
  id: z.string(),
  type: z.enum(NOTIFICATION_TYPES),
  params: notificationParamsSchema,
  /** The page that acts on it (a path of the web app). */
  link: z.string(),
  createdAt: z.string(),
  read: z.boolean(),
});
export type Notification = z.infer<typeof notificationSchema>;

/** Spec section 7 `list-user-notifications`: the field names are the spec's. */
export const notificationListSchema = z.object({
  total: z.number(),
  total_unread_messages: z.number(),
  notifications: z.array(notificationSchema),
});
export type NotificationList = z.infer<typeof notificationListSchema>;

export const notificationListQuerySchema = z.object({
  pageNumber: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(50).default(NOTIFICATION_PAGE_SIZE),
});

/** Spec section 7 `update-notification-status`: one notification, or `update_all`. */
export const updateNotificationStatusSchema = z.union([
  z.object({ notificationId: z.string().regex(/^\d{1,18}$/, 'Not a notification id') }),
  z.object({ update_all: z.literal(true) }),
]);
export type UpdateNotificationStatus = z.infer<typeof updateNotificationStatusSchema>;

export const EMAIL_CHOICES = ['off', 'immediately', 'daily'] as const;
export type EmailChoice = (typeof EMAIL_CHOICES)[number];

/** In-app is always on; email per type: off, one email per event, or a daily digest. */
export const notificationPreferencesSchema = z.object({
  email: z.partialRecord(z.enum(NOTIFICATION_TYPES), z.enum(EMAIL_CHOICES)),
});
export type NotificationPreferences = z.infer<typeof notificationPreferencesSchema>;

export const notificationPreferencesViewSchema = z.object({
  /** The types this user may receive, each with its email choice (the defaults filled in). */
  email: z.array(z.object({ type: z.enum(NOTIFICATION_TYPES), choice: z.enum(EMAIL_CHOICES) })),
});
export type NotificationPreferencesView = z.infer<typeof notificationPreferencesViewSchema>;

/** What the live socket pushes (one message per event; the web reloads what it shows). */
export const liveEventSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('notification') }),
  z.object({ type: z.literal('chat'), conversationId: z.string() }),
  z.object({ type: z.literal('chat-typing'), conversationId: z.string(), by: z.enum(['visitor', 'support']) }),
  z.object({ type: z.literal('chat-presence'), online: z.boolean() }),
]);
export type LiveEvent = z.infer<typeof liveEventSchema>;
