// GET /api/videos/mine: the caller's videos with their processing state, newest first. Read by the
// upload, processing, privacy-review and segment pages; every write that changes a video
// invalidates it.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Video } from '@ipsv/contracts/videos';
import { apiRequest } from '../lib/api-client';

export type MyVideos = { videos: Video[] };

export const getMyVideos = (signal?: AbortSignal) => apiRequest<MyVideos>('/api/videos/mine', { signal });

export const myVideosQuery = queryOptions({
  queryKey: ['videos', 'mine'],
  queryFn: ({ signal }) => getMyVideos(signal),
});

export function useMyVideos(options: { refetchInterval?: number | false } = {}) {
  return useQuery({ ...myVideosQuery, ...options });
}

/** Puts a changed video into the cached list in place (no refetch). */
export function replaceInMyVideos(list: MyVideos | undefined, video: Video): MyVideos | undefined {
  return list ? { videos: list.videos.map((v) => (v.id === video.id ? video : v)) } : list;
}
