// Who may watch (GET /api/dashboard/access) and its changes: a video's visibility and lists, named
// lists, grants, and answers to access requests.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AccessDecision, AccessListInput, AccessOverview, VideoAccessInput } from '@ipsv/contracts/dashboard';
import { apiRequest } from '../../../lib/api-client';

const key = ['dashboard', 'access'] as const;

export function useAccessOverview() {
  return useQuery({ queryKey: key, queryFn: ({ signal }) => apiRequest<AccessOverview>('/api/dashboard/access', { signal }) });
}

function useChange<T>(call: (input: T) => Promise<unknown>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: call, onSuccess: () => client.invalidateQueries({ queryKey: ['dashboard'] }) });
}

export const useSetVideoAccess = () =>
  useChange((input: { videoId: string } & VideoAccessInput) => {
    const { videoId, ...body } = input;
    return apiRequest(`/api/dashboard/videos/${encodeURIComponent(videoId)}/access`, { method: 'PUT', body });
  });

export const useRevokeGrant = () =>
  useChange((input: { videoId: string; email: string }) =>
    apiRequest(`/api/dashboard/videos/${encodeURIComponent(input.videoId)}/grants/${encodeURIComponent(input.email)}`, { method: 'DELETE' }),
  );

export const useSaveList = () =>
  useChange((input: { id?: string } & AccessListInput) => {
    const { id, ...body } = input;
    return id
      ? apiRequest(`/api/dashboard/lists/${encodeURIComponent(id)}`, { method: 'PUT', body })
      : apiRequest('/api/dashboard/lists', { method: 'POST', body });
  });

export const useDeleteList = () => useChange((id: string) => apiRequest(`/api/dashboard/lists/${encodeURIComponent(id)}`, { method: 'DELETE' }));

export const useDecideRequest = () =>
  useChange((input: { requestId: number } & AccessDecision) => {
    const { requestId, ...body } = input;
    return apiRequest(`/api/dashboard/access-requests/${requestId}/decision`, { method: 'POST', body });
  });
