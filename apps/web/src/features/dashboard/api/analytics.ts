// Viewing figures (GET /api/dashboard/analytics) of all my videos or one, over a period.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Analytics, AnalyticsQuery } from '@ipsv/contracts/dashboard';
import { apiRequest } from '../../../lib/api-client';

export function useAnalytics(query: AnalyticsQuery) {
  const params = new URLSearchParams({ from: query.from, to: query.to, ...(query.videoId ? { videoId: query.videoId } : {}) });
  return useQuery({
    queryKey: ['dashboard', 'analytics', query],
    queryFn: ({ signal }) => apiRequest<Analytics>(`/api/dashboard/analytics?${params}`, { signal }),
    placeholderData: keepPreviousData,
  });
}
