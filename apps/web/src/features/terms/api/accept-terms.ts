// POST /api/profile/terms: the signed-in user accepts this version of the terms; the route guard
// reads the acceptance from the session.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Profile } from '@ipsv/contracts/users';
import { invalidateProfile } from '../../../api/get-profile';
import { apiRequest } from '../../../lib/api-client';

export const acceptTerms = (version: string) => apiRequest<Profile>('/api/profile/terms', { method: 'POST', body: { version } });

export function useAcceptTerms() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: acceptTerms,
    onSuccess: () => invalidateProfile(queryClient),
  });
}
