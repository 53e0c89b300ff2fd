// GET /api/admin/users: a page of users for the administrator, searched by name or email, or only
// those waiting for a decision on their provider request.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminUser } from '@ipsv/contracts/users';
import { apiRequest } from '../../../lib/api-client';

export const ADMIN_USERS_PAGE_SIZE = 25;
export const adminUsersKey = ['admin', 'users'] as const;

export type AdminUsersParams = { search: string; pendingOnly: boolean; page: number };

export function getUsers(params: AdminUsersParams, signal?: AbortSignal) {
  const query = new URLSearchParams({ page: String(params.page), pageSize: String(ADMIN_USERS_PAGE_SIZE), pendingOnly: String(params.pendingOnly) });
  if (params.search.trim()) query.set('search', params.search.trim());
  return apiRequest<{ users: AdminUser[]; total: number }>(`/api/admin/users?${query}`, { signal });
}

export const adminUsersQuery = (params: AdminUsersParams) =>
  queryOptions({
    queryKey: [...adminUsersKey, params],
    queryFn: ({ signal }) => getUsers(params, signal),
    placeholderData: keepPreviousData,
  });

export const useAdminUsers = (params: AdminUsersParams, enabled: boolean) => useQuery({ ...adminUsersQuery(params), enabled });
