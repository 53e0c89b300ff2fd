// POST /api/auth/resend-code: a fresh sign-up confirmation code.
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const resendCode = (email: string) => apiRequest<void>('/api/auth/resend-code', { method: 'POST', body: { email } });

export const useResendCode = () => useMutation({ mutationFn: resendCode });
