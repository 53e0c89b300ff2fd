// The privacy review calls: the caller's videos, one video's review, its filmstrip map, and Save.
import { queryOptions } from '@tanstack/react-query';
import type { ConfirmReviewInput, PrivacyReview } from '@ipsv/contracts/privacy-review';
import type { Video } from '@ipsv/contracts/videos';
import { apiRequest } from '../../../lib/api-client';
import { parseSpriteVtt } from '../filmstrip';

export const myVideosQuery = queryOptions({
  queryKey: ['videos', 'mine'],
  queryFn: ({ signal }) => apiRequest<{ videos: Video[] }>('/api/videos/mine', { signal }),
});

export const reviewQuery = (videoId: string) =>
  queryOptions({
    queryKey: ['videos', videoId, 'review'],
    queryFn: ({ signal }) => apiRequest<PrivacyReview>(`/api/videos/${encodeURIComponent(videoId)}/review`, { signal }),
    // The editor holds the provider's changes; a background refetch must not reset them.
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });

/** The WebVTT map lives beside the sprite in storage (a signed URL), not in our JSON API. */
export const filmstripQuery = (vttUrl: string) =>
  queryOptions({
    queryKey: ['filmstrip', vttUrl],
    queryFn: async ({ signal }) => {
      const response = await fetch(vttUrl, { signal });
      if (!response.ok) throw new Error(`filmstrip ${response.status}`);
      return parseSpriteVtt(await response.text());
    },
    staleTime: Infinity,
  });

export const reviewCalls = {
  /** Confirms the ranges; the server starts the render (status `rendering`). */
  confirm: (videoId: string, body: ConfirmReviewInput) =>
    apiRequest<Video>(`/api/videos/${encodeURIComponent(videoId)}/review`, { method: 'PUT', body }),
};
