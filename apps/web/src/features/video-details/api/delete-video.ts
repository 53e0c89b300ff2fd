// DELETE /api/videos/:id: removes a video and everything stored for it.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { myVideosQuery } from '../../../api/get-my-videos';
import { videoKey } from '../../../api/get-video';
import { apiRequest } from '../../../lib/api-client';

export const deleteVideo = (videoId: string) => apiRequest<void>(`/api/videos/${encodeURIComponent(videoId)}`, { method: 'DELETE' });

export function useDeleteVideo(videoId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => deleteVideo(videoId),
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: videoKey(videoId) });
      return queryClient.invalidateQueries({ queryKey: myVideosQuery.queryKey });
    },
  });
}
