// Profile, picture, terms, provider request, sessions and authenticator calls of the signed-in user.
import { queryOptions } from '@tanstack/react-query';
import type { ActiveSession } from '@ipsv/contracts/auth';
import type { Profile, PublicProfile } from '@ipsv/contracts/users';
import { apiRequest, ApiError } from '../../../lib/api-client';
import { INTERNAL_ERROR_MESSAGE, errorBodySchema } from '@ipsv/contracts/errors';

export const profileQuery = queryOptions({
  queryKey: ['profile'],
  queryFn: ({ signal }) => apiRequest<Profile>('/api/profile', { signal }),
});

export const publicProfileQuery = (userId: string) =>
  queryOptions({
    queryKey: ['users', userId],
    queryFn: ({ signal }) => apiRequest<PublicProfile>(`/api/users/${encodeURIComponent(userId)}`, { signal }),
  });

export const sessionsQuery = queryOptions({
  queryKey: ['auth', 'sessions'],
  queryFn: ({ signal }) => apiRequest<{ sessions: ActiveSession[] }>('/api/auth/sessions', { signal }),
});

export const accountCalls = {
  updateName: (userId: string, firstName: string, lastName: string) =>
    apiRequest<Profile>(`/api/users/${encodeURIComponent(userId)}`, { method: 'PATCH', body: { firstName, lastName } }),
  /** Sends the image file as the request body; the server checks and resizes it. */
  async uploadPicture(userId: string, file: File): Promise<Profile> {
    let response: Response;
    try {
      response = await fetch(`/api/users/${encodeURIComponent(userId)}/picture`, {
        method: 'PUT',
        credentials: 'same-origin',
        headers: { 'content-type': file.type || 'application/octet-stream', accept: 'application/json' },
        body: file,
      });
    } catch (error) {
      throw new ApiError(0, 'NETWORK', (error as Error).message);
    }
    const payload: unknown = await response.json().catch(() => null);
    if (!response.ok) {
      const parsed = errorBodySchema.safeParse(payload);
      throw parsed.success
        ? new ApiError(response.status, parsed.data.error.code, parsed.data.error.message)
        : new ApiError(response.status, 'INTERNAL', INTERNAL_ERROR_MESSAGE);
    }
    return payload as Profile;
  },
  removePicture: (userId: string) => apiRequest<Profile>(`/api/users/${encodeURIComponent(userId)}/picture`, { method: 'DELETE' }),
  acceptTerms: (version: string) => apiRequest<Profile>('/api/profile/terms', { method: 'POST', body: { version } }),
  requestProviderRole: () => apiRequest<Profile>('/api/profile/provider-request', { method: 'POST' }),
  revokeSession: (sessionId: string) => apiRequest<void>(`/api/auth/sessions/${encodeURIComponent(sessionId)}`, { method: 'DELETE' }),
  signOutEverywhere: () => apiRequest<void>('/api/auth/sign-out-everywhere', { method: 'POST' }),
  startTotp: (password: string) =>
    apiRequest<{ totpUri: string; secret: string; backupCodes: string[] }>('/api/auth/totp/setup', { method: 'POST', body: { password } }),
  confirmTotp: (code: string) => apiRequest<void>('/api/auth/totp/confirm', { method: 'POST', body: { code } }),
  disableTotp: (password: string) => apiRequest<void>('/api/auth/totp/disable', { method: 'POST', body: { password } }),
};
