// DELETE /api/session: signs out of this browser. Every cached answer belonged to that user, so the
// whole cache goes.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../lib/api-client';

export const signOut = () => apiRequest<void>('/api/session', { method: 'DELETE' });

export function useSignOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signOut,
    onSuccess: () => queryClient.clear(),
  });
}
