// Notifications (spec section 4 "Notification paging"): the list is paged by 5; page 1 replaces
// the list and the counters, later pages append while pages remain. Marking one read, or all
// (then back to page 1 and reload). Every live "notification" event reloads from page 1; while the
// live socket is down the list is polled.
import { infiniteQueryOptions, useInfiniteQuery, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import {
  NOTIFICATION_PAGE_SIZE,
  type NotificationList,
  type NotificationPreferences,
  type NotificationPreferencesView,
  type UpdateNotificationStatus,
} from '@ipsv/contracts/notifications';
import { apiRequest } from '../../../lib/api-client';

const NOTIFICATIONS_KEY = ['notifications'] as const;
const POLL_MS = 30_000;

export const notificationsQuery = (poll: boolean) =>
  infiniteQueryOptions({
    queryKey: [...NOTIFICATIONS_KEY, 'list'],
    queryFn: ({ pageParam, signal }) =>
      apiRequest<NotificationList>(`/api/notifications?pageNumber=${pageParam}&pageSize=${NOTIFICATION_PAGE_SIZE}`, { signal }),
    initialPageParam: 1,
    getNextPageParam: (last, pages) =>
      pages.reduce((sum, page) => sum + page.notifications.length, 0) < last.total && last.notifications.length > 0 ? pages.length + 1 : undefined,
    refetchInterval: poll ? POLL_MS : false,
  });

/** Back to page 1 with fresh counters (after mark-all-read, and on every live event). */
export function reloadNotifications(queryClient: QueryClient) {
  return queryClient.resetQueries({ queryKey: [...NOTIFICATIONS_KEY, 'list'] });
}

export function useNotifications(poll: boolean) {
  const query = useInfiniteQuery(notificationsQuery(poll));
  const pages = query.data?.pages ?? [];
  const latest = pages.at(-1);
  // The same notification can move to the next page when a new one arrives: show it once.
  const seen = new Set<string>();
  const notifications = pages.flatMap((page) => page.notifications).filter((item) => !seen.has(item.id) && seen.add(item.id));
  return { ...query, notifications, total: latest?.total ?? 0, unread: latest?.total_unread_messages ?? 0 };
}

export function useUpdateNotificationStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdateNotificationStatus) => apiRequest<void>('/api/notifications/status', { method: 'POST', body: input }),
    onSuccess: (_data, input) => {
      if ('update_all' in input) return reloadNotifications(queryClient);
      return queryClient.invalidateQueries({ queryKey: [...NOTIFICATIONS_KEY, 'list'] });
    },
  });
}

const preferencesKey = [...NOTIFICATIONS_KEY, 'preferences'] as const;

export function useNotificationPreferences() {
  return useQuery({ queryKey: preferencesKey, queryFn: ({ signal }) => apiRequest<NotificationPreferencesView>('/api/notifications/preferences', { signal }) });
}

export function useSaveNotificationPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: NotificationPreferences) => apiRequest<NotificationPreferencesView>('/api/notifications/preferences', { method: 'PUT', body: input }),
    onSuccess: (view) => queryClient.setQueryData(preferencesKey, view),
  });
}
