// The support console's calls: conversations (search, open/closed, paged), one conversation,
// claim, reply, typing, close/reopen, and presence (the widgets show Online while a console is open).
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { SupportConversationDetail, SupportConversationList } from '@ipsv/contracts/chat';
import { apiRequest } from '../../../lib/api-client';

export const SUPPORT_KEY = ['support'] as const;
export const SUPPORT_PAGE_SIZE = 20;

export const conversationsQuery = (filter: { status: 'open' | 'closed'; search: string; page: number }, pollMs: number | false) =>
  queryOptions({
    queryKey: [...SUPPORT_KEY, 'list', filter],
    queryFn: ({ signal }) => {
      const query = new URLSearchParams({ status: filter.status, page: String(filter.page), pageSize: String(SUPPORT_PAGE_SIZE) });
      if (filter.search.trim()) query.set('search', filter.search.trim());
      return apiRequest<SupportConversationList>(`/api/support/conversations?${query}`, { signal });
    },
    placeholderData: keepPreviousData,
    refetchInterval: pollMs,
  });

export const conversationQuery = (id: string | null, pollMs: number | false) =>
  queryOptions({
    queryKey: [...SUPPORT_KEY, 'conversation', id],
    queryFn: ({ signal }) => apiRequest<SupportConversationDetail>(`/api/support/conversations/${id}`, { signal }),
    enabled: id !== null,
    refetchInterval: pollMs,
  });

function useSupportMutation<T>(call: (input: T) => Promise<void>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: call, onSuccess: () => queryClient.invalidateQueries({ queryKey: SUPPORT_KEY }) });
}

export const useReply = () =>
  useSupportMutation(({ id, text }: { id: string; text: string }) =>
    apiRequest<void>(`/api/support/conversations/${id}/messages`, { method: 'POST', body: { text } }),
  );
export const useClaim = () => useSupportMutation((id: string) => apiRequest<void>(`/api/support/conversations/${id}/claim`, { method: 'POST' }));
export const useSetStatus = () =>
  useSupportMutation(({ id, status }: { id: string; status: 'open' | 'closed' }) =>
    apiRequest<void>(`/api/support/conversations/${id}/status`, { method: 'PUT', body: { status } }),
  );
export const sendSupportTyping = (id: string) => apiRequest<void>(`/api/support/conversations/${id}/typing`, { method: 'POST' });
export const setPresence = (connection: string, present: boolean) =>
  apiRequest<void>('/api/support/presence', { method: 'POST', body: { connection, present }, keepalive: !present });
