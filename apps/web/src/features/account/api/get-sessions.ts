// GET /api/auth/sessions: the signed-in user's sessions on every device.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ActiveSession } from '@ipsv/contracts/auth';
import { apiRequest } from '../../../lib/api-client';

export const getSessions = (signal?: AbortSignal) => apiRequest<{ sessions: ActiveSession[] }>('/api/auth/sessions', { signal });

export const sessionsQuery = queryOptions({
  queryKey: ['auth', 'sessions'],
  queryFn: ({ signal }) => getSessions(signal),
});

export const useSessions = () => useQuery(sessionsQuery);
