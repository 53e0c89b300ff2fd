// POST /api/auth/sign-out-everywhere: revokes every session, this one included.
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const signOutEverywhere = () => apiRequest<void>('/api/auth/sign-out-everywhere', { method: 'POST' });

export const useSignOutEverywhere = () => useMutation({ mutationFn: signOutEverywhere });
