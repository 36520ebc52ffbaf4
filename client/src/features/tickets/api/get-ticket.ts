import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TicketDetail } from '@shared/schemas/tickets';

/** GET /api/tickets/{id}: the ticket and its conversation. */
export const ticketQueryOptions = (id: string) =>
  queryOptions<TicketDetail>({ queryKey: ['/api/tickets', id] });

export function useTicket(id: string) {
  return useQuery(ticketQueryOptions(id));
}
