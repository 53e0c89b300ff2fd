// PUT /api/videos/:id/details: the details form's parsed body. The first save of a new video starts
// its privacy analysis.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Video, VideoDetails } from '@ipsv/contracts/videos';
import { myVideosQuery } from '../../../api/get-my-videos';
import { videoKey } from '../../../api/get-video';
import { apiRequest } from '../../../lib/api-client';

export const saveDetails = (videoId: string, details: VideoDetails) =>
  apiRequest<Video>(`/api/videos/${encodeURIComponent(videoId)}/details`, { method: 'PUT', body: details });

export function useSaveDetails(videoId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (details: VideoDetails) => saveDetails(videoId, details),
    onSuccess: (saved) => {
      queryClient.setQueryData(videoKey(videoId), saved);
      return queryClient.invalidateQueries({ queryKey: myVideosQuery.queryKey });
    },
  });
}
