// GET /api/auth/providers: the federated sign-in providers this server has configured. A failure
// means the sign-in service is broken (spec section 8's configuration error).
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { FederatedProvider } from '@ipsv/contracts/auth';
import { apiRequest } from '../../../lib/api-client';

export const getProviders = (signal?: AbortSignal) => apiRequest<{ providers: { id: FederatedProvider; name: string }[] }>('/api/auth/providers', { signal });

export const providersQuery = queryOptions({
  queryKey: ['auth', 'providers'],
  queryFn: ({ signal }) => getProviders(signal),
  staleTime: 5 * 60_000,
  retry: 1,
  retryDelay: 300,
});

export const useProviders = () => useQuery(providersQuery);
