// DELETE /api/admin/collections/:id.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminCuration } from '@ipsv/contracts/search';
import { apiRequest } from '../../../lib/api-client';
import { curationKey } from './get-curation';

export const deleteCollection = (id: number) => apiRequest<AdminCuration>(`/api/admin/collections/${id}`, { method: 'DELETE' });

export function useDeleteCollection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteCollection,
    onSuccess: (data) => {
      queryClient.setQueryData(curationKey, data);
      return queryClient.invalidateQueries({ queryKey: ['landing'] });
    },
  });
}
