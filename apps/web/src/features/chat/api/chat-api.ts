// The chat widget's calls: the conversation (GET, also the 3 s polling), send, typing, read, and
// the merge of an anonymous conversation into the account at sign-in. Anonymous visitors identify
// with their id header; signed-in users with the session cookie.
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ChatMessage, VisitorConversation } from '@ipsv/contracts/chat';
import { apiRequest } from '../../../lib/api-client';

/** Whose conversation: the signed-in user (no header) or an anonymous visitor (their header). */
export interface ChatCaller {
  key: string;
  headers: Record<string, string>;
}

export const chatKey = (caller: ChatCaller | null) => ['chat', caller?.key ?? 'nobody'] as const;

export const conversationQuery = (caller: ChatCaller | null, options: { enabled: boolean; pollMs: number | false }) =>
  queryOptions({
    queryKey: chatKey(caller),
    queryFn: ({ signal }) => apiRequest<VisitorConversation>('/api/chat', { signal, headers: caller?.headers }),
    enabled: options.enabled && caller !== null,
    refetchInterval: options.pollMs,
    retry: 1,
  });

export function useSendChatMessage(caller: ChatCaller | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { text: string; page: string; language: string }) =>
      apiRequest<ChatMessage>('/api/chat/messages', { method: 'POST', body: input, headers: caller?.headers }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: chatKey(caller) }),
  });
}

export const sendTyping = (caller: ChatCaller) => apiRequest<void>('/api/chat/typing', { method: 'POST', headers: caller.headers });
export const markChatRead = (caller: ChatCaller) => apiRequest<void>('/api/chat/read', { method: 'POST', headers: caller.headers });
export const mergeVisitorChat = (visitor: { id: string; secret: string }) => apiRequest<void>('/api/chat/merge', { method: 'POST', body: visitor });
