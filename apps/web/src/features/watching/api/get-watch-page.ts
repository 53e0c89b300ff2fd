// GET /api/videos/:id/watch: everything the video page shows in one answer; GET .../playback gives
// fresh signed links before the old ones expire.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Playback } from '@ipsv/contracts/videos';
import type { WatchPage } from '@ipsv/contracts/watching';
import { apiRequest } from '../../../lib/api-client';

export const watchPageKey = (videoId: string) => ['watch', videoId] as const;

export const watchPageQuery = (videoId: string) =>
  queryOptions({
    queryKey: watchPageKey(videoId),
    queryFn: ({ signal }) => apiRequest<WatchPage>(`/api/videos/${encodeURIComponent(videoId)}/watch`, { signal }),
    // Signed links must not be reused from a stale cache entry; the player refreshes its own.
    staleTime: 0,
    gcTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
  });

export function useWatchPage(videoId: string) {
  return useQuery(watchPageQuery(videoId));
}

export const getPlayback = (videoId: string) => apiRequest<Playback>(`/api/videos/${encodeURIComponent(videoId)}/playback`);
