// POST /api/auth/sign-in: email and password; answers the next step of the sign-in (spec section 4).
import { useMutation } from '@tanstack/react-query';
import type { SignInResult } from '@ipsv/contracts/auth';
import { apiRequest } from '../../../lib/api-client';

export const signIn = (body: { email: string; password: string }) => apiRequest<SignInResult>('/api/auth/sign-in', { method: 'POST', body });

export const useSignIn = () => useMutation({ mutationFn: signIn });
