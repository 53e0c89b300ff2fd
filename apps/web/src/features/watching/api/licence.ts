// The video's licence (GET /api/videos/:id/licence) and asking its provider for one.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { LicenceRequestInput, VideoLicence } from '@ipsv/contracts/licences';
import { apiRequest } from '../../../lib/api-client';

const key = (videoId: string) => ['watch', videoId, 'licence'] as const;

export function useVideoLicence(videoId: string) {
  return useQuery({
    queryKey: key(videoId),
    queryFn: ({ signal }) => apiRequest<VideoLicence>(`/api/videos/${encodeURIComponent(videoId)}/licence`, { signal }),
  });
}

export function useRequestLicence(videoId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: LicenceRequestInput) =>
      apiRequest<{ id: number }>(`/api/videos/${encodeURIComponent(videoId)}/licence-requests`, { method: 'POST', body: input }),
    onSuccess: () => client.invalidateQueries({ queryKey: key(videoId) }),
  });
}
