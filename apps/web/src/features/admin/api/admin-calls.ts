// The administrator's user management calls.
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { AdminUser, Role } from '@ipsv/contracts/users';
import { apiRequest } from '../../../lib/api-client';

export const adminUsersQuery = (params: { search: string; pendingOnly: boolean; page: number }) =>
  queryOptions({
    queryKey: ['admin', 'users', params],
    queryFn: ({ signal }) => {
      const query = new URLSearchParams({ page: String(params.page), pageSize: '25', pendingOnly: String(params.pendingOnly) });
      if (params.search.trim()) query.set('search', params.search.trim());
      return apiRequest<{ users: AdminUser[]; total: number }>(`/api/admin/users?${query}`, { signal });
    },
    placeholderData: keepPreviousData,
  });

export const adminCalls = {
  setRole: (userId: string, role: Role) => apiRequest<AdminUser>(`/api/admin/users/${encodeURIComponent(userId)}/role`, { method: 'PUT', body: { role } }),
  decide: (userId: string, approve: boolean) =>
    apiRequest<AdminUser>(`/api/admin/users/${encodeURIComponent(userId)}/provider-request`, { method: 'POST', body: { approve } }),
  create: (body: { email: string; firstName: string; lastName: string; role: Role; language: string }) =>
    apiRequest<AdminUser>('/api/admin/users', { method: 'POST', body }),
};
