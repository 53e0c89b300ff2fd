// DELETE /api/admin/highlights/:month.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminCuration } from '@ipsv/contracts/search';
import { apiRequest } from '../../../lib/api-client';
import { curationKey } from './get-curation';

export const deleteHighlight = (month: string) => apiRequest<AdminCuration>(`/api/admin/highlights/${encodeURIComponent(month)}`, { method: 'DELETE' });

export function useDeleteHighlight() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteHighlight,
    onSuccess: (data) => {
      queryClient.setQueryData(curationKey, data);
      return queryClient.invalidateQueries({ queryKey: ['landing'] });
    },
  });
}
