// POST /api/admin/users: the administrator creates an account; a temporary password is emailed
// and the user sets their own at first sign-in.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminUser, Role } from '@ipsv/contracts/users';
import { apiRequest } from '../../../lib/api-client';
import { adminUsersKey } from './get-users';

export type NewUser = { email: string; firstName: string; lastName: string; role: Role; language: string };

export const createUser = (body: NewUser) => apiRequest<AdminUser>('/api/admin/users', { method: 'POST', body });

export function useCreateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminUsersKey }),
  });
}
