// My playlists: the list, one playlist's items, and every change (create, rename, describe, delete,
// add a video or clip, move, remove). Playing a playlist reads one item and the next.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  PlayingItem,
  PlaylistInput,
  PlaylistItem,
  PlaylistItemInput,
  PlaylistPage,
  PlaylistsPage,
  PlaylistSummary,
  PlaylistUpdate,
} from '@ipsv/contracts/watching';
import { apiRequest } from '../../../lib/api-client';
import { libraryKey } from './library';

const path = (id: string) => `/api/playlists/${encodeURIComponent(id)}`;

export function usePlaylists(page: number) {
  return useQuery({
    queryKey: libraryKey('playlists', page),
    queryFn: ({ signal }) => apiRequest<PlaylistsPage>(`/api/playlists?page=${page}`, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function usePlaylist(id: string | null, page: number) {
  return useQuery({
    queryKey: libraryKey('playlists', 'one', id ?? '', page),
    queryFn: ({ signal }) => apiRequest<PlaylistPage>(`${path(id!)}?page=${page}`, { signal }),
    enabled: id !== null,
    placeholderData: keepPreviousData,
  });
}

export function usePlayingItem(playlistId: string | null, itemId: string | null) {
  return useQuery({
    queryKey: ['playing', playlistId, itemId],
    queryFn: ({ signal }) => apiRequest<PlayingItem>(`${path(playlistId!)}/items/${encodeURIComponent(itemId!)}`, { signal }),
    enabled: playlistId !== null && itemId !== null,
  });
}

function usePlaylistChange<T, R = unknown>(call: (input: T) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: call, onSuccess: () => queryClient.invalidateQueries({ queryKey: libraryKey('playlists') }) });
}

export const useCreatePlaylist = () =>
  usePlaylistChange((input: PlaylistInput) => apiRequest<PlaylistSummary>('/api/playlists', { method: 'POST', body: input }));
export const useUpdatePlaylist = () =>
  usePlaylistChange(({ id, ...patch }: PlaylistUpdate & { id: string }) => apiRequest<PlaylistSummary>(path(id), { method: 'PATCH', body: patch }));
export const useDeletePlaylist = () => usePlaylistChange((id: string) => apiRequest<void>(path(id), { method: 'DELETE' }));
export const useAddToPlaylist = () =>
  usePlaylistChange(({ playlistId, ...item }: PlaylistItemInput & { playlistId: string }) =>
    apiRequest<PlaylistItem>(`${path(playlistId)}/items`, { method: 'POST', body: item }),
  );
export const useMoveItem = () =>
  usePlaylistChange(({ playlistId, itemId, index }: { playlistId: string; itemId: number; index: number }) =>
    apiRequest<void>(`${path(playlistId)}/items/${itemId}/position`, { method: 'PUT', body: { index } }),
  );
export const useRemoveItem = () =>
  usePlaylistChange(({ playlistId, itemId }: { playlistId: string; itemId: number }) =>
    apiRequest<void>(`${path(playlistId)}/items/${itemId}`, { method: 'DELETE' }),
  );
