// GET /api/search (spec section 7 search-videos): one page of results the caller may watch, with
// facet counts when asked. The previous page stays on screen while the next loads.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { SearchResult } from '@ipsv/contracts/search';
import { apiRequest } from '../../../lib/api-client';

export const searchVideos = (query: string, signal?: AbortSignal) => apiRequest<SearchResult>(`/api/search?${query}`, { signal });

export const searchQuery = (query: string) =>
  queryOptions({
    queryKey: ['search', query],
    queryFn: ({ signal }) => searchVideos(query, signal),
    staleTime: 30_000,
  });

export function useSearchVideos(query: string) {
  return useQuery({ ...searchQuery(query), placeholderData: keepPreviousData });
}
