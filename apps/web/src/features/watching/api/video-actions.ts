// Actions of the video page: download (a signed link with a file name), watch later on and off, and
// 'Request access' from the no-access message box.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Download, WatchPage } from '@ipsv/contracts/watching';
import { apiRequest } from '../../../lib/api-client';
import { watchPageKey } from './get-watch-page';
import { libraryKey } from './library';

const videoPath = (videoId: string) => `/api/videos/${encodeURIComponent(videoId)}`;

export function useDownload(videoId: string) {
  return useMutation({ mutationFn: () => apiRequest<Download>(`${videoPath(videoId)}/download`, { method: 'POST' }) });
}

export function useRequestAccess(videoId: string) {
  return useMutation({ mutationFn: () => apiRequest<void>(`${videoPath(videoId)}/access-requests`, { method: 'POST' }) });
}

/** Watch later on or off; the page's flag follows at once, the list is refetched. */
export function useWatchLaterToggle(videoId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (on: boolean) => apiRequest<void>(`/api/watch-later/${encodeURIComponent(videoId)}`, { method: on ? 'PUT' : 'DELETE' }),
    onSuccess: (_done, on) => {
      queryClient.setQueryData<WatchPage>(watchPageKey(videoId), (page) => (page ? { ...page, watchLater: on } : page));
      return queryClient.invalidateQueries({ queryKey: libraryKey('watch-later') });
    },
  });
}
