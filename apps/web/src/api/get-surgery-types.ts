// GET /api/surgery-types, cached for the session (the list changes only with a migration): the
// header's surgery menu and the details form's Surgery Type read it.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SurgeryTypesResponse } from '@ipsv/contracts/surgery-types';
import { apiRequest } from '../lib/api-client';

export const getSurgeryTypes = (signal?: AbortSignal) => apiRequest<SurgeryTypesResponse>('/api/surgery-types', { signal });

export const surgeryTypesQuery = queryOptions({
  queryKey: ['surgery-types'],
  queryFn: ({ signal }) => getSurgeryTypes(signal),
  staleTime: Infinity,
});

export function useSurgeryTypes() {
  return useQuery(surgeryTypesQuery);
}
