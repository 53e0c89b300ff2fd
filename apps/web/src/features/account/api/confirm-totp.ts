// POST /api/auth/totp/confirm: the first authenticator code turns two-factor on.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { sessionQuery } from '../../../api/get-session';
import { apiRequest } from '../../../lib/api-client';

export const confirmTotp = (code: string) => apiRequest<void>('/api/auth/totp/confirm', { method: 'POST', body: { code } });

export function useConfirmTotp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmTotp,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionQuery.queryKey }),
  });
}
