// The sign-in flow calls (POST /api/auth/...). Each answers the next step of the auth state
// machine (spec section 4) or nothing; errors arrive as ApiError with the server's message.
import { queryOptions } from '@tanstack/react-query';
import type { SignInResult, SignUpBody } from '@ipsv/contracts/auth';
import type { FederatedProvider } from '@ipsv/contracts/auth';
import { apiRequest } from '../../../lib/api-client';

const post = <T>(path: string, body?: unknown) => apiRequest<T>(path, { method: 'POST', body });

export const authCalls = {
  signUp: (body: SignUpBody) => post<void>('/api/auth/sign-up', body),
  confirmSignUp: (email: string, code: string) => post<SignInResult>('/api/auth/confirm-sign-up', { email, code }),
  resendCode: (email: string) => post<void>('/api/auth/resend-code', { email }),
  signIn: (email: string, password: string) => post<SignInResult>('/api/auth/sign-in', { email, password }),
  confirmSignIn: (code: string) => post<SignInResult>('/api/auth/confirm-sign-in', { code }),
  newPassword: (challenge: string, password: string) => post<SignInResult>('/api/auth/new-password', { challenge, password }),
  forgotPassword: (email: string) => post<void>('/api/auth/forgot-password', { email }),
  resetPassword: (email: string, code: string, password: string) =>
    post<void>('/api/auth/reset-password', { email, code, password }),
  sendContactCode: () => post<void>('/api/auth/verify-contact/send'),
  confirmContact: (code: string) => post<void>('/api/auth/verify-contact/confirm', { code }),
  /** Starts a federated sign-in; the browser then leaves for the provider. */
  async federated(provider: FederatedProvider): Promise<string> {
    const generic = provider === 'amazon' || provider === 'oidc';
    const answer = await post<{ url?: string }>(generic ? '/api/auth/sign-in/oauth2' : '/api/auth/sign-in/social', {
      ...(generic ? { providerId: provider } : { provider }),
      callbackURL: '/',
      errorCallbackURL: '/login',
    });
    if (!answer.url) throw new Error('The provider did not answer with a sign-in address.');
    return answer.url;
  },
};

export const providersQuery = queryOptions({
  queryKey: ['auth', 'providers'],
  queryFn: ({ signal }) =>
    apiRequest<{ providers: { id: FederatedProvider; name: string }[] }>('/api/auth/providers', { signal }),
  staleTime: 5 * 60_000,
  retry: 1,
  retryDelay: 300,
});
