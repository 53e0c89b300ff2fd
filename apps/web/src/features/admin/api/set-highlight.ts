// PUT /api/admin/highlights: the highlight of a month (replaces that month's).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminCuration, HighlightInput } from '@ipsv/contracts/search';
import { apiRequest } from '../../../lib/api-client';
import { curationKey } from './get-curation';

export const setHighlight = (body: HighlightInput) => apiRequest<AdminCuration>('/api/admin/highlights', { method: 'PUT', body });

export function useSetHighlight() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setHighlight,
    onSuccess: (data) => {
      queryClient.setQueryData(curationKey, data);
      return queryClient.invalidateQueries({ queryKey: ['landing'] });
    },
  });
}
