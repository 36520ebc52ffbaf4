import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Ticket } from '@shared/schemas/tickets';

/** GET /api/tickets: the signed-in client's tickets, newest first. */
export const ticketsQueryOptions = () => queryOptions<Ticket[]>({ queryKey: ['/api/tickets'] });

export function useTickets() {
  return useQuery(ticketsQueryOptions());
}
