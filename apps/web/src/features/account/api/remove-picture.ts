// DELETE /api/users/:id/picture: back to the default picture.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Profile } from '@ipsv/contracts/users';
import { invalidateProfile } from '../../../api/get-profile';
import { apiRequest } from '../../../lib/api-client';

export const removePicture = (userId: string) => apiRequest<Profile>(`/api/users/${encodeURIComponent(userId)}/picture`, { method: 'DELETE' });

export function useRemovePicture(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => removePicture(userId),
    onSuccess: () => invalidateProfile(queryClient),
  });
}
