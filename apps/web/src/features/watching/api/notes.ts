// My notes on one video: list, take, edit, delete. Every change refetches the video's notes and the
// noted-videos list.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Note, NoteInput, NoteUpdate } from '@ipsv/contracts/watching';
import { apiRequest } from '../../../lib/api-client';
import { libraryKey } from './library';

export const notesKey = (videoId: string) => ['notes', videoId] as const;

export function useNotes(videoId: string, enabled: boolean) {
  return useQuery({
    queryKey: notesKey(videoId),
    queryFn: ({ signal }) => apiRequest<{ notes: Note[] }>(`/api/videos/${encodeURIComponent(videoId)}/notes`, { signal }).then((r) => r.notes),
    enabled,
  });
}

function useNoteChange<T>(videoId: string, call: (input: T) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: notesKey(videoId) });
      await queryClient.invalidateQueries({ queryKey: libraryKey('notes') });
    },
  });
}

export const useTakeNote = (videoId: string) =>
  useNoteChange(videoId, (input: NoteInput) => apiRequest<Note>(`/api/videos/${encodeURIComponent(videoId)}/notes`, { method: 'POST', body: input }));
export const useEditNote = (videoId: string) =>
  useNoteChange(videoId, ({ id, ...patch }: NoteUpdate & { id: number }) => apiRequest<Note>(`/api/notes/${id}`, { method: 'PATCH', body: patch }));
export const useDeleteNote = (videoId: string) => useNoteChange(videoId, (id: number) => apiRequest<void>(`/api/notes/${id}`, { method: 'DELETE' }));
