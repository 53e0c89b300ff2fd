// /notifications: the whole list, paged by 5 ("Load more"), with "Mark all read" and a link to the
// email choices.
import { Anchor, Button, Card, Group, Loader, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Page } from '../../../components/page';
import { useNotifications, useUpdateNotificationStatus } from '../api/notifications-api';
import { useLiveNotifications } from '../components/notification-bell';
import { NotificationList } from '../components/notification-list';

export function NotificationsPage() {
  const { t } = useTranslation();
  const connected = useLiveNotifications();
  const list = useNotifications(!connected);
  const markAll = useUpdateNotificationStatus();
  return (
    <Page title={t('pages.notificationList.title')}>
      <Group justify="space-between">
        <Text c="dimmed" size="sm" data-testid="notification-counts">
          {t('notifications.counts', { total: list.total, unread: list.unread })}
        </Text>
        <Group gap="sm">
          <Anchor component={Link} to="/analytics/notification" size="sm">
            {t('notifications.emailChoices')}
          </Anchor>
          <Button variant="light" disabled={list.unread === 0} loading={markAll.isPending} onClick={() => markAll.mutate({ update_all: true })}>
            {t('notifications.markAllRead')}
          </Button>
        </Group>
      </Group>
      <Card withBorder radius="md" padding="xs">
        {list.isPending ? (
          <Group justify="center" p="lg">
            <Loader size="sm" aria-label={t('common.loading')} />
          </Group>
        ) : (
          <NotificationList
            notifications={list.notifications}
            hasMore={list.hasNextPage}
            loadingMore={list.isFetchingNextPage}
            onLoadMore={() => void list.fetchNextPage()}
            error={list.error ?? markAll.error}
          />
        )}
      </Card>
    </Page>
  );
}
