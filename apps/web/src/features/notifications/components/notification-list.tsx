// The notification list (the bell's popover and the /notifications page): each notification in
// the user's language with its age, unread ones marked; a click marks it read and opens the page
// that acts on it. "Load more" appends the next page while pages remain.
import { Box, Button, Group, Stack, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { Notification } from '@ipsv/contracts/notifications';
import { EmptyState } from '../../../components/empty-state';
import { ErrorAlert } from '../../../components/error-alert';
import { relativeTime } from '../../../lib/relative-time';
import { useUpdateNotificationStatus } from '../api/notifications-api';

/** The notification in words: its type's sentence with the event's details filled in. */
export function notificationText(t: TFunction, notification: Pick<Notification, 'type' | 'params'>): string {
  const p = notification.params;
  const reasons = Array.isArray(p.reasons) ? p.reasons.map((code) => t(`notifications.reasons.${code}`, { defaultValue: code })).join(', ') : '';
  const decision = typeof p.decision === 'string' ? t(`notifications.decisions.${p.decision}`, { defaultValue: p.decision }) : '';
  const text = t(`notifications.types.${notification.type}`, { ...p, reasons, decision, interpolation: { escapeValue: false } });
  // Why a video waits for its review although automatic publication was asked for.
  if (typeof p.waiting !== 'string') return text;
  return `${text} ${t(`notifications.waiting.${p.waiting}`, { times: p.times ?? '', defaultValue: '', interpolation: { escapeValue: false } })}`.trim();
}

export function NotificationList({
  notifications,
  hasMore,
  loadingMore,
  onLoadMore,
  onOpen,
  error,
}: {
  notifications: Notification[];
  hasMore: boolean;
  loadingMore: boolean;
  onLoadMore: () => void;
  onOpen?: () => void;
  error?: unknown;
}) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const update = useUpdateNotificationStatus();

  const open = (notification: Notification) => {
    if (!notification.read) update.mutate({ notificationId: notification.id });
    onOpen?.();
    void navigate(notification.link);
  };

  if (notifications.length === 0 && !error) return <EmptyState title={t('pages.notificationList.empty')} hint={t('notifications.emptyHint')} />;
  return (
    <Stack gap={4}>
      <ErrorAlert error={error ?? update.error} />
      <Box component="ul" m={0} p={0} style={{ listStyle: 'none' }} aria-label={t('pages.notificationList.title')}>
        {notifications.map((notification) => (
          <li key={notification.id}>
            <UnstyledButton
              w="100%"
              p="sm"
              onClick={() => open(notification)}
              data-testid="notification"
              data-unread={!notification.read}
              style={{ borderRadius: 8, background: notification.read ? undefined : 'var(--mantine-color-blue-0)' }}
            >
              <Group gap="sm" wrap="nowrap" align="flex-start">
                <Box
                  mt={6}
                  w={8}
                  h={8}
                  style={{ borderRadius: 4, flex: 'none', background: notification.read ? 'transparent' : 'var(--mantine-color-blue-6)' }}
                  aria-hidden
                />
                <Stack gap={2} style={{ flex: 1 }}>
                  <Text size="sm" fw={notification.read ? 400 : 600}>
                    {notificationText(t, notification)}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {relativeTime(notification.createdAt, i18n.language)}
                    {!notification.read && <VisuallyHidden>{` · ${t('notifications.unread')}`}</VisuallyHidden>}
                  </Text>
                </Stack>
              </Group>
            </UnstyledButton>
          </li>
        ))}
      </Box>
      {hasMore && (
        <Button variant="subtle" onClick={onLoadMore} loading={loadingMore}>
          {t('notifications.loadMore')}
        </Button>
      )}
    </Stack>
  );
}
