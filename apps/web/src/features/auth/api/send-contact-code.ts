// POST /api/auth/verify-contact/send: emails a code that verifies the signed-in user's address.
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const sendContactCode = () => apiRequest<void>('/api/auth/verify-contact/send', { method: 'POST' });

export const useSendContactCode = () => useMutation({ mutationFn: sendContactCode });
