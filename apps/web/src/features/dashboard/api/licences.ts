// Licences of my videos: choosing a video's licence and answering viewers' licence requests.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Licence, LicenceDecision, LicenceRequest } from '@ipsv/contracts/licences';
import { apiRequest } from '../../../lib/api-client';

const key = ['dashboard', 'licences'] as const;

export function useLicenceRequests() {
  return useQuery({ queryKey: key, queryFn: ({ signal }) => apiRequest<{ requests: LicenceRequest[] }>('/api/dashboard/licences', { signal }) });
}

export function useSetLicence() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ videoId, licence }: { videoId: string; licence: Licence }) =>
      apiRequest<void>(`/api/dashboard/videos/${encodeURIComponent(videoId)}/licence`, { method: 'PUT', body: { licence } }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['dashboard'] }),
  });
}

export function useDecideLicence() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ requestId, decision }: { requestId: number; decision: LicenceDecision }) =>
      apiRequest<void>(`/api/dashboard/licence-requests/${requestId}/decision`, { method: 'POST', body: decision }),
    onSuccess: () => client.invalidateQueries({ queryKey: key }),
  });
}
