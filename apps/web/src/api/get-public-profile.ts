// GET /api/users/:id: a user's public profile (name, picture, role, specialty, biography, links):
// the provider page reads it.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PublicProfile } from '@ipsv/contracts/users';
import { apiRequest } from '../lib/api-client';

export const getPublicProfile = (userId: string, signal?: AbortSignal) => apiRequest<PublicProfile>(`/api/users/${encodeURIComponent(userId)}`, { signal });

export const publicProfileQuery = (userId: string) =>
  queryOptions({
    queryKey: ['users', userId],
    queryFn: ({ signal }) => getPublicProfile(userId, signal),
  });

export const usePublicProfile = (userId: string) => useQuery({ ...publicProfileQuery(userId), retry: false });
