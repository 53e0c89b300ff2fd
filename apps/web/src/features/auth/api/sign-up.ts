// POST /api/auth/sign-up: creates the account and emails a confirmation code.
import { useMutation } from '@tanstack/react-query';
import type { SignUpBody } from '@ipsv/contracts/auth';
import { apiRequest } from '../../../lib/api-client';

export const signUp = (body: SignUpBody) => apiRequest<void>('/api/auth/sign-up', { method: 'POST', body });

export const useSignUp = () => useMutation({ mutationFn: signUp });
