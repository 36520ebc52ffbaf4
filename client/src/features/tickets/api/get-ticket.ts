import { queryOptions, useQuery } from '@tanstack/react-query';
import { TicketDetailSchema } from '@shared/schemas/tickets';
import { apiGet } from '@/lib/api-request';

const REPLY_POLL_MS = 30_000;

/** GET /api/tickets/{id}: the signed-in client's ticket and its conversation. */
export function getTicket(id: string, signal?: AbortSignal) {
  return apiGet(`/api/tickets/${encodeURIComponent(id)}`, TicketDetailSchema, signal);
}

/**
 * While the ticket is open the page looks for the agency's reply every 30 seconds, so the
 * client need not reload.
 */
export const ticketQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['/api/tickets', id],
    queryFn: ({ signal }) => getTicket(id, signal),
    refetchInterval: (query) =>
      query.state.data?.ticket.status === 'resolved' ? false : REPLY_POLL_MS,
  });

export function useTicket(id: string) {
  return useQuery(ticketQueryOptions(id));
}
