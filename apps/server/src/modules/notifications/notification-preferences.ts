// Which notifications a user receives by email, and how: their own choice per type, or a default
// that suits their role (providers hear at once about what needs them, and daily about the rest).
import { EMAIL_CHOICES, NOTIFICATION_AUDIENCE, NOTIFICATION_TYPES, type EmailChoice, type NotificationType } from '@ipsv/contracts/notifications';

const PROVIDER_DEFAULTS: Partial<Record<NotificationType, EmailChoice>> = {
  video_rejected: 'immediately',
  review_ready: 'immediately',
  video_failed: 'immediately',
  access_requested: 'immediately',
  licence_requested: 'immediately',
  video_taken_down: 'immediately',
  video_published: 'daily',
  version_published: 'daily',
};
const EVERYONE_DEFAULTS: Partial<Record<NotificationType, EmailChoice>> = {
  access_decided: 'immediately',
  licence_decided: 'immediately',
  provider_role_decided: 'immediately',
  feedback_answered: 'immediately',
  support_replied: 'immediately',
};

const uploads = (role: string) => role === 'provider' || role === 'admin';

/** The types a user of `role` may receive. */
export const typesFor = (role: string): NotificationType[] => NOTIFICATION_TYPES.filter((type) => NOTIFICATION_AUDIENCE[type] === 'everyone' || uploads(role));

/** The user's choice for `type`, or the default of their role. */
export function emailChoice(stored: string | undefined, type: NotificationType, role: string): EmailChoice {
  if (stored && (EMAIL_CHOICES as readonly string[]).includes(stored)) return stored as EmailChoice;
  return (uploads(role) ? { ...EVERYONE_DEFAULTS, ...PROVIDER_DEFAULTS } : EVERYONE_DEFAULTS)[type] ?? 'off';
}
