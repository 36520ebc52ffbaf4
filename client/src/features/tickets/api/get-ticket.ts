import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TicketDetail } from '@shared/schemas/tickets';

const REPLY_POLL_MS = 30_000;

/**
 * GET /api/tickets/{id}: the ticket and its conversation. While the ticket is open the page
 * looks for the agency's reply every 30 seconds, so the client need not reload.
 */
export const ticketQueryOptions = (id: string) =>
  queryOptions<TicketDetail>({
    queryKey: ['/api/tickets', id],
    refetchInterval: (query) =>
      query.state.data?.ticket.status === 'resolved' ? false : REPLY_POLL_MS,
  });

export function useTicket(id: string) {
  return useQuery(ticketQueryOptions(id));
}
