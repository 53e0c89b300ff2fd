// PUT /api/videos/:id/segments: 'Confirm' stores the segments; the answer is what was stored.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Segments, SegmentsInput } from '@ipsv/contracts/segments';
import { apiRequest } from '../../../lib/api-client';
import { segmentsQuery } from './get-segments';

export const saveSegments = (videoId: string, body: SegmentsInput) =>
  apiRequest<Segments>(`/api/videos/${encodeURIComponent(videoId)}/segments`, { method: 'PUT', body });

export function useSaveSegments(videoId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SegmentsInput) => saveSegments(videoId, body),
    onSuccess: (stored) => queryClient.setQueryData(segmentsQuery(videoId).queryKey, stored),
  });
}
