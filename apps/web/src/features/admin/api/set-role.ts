// PUT /api/admin/users/:id/role: the administrator changes a user's role.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminUser, Role } from '@ipsv/contracts/users';
import { apiRequest } from '../../../lib/api-client';
import { adminUsersKey } from './get-users';

export const setRole = (userId: string, role: Role) =>
  apiRequest<AdminUser>(`/api/admin/users/${encodeURIComponent(userId)}/role`, { method: 'PUT', body: { role } });

export function useSetRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, role }: { userId: string; role: Role }) => setRole(userId, role),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminUsersKey }),
  });
}
