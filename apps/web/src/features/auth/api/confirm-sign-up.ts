// POST /api/auth/confirm-sign-up: the emailed code; a confirmed account is signed in.
import { useMutation } from '@tanstack/react-query';
import type { SignInResult } from '@ipsv/contracts/auth';
import { apiRequest } from '../../../lib/api-client';

export const confirmSignUp = (body: { email: string; code: string }) => apiRequest<SignInResult>('/api/auth/confirm-sign-up', { method: 'POST', body });

export const useConfirmSignUp = () => useMutation({ mutationFn: confirmSignUp });
