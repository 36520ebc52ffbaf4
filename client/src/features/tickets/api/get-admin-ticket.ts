import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { AdminTicketDetailSchema, type AdminTicketDetail } from '@shared/schemas/tickets';
import { apiGet } from '@/lib/api-request';
import { adminTicketListsKey } from './get-admin-tickets';
import { ticketSummaryQueryOptions } from './get-ticket-summary';

/** GET /api/admin/tickets/{id}: the ticket, whose it is, and its conversation. */
export function getAdminTicket(id: string, signal?: AbortSignal) {
  return apiGet(`/api/admin/tickets/${encodeURIComponent(id)}`, AdminTicketDetailSchema, signal);
}

export const adminTicketQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['/api/admin/tickets', 'detail', id],
    queryFn: ({ signal }) => getAdminTicket(id, signal),
  });

export function useAdminTicket(id: string) {
  return useQuery(adminTicketQueryOptions(id));
}

/**
 * After the agency changed a ticket: its page shows the answer as it is, and the lists and the
 * navigation's count, which change with it, load again.
 */
export function adminTicketChanged(
  queryClient: QueryClient,
  id: string,
  detail: AdminTicketDetail,
) {
  queryClient.setQueryData(adminTicketQueryOptions(id).queryKey, detail);
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: adminTicketListsKey() }),
    queryClient.invalidateQueries({ queryKey: ticketSummaryQueryOptions().queryKey }),
  ]);
}
