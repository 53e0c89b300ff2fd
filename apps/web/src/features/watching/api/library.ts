// The personal library lists (paged): watch later, history and its switch, noted videos with the
// search over my notes. Removing rows invalidates the list they came from.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { HistoryPage, NotedVideosPage, WatchLaterPage } from '@ipsv/contracts/watching';
import { apiRequest } from '../../../lib/api-client';

export const libraryKey = (list: 'watch-later' | 'history' | 'notes' | 'playlists', ...rest: (string | number)[]) => ['library', list, ...rest] as const;

export function useWatchLaterList(page: number) {
  return useQuery({
    queryKey: libraryKey('watch-later', page),
    queryFn: ({ signal }) => apiRequest<WatchLaterPage>(`/api/watch-later?page=${page}`, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useHistoryList(page: number) {
  return useQuery({
    queryKey: libraryKey('history', page),
    queryFn: ({ signal }) => apiRequest<HistoryPage>(`/api/history?page=${page}`, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useNotedVideos(page: number, q: string) {
  return useQuery({
    queryKey: libraryKey('notes', page, q),
    queryFn: ({ signal }) => apiRequest<NotedVideosPage>(`/api/notes?page=${page}&q=${encodeURIComponent(q)}`, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** One call that changes a list, then refetches that list. */
function useListChange<T>(list: 'watch-later' | 'history', call: (input: T) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: call, onSuccess: () => queryClient.invalidateQueries({ queryKey: libraryKey(list) }) });
}

export const useRemoveWatchLater = () =>
  useListChange('watch-later', (videoId: string) => apiRequest<void>(`/api/watch-later/${encodeURIComponent(videoId)}`, { method: 'DELETE' }));
export const useRemoveHistory = () =>
  useListChange('history', (videoId: string) => apiRequest<void>(`/api/history/${encodeURIComponent(videoId)}`, { method: 'DELETE' }));
export const useClearHistory = () => useListChange('history', () => apiRequest<void>('/api/history', { method: 'DELETE' }));
export const usePauseHistory = () =>
  useListChange('history', (paused: boolean) => apiRequest<{ paused: boolean }>('/api/history/settings', { method: 'PUT', body: { paused } }));
