// PUT /api/videos/:id/review: confirms the ranges to remove; the server starts the render of the
// new version (status `rendering`).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ConfirmReviewInput } from '@ipsv/contracts/privacy-review';
import type { Video } from '@ipsv/contracts/videos';
import { myVideosQuery } from '../../../api/get-my-videos';
import { apiRequest } from '../../../lib/api-client';
import { reviewQuery } from './get-review';

export const confirmReview = (videoId: string, body: ConfirmReviewInput) =>
  apiRequest<Video>(`/api/videos/${encodeURIComponent(videoId)}/review`, { method: 'PUT', body });

export function useConfirmReview(videoId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ConfirmReviewInput) => confirmReview(videoId, body),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: myVideosQuery.queryKey });
      // The next visit reads the confirmed ranges, not the edits held in this cache entry.
      queryClient.removeQueries({ queryKey: reviewQuery(videoId).queryKey });
    },
  });
}
