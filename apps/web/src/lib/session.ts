// The current session, shared by the route guard, the header and every feature that needs to know
// who is signed in: GET /api/session (null when nobody is) and DELETE /api/session (sign out here).
import { queryOptions } from '@tanstack/react-query';
import type { SessionResponse } from '@ipsv/contracts/session';
import { apiRequest } from './api-client';

export const sessionQuery = queryOptions({
  queryKey: ['session'],
  queryFn: ({ signal }) => apiRequest<SessionResponse>('/api/session', { signal }),
  staleTime: 30_000,
});

export function signOut(): Promise<void> {
  return apiRequest<void>('/api/session', { method: 'DELETE' });
}
