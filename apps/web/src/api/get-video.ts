// GET /api/videos/:id: one of the caller's videos. The details pages read it; the processing
// page's live events patch it, so both agree on the key. A video's own data (review, segments,
// thumbnails) is keyed under it, so dropping the video drops all of it.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Video } from '@ipsv/contracts/videos';
import { apiRequest } from '../lib/api-client';

export const videoKey = (videoId: string) => ['videos', videoId] as const;

export const getVideo = (videoId: string, signal?: AbortSignal) => apiRequest<Video>(`/api/videos/${encodeURIComponent(videoId)}`, { signal });

export const videoQuery = (videoId: string) =>
  queryOptions({
    queryKey: videoKey(videoId),
    queryFn: ({ signal }) => getVideo(videoId, signal),
  });

export function useVideo(videoId: string) {
  return useQuery(videoQuery(videoId));
}
