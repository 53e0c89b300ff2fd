// The header's bell: the unread count, and a popover with the newest notifications, "Mark all
// read" and a link to the full list. Live events reload the list from page 1.
import { ActionIcon, Anchor, Button, Group, Indicator, Popover, ScrollArea, Text } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLiveConnected, useLiveEvents, type LiveMessage } from '../../../lib/live-connection';
import { reloadNotifications, useNotifications, useUpdateNotificationStatus } from '../api/notifications-api';
import { NotificationList } from './notification-list';

/** Reloads the notifications on every live event for them, and when the socket comes back. */
export function useLiveNotifications() {
  const queryClient = useQueryClient();
  const connected = useLiveConnected();
  const onEvent = useCallback(
    (message: LiveMessage) => {
      if (message.type === 'notification') void reloadNotifications(queryClient);
    },
    [queryClient],
  );
  useLiveEvents(onEvent);
  const wasConnected = useRef(false);
  useEffect(() => {
    if (connected && wasConnected.current) void reloadNotifications(queryClient);
    if (connected) wasConnected.current = true;
  }, [connected, queryClient]);
  return connected;
}

export function NotificationBell() {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  const connected = useLiveNotifications();
  const list = useNotifications(!connected);
  const markAll = useUpdateNotificationStatus();
  const label = list.unread > 0 ? t('notifications.bellUnread', { count: list.unread }) : t('notifications.bell');

  return (
    <Popover opened={opened} onChange={setOpened} position="bottom-end" width={380} shadow="md" withinPortal trapFocus>
      <Popover.Target>
        <ActionIcon variant="subtle" size="lg" aria-label={label} onClick={() => setOpened((value) => !value)} data-testid="notification-bell">
          <Indicator label={list.unread > 99 ? '99+' : list.unread} size={16} color="red" disabled={list.unread === 0} offset={2} data-testid="bell-count">
            <IconBell size={20} />
          </Indicator>
        </ActionIcon>
      </Popover.Target>
      <Popover.Dropdown p="xs" role="dialog" aria-label={t('pages.notificationList.title')}>
        <Group justify="space-between" px="xs" pb="xs">
          <Text fw={600} size="sm">
            {t('pages.notificationList.title')}
          </Text>
          <Button
            variant="subtle"
            size="compact-xs"
            disabled={list.unread === 0}
            loading={markAll.isPending}
            onClick={() => markAll.mutate({ update_all: true })}
          >
            {t('notifications.markAllRead')}
          </Button>
        </Group>
        <ScrollArea.Autosize mah={420}>
          <NotificationList
            notifications={list.notifications}
            hasMore={list.hasNextPage}
            loadingMore={list.isFetchingNextPage}
            onLoadMore={() => void list.fetchNextPage()}
            onOpen={() => setOpened(false)}
            error={list.error ?? markAll.error}
          />
        </ScrollArea.Autosize>
        <Group justify="center" pt="xs">
          <Anchor component={Link} to="/notifications" size="sm" onClick={() => setOpened(false)}>
            {t('notifications.seeAll')}
          </Anchor>
        </Group>
      </Popover.Dropdown>
    </Popover>
  );
}
