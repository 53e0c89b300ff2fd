// DELETE /api/auth/sessions/:id: signs one other device out.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { sessionsQuery } from './get-sessions';

export const revokeSession = (sessionId: string) => apiRequest<void>(`/api/auth/sessions/${encodeURIComponent(sessionId)}`, { method: 'DELETE' });

export function useRevokeSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeSession,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionsQuery.queryKey }),
  });
}
