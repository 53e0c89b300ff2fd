// POST /api/videos/:id/retry: starts a failed video's processing again from where it stopped.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Video } from '@ipsv/contracts/videos';
import { myVideosQuery, replaceInMyVideos } from '../../../api/get-my-videos';
import { apiRequest } from '../../../lib/api-client';

export const retryVideo = (videoId: string) => apiRequest<Video>(`/api/videos/${encodeURIComponent(videoId)}/retry`, { method: 'POST' });

export function useRetryVideo(videoId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => retryVideo(videoId),
    onSuccess: (updated) => queryClient.setQueryData(myVideosQuery.queryKey, (list) => replaceInMyVideos(list, updated)),
  });
}
