// GET /api/videos/:id/segments: the video's timed segments with its file type, category and
// public flag, and a preview to set times against.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Segments } from '@ipsv/contracts/segments';
import { videoKey } from '../../../api/get-video';
import { apiRequest } from '../../../lib/api-client';

export const getSegments = (videoId: string, signal?: AbortSignal) => apiRequest<Segments>(`/api/videos/${encodeURIComponent(videoId)}/segments`, { signal });

export const segmentsQuery = (videoId: string) =>
  queryOptions({
    queryKey: [...videoKey(videoId), 'segments'],
    queryFn: ({ signal }) => getSegments(videoId, signal),
    // The form holds the provider's edits; a background refetch must not reset them.
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });

export const useSegments = (videoId: string) => useQuery(segmentsQuery(videoId));
