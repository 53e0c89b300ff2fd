// The rendered versions of my videos (GET /api/dashboard/versions), rolling back to one (with the
// owner's reason) and deleting an old one. Every change refreshes the dashboard and the caller's video list.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { RollbackInput, VersionsOverview, VideoVersions } from '@ipsv/contracts/versions';
import { apiRequest } from '../../../lib/api-client';

export const versionsKey = ['dashboard', 'versions'] as const;

export function useVersions() {
  return useQuery({ queryKey: versionsKey, queryFn: ({ signal }) => apiRequest<VersionsOverview>('/api/dashboard/versions', { signal }) });
}

function useRefresh() {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: ['dashboard'] }),
      client.invalidateQueries({ queryKey: ['videos'] }),
      client.invalidateQueries({ queryKey: ['watch'] }),
    ]);
}

const versionUrl = (videoId: string, version: number) => `/api/dashboard/videos/${encodeURIComponent(videoId)}/versions/${version}`;

export function useRollBack() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ videoId, version, reason }: { videoId: string; version: number } & RollbackInput) =>
      apiRequest<VideoVersions>(`${versionUrl(videoId, version)}/publish`, { method: 'POST', body: { reason } }),
    onSuccess: refresh,
  });
}

export function useDeleteVersion() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ videoId, version }: { videoId: string; version: number }) => apiRequest<VideoVersions>(versionUrl(videoId, version), { method: 'DELETE' }),
    onSuccess: refresh,
  });
}
