// POST /api/admin/users/:id/provider-request: the administrator approves or rejects a viewer's
// request to become a provider.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminUser } from '@ipsv/contracts/users';
import { apiRequest } from '../../../lib/api-client';
import { adminUsersKey } from './get-users';

export const decideProviderRequest = (userId: string, approve: boolean) =>
  apiRequest<AdminUser>(`/api/admin/users/${encodeURIComponent(userId)}/provider-request`, { method: 'POST', body: { approve } });

export function useDecideProviderRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, approve }: { userId: string; approve: boolean }) => decideProviderRequest(userId, approve),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminUsersKey }),
  });
}
