// The caller's videos with their processing state, and the retry of a failed one.
import { queryOptions } from '@tanstack/react-query';
import type { Video } from '@ipsv/contracts/videos';
import { apiRequest } from '../../../lib/api-client';

export const progressVideosQuery = queryOptions({
  queryKey: ['videos', 'mine'],
  queryFn: ({ signal }) => apiRequest<{ videos: Video[] }>('/api/videos/mine', { signal }),
});

export const progressCalls = {
  retry: (videoId: string) => apiRequest<Video>(`/api/videos/${encodeURIComponent(videoId)}/retry`, { method: 'POST' }),
};
