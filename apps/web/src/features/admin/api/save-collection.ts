// POST /api/admin/collections (new) or PUT /api/admin/collections/:id: a collection with its videos in order.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminCuration, CollectionInput } from '@ipsv/contracts/search';
import { apiRequest } from '../../../lib/api-client';
import { curationKey } from './get-curation';

export const saveCollection = (id: number | null, body: CollectionInput) =>
  apiRequest<AdminCuration>(id === null ? '/api/admin/collections' : `/api/admin/collections/${id}`, { method: id === null ? 'POST' : 'PUT', body });

export function useSaveCollection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: CollectionInput }) => saveCollection(id, body),
    onSuccess: (data) => {
      queryClient.setQueryData(curationKey, data);
      return queryClient.invalidateQueries({ queryKey: ['landing'] });
    },
  });
}
