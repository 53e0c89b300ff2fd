// GET /api/profile: the signed-in user's own profile (name, picture, role, provider request), read
// by the account pages and by the upload pages to know who may upload.
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { Profile } from '@ipsv/contracts/users';
import { apiRequest } from '../lib/api-client';
import { sessionQuery } from './get-session';

export const getProfile = (signal?: AbortSignal) => apiRequest<Profile>('/api/profile', { signal });

export const profileQuery = queryOptions({
  queryKey: ['profile'],
  queryFn: ({ signal }) => getProfile(signal),
});

export function useProfile() {
  return useQuery(profileQuery);
}

/** After a change to the user's own profile: the profile and the session (name, picture, role in the header). */
export function invalidateProfile(queryClient: QueryClient) {
  return Promise.all([queryClient.invalidateQueries({ queryKey: profileQuery.queryKey }), queryClient.invalidateQueries({ queryKey: sessionQuery.queryKey })]);
}
