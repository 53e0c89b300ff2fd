// PATCH /api/users/:id: the user's own first and last name.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Profile } from '@ipsv/contracts/users';
import { invalidateProfile } from '../../../api/get-profile';
import { apiRequest } from '../../../lib/api-client';

export const updateName = (userId: string, body: { firstName: string; lastName: string }) =>
  apiRequest<Profile>(`/api/users/${encodeURIComponent(userId)}`, { method: 'PATCH', body });

export function useUpdateName(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { firstName: string; lastName: string }) => updateName(userId, body),
    onSuccess: () => invalidateProfile(queryClient),
  });
}
