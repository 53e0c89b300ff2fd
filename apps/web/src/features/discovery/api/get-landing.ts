// GET /api/landing: the highlight of the month and the curated collections, as the caller may see them.
import { useQuery } from '@tanstack/react-query';
import type { Landing } from '@ipsv/contracts/search';
import { apiRequest } from '../../../lib/api-client';

export const getLanding = (signal?: AbortSignal) => apiRequest<Landing>('/api/landing', { signal });

export function useLanding() {
  return useQuery({ queryKey: ['landing'], queryFn: ({ signal }) => getLanding(signal), staleTime: 60_000 });
}
