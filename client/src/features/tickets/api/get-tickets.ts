import { queryOptions, useQuery } from '@tanstack/react-query';
import { ClientTicketSummarySchema, TicketPageSchema } from '@shared/schemas/tickets';
import { apiGet } from '@/lib/api-request';
import { pageQueryOptions, pagesKey, type ListParams } from '@/lib/list-params';

const PATH = '/api/tickets';
const PARAMS = ['page', 'pageSize'] as const;

/** Every page of the client's tickets: what a new ticket or message refreshes. */
export const ticketPagesKey = pagesKey(PATH);
/** The count of unresolved tickets: refreshed with the pages. */
export const ticketSummaryKey = [PATH, 'summary'] as const;

/** GET /api/tickets?page=&pageSize=: one page of the signed-in client's tickets, newest first. */
export const ticketsQueryOptions = (params: ListParams<(typeof PARAMS)[number]> = {}) =>
  pageQueryOptions(PATH, TicketPageSchema, PARAMS, params);

export function useTickets(params: ListParams<(typeof PARAMS)[number]> = {}) {
  return useQuery(ticketsQueryOptions(params));
}

/** GET /api/tickets/summary: how many of the client's tickets are not resolved. */
export const clientTicketSummaryQueryOptions = () =>
  queryOptions({
    queryKey: ticketSummaryKey,
    queryFn: ({ signal }) => apiGet(`${PATH}/summary`, ClientTicketSummarySchema, signal),
  });

/** The open-ticket count for the Overview's Support card. */
export function useOpenTicketCount(): number | undefined {
  return useQuery(clientTicketSummaryQueryOptions()).data?.unresolved;
}
