// GET /api/search for the curation's video picker: published videos whose text matches.
import { useQuery } from '@tanstack/react-query';
import type { SearchResult } from '@ipsv/contracts/search';
import { apiRequest } from '../../../lib/api-client';

export function useFindPublished(text: string) {
  const query = new URLSearchParams({ q: text, pageSize: '20' }).toString();
  return useQuery({
    queryKey: ['admin', 'find-published', query],
    queryFn: ({ signal }) => apiRequest<SearchResult>(`/api/search?${query}`, { signal }),
    staleTime: 30_000,
  });
}
