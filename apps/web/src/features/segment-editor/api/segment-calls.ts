// The segment editor's calls: the caller's videos, one video's segments, Confirm, and 'AI Analysis'.
import { queryOptions } from '@tanstack/react-query';
import type { Segments, SegmentsInput } from '@ipsv/contracts/segments';
import type { Video } from '@ipsv/contracts/videos';
import { apiRequest } from '../../../lib/api-client';

export const myVideosQuery = queryOptions({
  queryKey: ['videos', 'mine'],
  queryFn: ({ signal }) => apiRequest<{ videos: Video[] }>('/api/videos/mine', { signal }),
});

export const segmentsQuery = (videoId: string) =>
  queryOptions({
    queryKey: ['videos', videoId, 'segments'],
    queryFn: ({ signal }) => apiRequest<Segments>(`/api/videos/${encodeURIComponent(videoId)}/segments`, { signal }),
    // The form holds the provider's edits; a background refetch must not reset them.
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });

export const segmentCalls = {
  save: (videoId: string, body: SegmentsInput) =>
    apiRequest<Segments>(`/api/videos/${encodeURIComponent(videoId)}/segments`, { method: 'PUT', body }),
  /** Boundaries from scene changes; nothing is stored until the provider confirms. */
  suggest: (videoId: string) =>
    apiRequest<{ segments: { start: number; end: number }[] }>(`/api/videos/${encodeURIComponent(videoId)}/segments/suggest`, { method: 'POST' }),
};
