// POST /api/auth/totp/disable: with the current password, turns two-factor off.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { sessionQuery } from '../../../api/get-session';
import { apiRequest } from '../../../lib/api-client';

export const disableTotp = (password: string) => apiRequest<void>('/api/auth/totp/disable', { method: 'POST', body: { password } });

export function useDisableTotp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: disableTotp,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionQuery.queryKey }),
  });
}
