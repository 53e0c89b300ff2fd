// PATCH /api/users/:id with the optional profile fields (Middle Name, Nickname, Preferred Username,
// Website, Profile, specialty, biography) shown on the provider page.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Profile, UpdateProfileBody } from '@ipsv/contracts/users';
import { invalidateProfile } from '../../../api/get-profile';
import { apiRequest } from '../../../lib/api-client';

export const updateDetails = (userId: string, body: UpdateProfileBody) =>
  apiRequest<Profile>(`/api/users/${encodeURIComponent(userId)}`, { method: 'PATCH', body });

export function useUpdateDetails(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateProfileBody) => updateDetails(userId, body),
    onSuccess: () => Promise.all([invalidateProfile(queryClient), queryClient.invalidateQueries({ queryKey: ['users', userId] })]),
  });
}
