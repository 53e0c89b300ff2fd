// GET /api/session: who is signed in (null when nobody is), read by the route guard, the shell and
// every feature that needs the user's role or terms state.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SessionResponse } from '@ipsv/contracts/session';
import { apiRequest } from '../lib/api-client';

export const getSession = (signal?: AbortSignal) => apiRequest<SessionResponse>('/api/session', { signal });

export const sessionQuery = queryOptions({
  queryKey: ['session'],
  queryFn: ({ signal }) => getSession(signal),
  staleTime: 30_000,
});

export function useSession() {
  return useQuery(sessionQuery);
}

/** The signed-in user, or null while loading and for visitors. */
export function useSessionUser() {
  return useSession().data?.user ?? null;
}
