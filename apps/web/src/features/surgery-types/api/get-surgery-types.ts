// GET /api/surgery-types, cached for the session: the list changes only with a migration.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SurgeryTypesResponse } from '@ipsv/contracts/surgery-types';
import { apiRequest } from '../../../lib/api-client';

export const surgeryTypesQuery = queryOptions({
  queryKey: ['surgery-types'],
  queryFn: ({ signal }) => apiRequest<SurgeryTypesResponse>('/api/surgery-types', { signal }),
  staleTime: Infinity,
});

export function useSurgeryTypes() {
  return useQuery(surgeryTypesQuery);
}
