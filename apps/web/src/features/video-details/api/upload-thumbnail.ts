// PUT /api/videos/:id/thumbnail: the image itself is the request body; the server checks type and
// size again.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { thumbnailsQuery } from './get-thumbnails';

export const uploadThumbnail = (videoId: string, file: File) =>
  apiRequest<void>(`/api/videos/${encodeURIComponent(videoId)}/thumbnail`, { method: 'PUT', body: file });

export function useUploadThumbnail(videoId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => uploadThumbnail(videoId, file),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: thumbnailsQuery(videoId).queryKey }),
  });
}
