// GET /api/admin/curation: every collection (with its curated ids) and every month's highlight.
import { useQuery } from '@tanstack/react-query';
import type { AdminCuration } from '@ipsv/contracts/search';
import { apiRequest } from '../../../lib/api-client';

export const curationKey = ['admin', 'curation'] as const;

export const getCuration = (signal?: AbortSignal) => apiRequest<AdminCuration>('/api/admin/curation', { signal });

export function useCuration() {
  return useQuery({ queryKey: curationKey, queryFn: ({ signal }) => getCuration(signal) });
}
