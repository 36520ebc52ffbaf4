import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ClientNoteSchema, type NewClientNote } from '@shared/schemas/clients';
import { apiRequest, apiSend } from '@/lib/api-request';
import { clientQueryOptions } from './get-client';

const notesPath = (clientId: string) => `/api/admin/clients/${encodeURIComponent(clientId)}/notes`;

/** POST /api/admin/clients/{id}/notes: a private note; answers the note. */
export function useAddClientNote(clientId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (note: NewClientNote) =>
      apiSend('POST', notesPath(clientId), ClientNoteSchema, note),
    meta: { error: { fallback: 'The note could not be saved. Please try again.' } },
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: clientQueryOptions(clientId).queryKey }),
  });
}

/** DELETE /api/admin/clients/{id}/notes/{noteId}: answered 204. */
export function useDeleteClientNote(clientId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (noteId: string) => {
      await apiRequest('DELETE', `${notesPath(clientId)}/${encodeURIComponent(noteId)}`);
    },
    meta: { error: { fallback: 'The note could not be deleted. Please try again.' } },
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: clientQueryOptions(clientId).queryKey }),
  });
}
