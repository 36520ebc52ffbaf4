import { useMutation, useQueryClient } from '@tanstack/react-query';
import { TicketSchema, type CreateTicket } from '@shared/schemas/tickets';
import { apiSend } from '@/lib/api-request';
import { ticketPagesKey, ticketSummaryKey } from './get-tickets';

/** POST /api/tickets. */
export function createTicket(input: CreateTicket) {
  return apiSend('POST', '/api/tickets', TicketSchema, input);
}

export function useCreateTicket() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createTicket,
    meta: { error: { fallback: 'Failed to create ticket. Please try again.' } },
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ticketPagesKey }),
        queryClient.invalidateQueries({ queryKey: ticketSummaryKey }),
      ]),
  });
}
