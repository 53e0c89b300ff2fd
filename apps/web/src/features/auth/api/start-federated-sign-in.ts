// Starts a federated sign-in (POST /api/auth/sign-in/social or /oauth2); answers the provider's
// address, where the browser then goes.
import { useMutation } from '@tanstack/react-query';
import type { FederatedProvider } from '@ipsv/contracts/auth';
import { apiRequest } from '../../../lib/api-client';

export async function startFederatedSignIn(provider: FederatedProvider): Promise<string> {
  const generic = provider === 'amazon' || provider === 'oidc';
  const answer = await apiRequest<{ url?: string }>(generic ? '/api/auth/sign-in/oauth2' : '/api/auth/sign-in/social', {
    method: 'POST',
    body: { ...(generic ? { providerId: provider } : { provider }), callbackURL: '/', errorCallbackURL: '/login' },
  });
  if (!answer.url) throw new Error('The provider did not answer with a sign-in address.');
  return answer.url;
}

export const useStartFederatedSignIn = () => useMutation({ mutationFn: startFederatedSignIn });
