import { useMutation, useQueryClient } from '@tanstack/react-query';
import { TicketMessageResultSchema } from '@shared/schemas/tickets';
import { apiSend } from '@/lib/api-request';
import { withFiles } from './get-attachment-limits';
import { ticketQueryOptions } from './get-ticket';
import { ticketPagesKey, ticketSummaryKey } from './get-tickets';

/**
 * POST /api/tickets/{id}/messages: the client's message and its files; answers the whole
 * conversation and the files refused.
 */
export function addTicketMessage(id: string, message: string, files: File[] = []) {
  return apiSend(
    'POST',
    `/api/tickets/${encodeURIComponent(id)}/messages`,
    TicketMessageResultSchema,
    withFiles({ message }, files),
  );
}

export function useAddTicketMessage(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ message, files }: { message: string; files: File[] }) =>
      addTicketMessage(id, message, files),
    meta: { error: { fallback: 'Failed to send message. Please try again.' } },
    onSuccess: ({ refused: _refused, renamed: _renamed, ...detail }) => {
      queryClient.setQueryData(ticketQueryOptions(id).queryKey, detail);
      // Only the lists: the ticket itself is the answer just stored.
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: ticketPagesKey }),
        queryClient.invalidateQueries({ queryKey: ticketSummaryKey }),
      ]);
    },
  });
}
