// The licence requests I sent (GET /api/licences) and one licence record (GET /api/licences/:id).
import { useQuery } from '@tanstack/react-query';
import type { LicenceRequest } from '@ipsv/contracts/licences';
import { apiRequest } from '../../../lib/api-client';

export function useMyLicences() {
  return useQuery({ queryKey: ['licences', 'mine'], queryFn: ({ signal }) => apiRequest<{ requests: LicenceRequest[] }>('/api/licences', { signal }) });
}

export function useLicenceRecord(id: string) {
  return useQuery({
    queryKey: ['licences', 'record', id],
    queryFn: ({ signal }) => apiRequest<LicenceRequest>(`/api/licences/${encodeURIComponent(id)}`, { signal }),
    retry: false,
  });
}
