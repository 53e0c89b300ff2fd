// POST /api/auth/reset-password: the emailed code and the new password.
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const resetPassword = (body: { email: string; code: string; password: string }) =>
  apiRequest<void>('/api/auth/reset-password', { method: 'POST', body });

export const useResetPassword = () => useMutation({ mutationFn: resetPassword });
