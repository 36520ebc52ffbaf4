import { queryOptions, useQuery } from '@tanstack/react-query';
import { TicketSummarySchema } from '@shared/schemas/tickets';
import { apiGet } from '@/lib/api-request';

/** GET /api/admin/tickets/summary: how many tickets wait for the agency. */
export function getTicketSummary(signal?: AbortSignal) {
  return apiGet('/api/admin/tickets/summary', TicketSummarySchema, signal);
}

/** The open-ticket count shown in the admin navigation; kept fresh while the panel is open. */
export const ticketSummaryQueryOptions = () =>
  queryOptions({
    queryKey: ['/api/admin/tickets', 'summary'],
    queryFn: ({ signal }) => getTicketSummary(signal),
    staleTime: 30_000,
    refetchInterval: 60_000,
  });

export function useTicketSummary() {
  return useQuery(ticketSummaryQueryOptions());
}
