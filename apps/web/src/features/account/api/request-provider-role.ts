// POST /api/profile/provider-request: a viewer asks to become a video provider; an admin decides.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Profile } from '@ipsv/contracts/users';
import { invalidateProfile } from '../../../api/get-profile';
import { apiRequest } from '../../../lib/api-client';

export const requestProviderRole = () => apiRequest<Profile>('/api/profile/provider-request', { method: 'POST' });

export function useRequestProviderRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: requestProviderRole,
    onSuccess: () => invalidateProfile(queryClient),
  });
}
