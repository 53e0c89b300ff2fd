// PUT /api/users/:id/picture: the image file is the request body; the server checks it again and
// crops it to a 256 px square.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Profile } from '@ipsv/contracts/users';
import { invalidateProfile } from '../../../api/get-profile';
import { apiRequest } from '../../../lib/api-client';

export const uploadPicture = (userId: string, file: File) =>
  apiRequest<Profile>(`/api/users/${encodeURIComponent(userId)}/picture`, { method: 'PUT', body: file });

export function useUploadPicture(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => uploadPicture(userId, file),
    onSuccess: () => invalidateProfile(queryClient),
  });
}
