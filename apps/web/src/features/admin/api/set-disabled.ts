// PUT /api/admin/users/:id/disabled: the administrator disables an account (its sessions end at
// once, sign-in is refused) or enables it again.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminUser } from '@ipsv/contracts/users';
import { apiRequest } from '../../../lib/api-client';
import { adminUsersKey } from './get-users';

export const setDisabled = (userId: string, disabled: boolean) =>
  apiRequest<AdminUser>(`/api/admin/users/${encodeURIComponent(userId)}/disabled`, { method: 'PUT', body: { disabled } });

export function useSetDisabled() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, disabled }: { userId: string; disabled: boolean }) => setDisabled(userId, disabled),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminUsersKey }),
  });
}
