// GET /api/videos/:id/review: what the privacy analysis proposes (ranges, detector scores, the
// filmstrip) and what was confirmed before. 409 while the analysis has not finished.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PrivacyReview } from '@ipsv/contracts/privacy-review';
import { videoKey } from '../../../api/get-video';
import { apiRequest } from '../../../lib/api-client';

export const getReview = (videoId: string, signal?: AbortSignal) => apiRequest<PrivacyReview>(`/api/videos/${encodeURIComponent(videoId)}/review`, { signal });

export const reviewQuery = (videoId: string) =>
  queryOptions({
    queryKey: [...videoKey(videoId), 'review'],
    queryFn: ({ signal }) => getReview(videoId, signal),
    // The editor holds the provider's changes; a background refetch must not reset them.
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });

export const useReview = (videoId: string) => useQuery(reviewQuery(videoId));
