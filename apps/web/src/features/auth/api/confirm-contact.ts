// POST /api/auth/verify-contact/confirm: the emailed code; the address is then verified.
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const confirmContact = (code: string) => apiRequest<void>('/api/auth/verify-contact/confirm', { method: 'POST', body: { code } });

export const useConfirmContact = () => useMutation({ mutationFn: confirmContact });
