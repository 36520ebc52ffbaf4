import { useMutation, useQueryClient } from '@tanstack/react-query';
import { TicketDetailSchema } from '@shared/schemas/tickets';
import { apiSend } from '@/lib/api-request';
import { ticketQueryOptions } from './get-ticket';
import { ticketPagesKey, ticketSummaryKey } from './get-tickets';

/** POST /api/tickets/{id}/messages: the client's message; answers the whole conversation. */
export function addTicketMessage(id: string, message: string) {
  return apiSend('POST', `/api/tickets/${encodeURIComponent(id)}/messages`, TicketDetailSchema, {
    message,
  });
}

export function useAddTicketMessage(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (message: string) => addTicketMessage(id, message),
    meta: { error: { fallback: 'Failed to send message. Please try again.' } },
    onSuccess: (detail) => {
      queryClient.setQueryData(ticketQueryOptions(id).queryKey, detail);
      // Only the lists: the ticket itself is the answer just stored.
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: ticketPagesKey }),
        queryClient.invalidateQueries({ queryKey: ticketSummaryKey }),
      ]);
    },
  });
}
