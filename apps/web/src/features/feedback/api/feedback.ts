// Feedback to the platform team: send, my own with the answers, and (administrators) everyone's and answering.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FeedbackInput, FeedbackList } from '@ipsv/contracts/feedback';
import { apiRequest } from '../../../lib/api-client';

export function useMyFeedback(page: number) {
  return useQuery({
    queryKey: ['feedback', 'mine', page],
    queryFn: ({ signal }) => apiRequest<FeedbackList>(`/api/feedback?page=${page}`, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useAllFeedback(open: boolean | undefined, page: number, enabled: boolean) {
  const params = new URLSearchParams({ page: String(page), ...(open === undefined ? {} : { open: String(open) }) });
  return useQuery({
    queryKey: ['feedback', 'all', open, page],
    queryFn: ({ signal }) => apiRequest<FeedbackList>(`/api/admin/feedback?${params}`, { signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function useSendFeedback() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: FeedbackInput) => apiRequest<{ id: number }>('/api/feedback', { method: 'POST', body: input }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['feedback'] }),
  });
}

export function useAnswerFeedback() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: number; answer: string }) =>
      apiRequest<void>(`/api/admin/feedback/${input.id}/answer`, { method: 'POST', body: { answer: input.answer } }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['feedback'] }),
  });
}
