// POST /api/auth/new-password: the forced new password of an account an administrator created.
import { useMutation } from '@tanstack/react-query';
import type { SignInResult } from '@ipsv/contracts/auth';
import { apiRequest } from '../../../lib/api-client';

export const setNewPassword = (body: { challenge: string; password: string }) => apiRequest<SignInResult>('/api/auth/new-password', { method: 'POST', body });

export const useSetNewPassword = () => useMutation({ mutationFn: setNewPassword });
