// GET /api/uploads/config: the Companion address for Dropbox, or null when the server has none; a
// failure also means "no Dropbox" (uploading from the desktop still works).
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export async function getUploadConfig(signal?: AbortSignal): Promise<{ companionUrl: string | null }> {
  try {
    return await apiRequest<{ companionUrl: string | null }>('/api/uploads/config', { signal });
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    return { companionUrl: null };
  }
}

export const uploadConfigQuery = queryOptions({
  queryKey: ['uploads', 'config'],
  queryFn: ({ signal }) => getUploadConfig(signal),
  staleTime: Infinity,
  retry: false,
});

export const useUploadConfig = () => useQuery(uploadConfigQuery);
