// Calls of the upload pages: who may upload (profile), where Dropbox goes through (Companion) and
// the caller's videos still waiting for their file or details.
import { queryOptions } from '@tanstack/react-query';
import type { Profile } from '@ipsv/contracts/users';
import type { Video } from '@ipsv/contracts/videos';
import { apiRequest } from '../../../lib/api-client';

/** Same key and shape as the account feature's profile query, so the cache is shared. */
export const uploaderProfileQuery = queryOptions({
  queryKey: ['profile'],
  queryFn: ({ signal }) => apiRequest<Profile>('/api/profile', { signal }),
});

/** Companion URL for Dropbox, or null when the server has none; a failure means "no Dropbox". */
export const uploadConfigQuery = queryOptions({
  queryKey: ['uploads', 'config'],
  queryFn: async ({ signal }) => {
    try {
      return await apiRequest<{ companionUrl: string | null }>('/api/uploads/config', { signal });
    } catch (error) {
      if ((error as Error).name === 'AbortError') throw error;
      return { companionUrl: null };
    }
  },
  staleTime: Infinity,
  retry: false,
});

export const myVideosQuery = queryOptions({
  queryKey: ['videos', 'mine'],
  queryFn: ({ signal }) => apiRequest<{ videos: Video[] }>('/api/videos/mine', { signal }),
});
