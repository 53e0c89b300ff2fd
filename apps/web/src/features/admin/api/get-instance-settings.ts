// GET /api/admin/settings: the instance's policies (read-only; the environment sets them).
import { useQuery } from '@tanstack/react-query';
import type { InstanceSettings } from '@ipsv/contracts/instance-settings';
import { apiRequest } from '../../../lib/api-client';

export function useInstanceSettings(enabled: boolean) {
  return useQuery({
    queryKey: ['admin', 'settings'],
    queryFn: ({ signal }) => apiRequest<InstanceSettings>('/api/admin/settings', { signal }),
    enabled,
  });
}
