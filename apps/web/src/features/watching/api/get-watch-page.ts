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
    // The route's loader starts this request beside the session check (the page's first frame
    // waits on it), so the answer is kept briefly for the page to pick up. Older signed links are
    // not reused: the player renews its own from their expiry.
    staleTime: 15_000,
    gcTime: 15_000,
    retry: false,
    refetchOnWindowFocus: false,
  });

export function useWatchPage(videoId: string) {
  return useQuery(watchPageQuery(videoId));
}

export const getPlayback = (videoId: string) => apiRequest<Playback>(`/api/videos/${encodeURIComponent(videoId)}/playback`);
