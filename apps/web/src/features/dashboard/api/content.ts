// The content table (GET /api/dashboard/content), visibility of one or many videos, deleting a
// video and the owner's original. Every change refreshes the table and the caller's video list.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ContentPage, ContentQuery, OriginalLink } from '@ipsv/contracts/dashboard';
import type { Visibility } from '@ipsv/contracts/videos';
import { apiRequest } from '../../../lib/api-client';

export const contentKey = ['dashboard', 'content'] as const;

export function useContent(query: ContentQuery) {
  const params = new URLSearchParams(Object.entries(query).flatMap(([k, v]) => (v === undefined ? [] : [[k, String(v)]])));
  return useQuery({
    queryKey: [...contentKey, query],
    queryFn: ({ signal }) => apiRequest<ContentPage>(`/api/dashboard/content?${params}`, { signal }),
    placeholderData: keepPreviousData,
  });
}

function useRefresh() {
  const client = useQueryClient();
  return () => Promise.all([client.invalidateQueries({ queryKey: ['dashboard'] }), client.invalidateQueries({ queryKey: ['videos', 'mine'] })]);
}

export function useSetVisibility() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (input: { videoIds: string[]; visibility: Visibility }) => apiRequest<void>('/api/dashboard/visibility', { method: 'PUT', body: input }),
    onSuccess: refresh,
  });
}

export function useDeleteVideo() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: string) => apiRequest<void>(`/api/videos/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSuccess: refresh,
  });
}

export function useOriginalLink() {
  return useMutation({
    mutationFn: (id: string) => apiRequest<OriginalLink>(`/api/dashboard/videos/${encodeURIComponent(id)}/original`, { method: 'POST' }),
  });
}
