import { useQuery } from '@tanstack/react-query';
import { ADMIN_TICKET_LIST_PARAMS, AdminTicketPageSchema } from '@shared/schemas/tickets';
import { pageQueryOptions, pagesKey, type ListParams } from '@/lib/list-params';

const PATH = '/api/admin/tickets';

export type AdminTicketListParams = ListParams<(typeof ADMIN_TICKET_LIST_PARAMS)[number]>;

/** The start of every admin ticket list's key, whatever its filter: what a change refreshes. */
export const adminTicketListsKey = () => pagesKey(PATH);

/**
 * GET /api/admin/tickets?q=&status=&client=&page=&pageSize=: one page of every client's
 * tickets, most recent activity first.
 */
export const adminTicketsQueryOptions = (params: AdminTicketListParams = {}) =>
  pageQueryOptions(PATH, AdminTicketPageSchema, ADMIN_TICKET_LIST_PARAMS, params);

export function useAdminTickets(params: AdminTicketListParams) {
  return useQuery(adminTicketsQueryOptions(params));
}
