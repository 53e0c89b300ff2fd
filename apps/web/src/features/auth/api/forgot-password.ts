// POST /api/auth/forgot-password: emails a password reset code (also used to resend it).
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const forgotPassword = (email: string) => apiRequest<void>('/api/auth/forgot-password', { method: 'POST', body: { email } });

export const useForgotPassword = () => useMutation({ mutationFn: forgotPassword });
