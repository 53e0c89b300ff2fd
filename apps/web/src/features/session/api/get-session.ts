// GET /api/session: who is signed in (null until accounts exist). Used by the route guard.
import { queryOptions } from '@tanstack/react-query';
import type { SessionResponse } from '@ipsv/contracts/session';
import { apiRequest } from '../../../lib/api-client';

export const sessionQuery = queryOptions({
  queryKey: ['session'],
  queryFn: ({ signal }) => apiRequest<SessionResponse>('/api/session', { signal }),
  staleTime: 30_000,
});
