import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { TicketSchema } from '@shared/schemas/tickets';
import { apiGet } from '@/lib/api-request';

const TicketsSchema = z.array(TicketSchema);

/** GET /api/tickets: the signed-in client's tickets, newest first. */
export function getTickets(signal?: AbortSignal) {
  return apiGet('/api/tickets', TicketsSchema, signal);
}

export const ticketsQueryOptions = () =>
  queryOptions({ queryKey: ['/api/tickets'], queryFn: ({ signal }) => getTickets(signal) });

export function useTickets() {
  return useQuery(ticketsQueryOptions());
}
