// POST /api/auth/confirm-sign-in: the authenticator (TOTP) or backup code of a two-factor sign-in.
import { useMutation } from '@tanstack/react-query';
import type { SignInResult } from '@ipsv/contracts/auth';
import { apiRequest } from '../../../lib/api-client';

export const confirmSignIn = (code: string) => apiRequest<SignInResult>('/api/auth/confirm-sign-in', { method: 'POST', body: { code } });

export const useConfirmSignIn = () => useMutation({ mutationFn: confirmSignIn });
