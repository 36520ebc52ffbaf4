import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { AdminTicketSchema, type TicketStatus } from '@shared/schemas/tickets';
import { apiGet } from '@/lib/api-request';

const AdminTicketsSchema = z.array(AdminTicketSchema);

/** The start of every admin ticket list's key, whatever its filter: what a change refreshes. */
export const adminTicketListsKey = () => ['/api/admin/tickets', 'list'] as const;

/** GET /api/admin/tickets?status=: every client's tickets, most recent activity first. */
export function getAdminTickets(status?: TicketStatus, signal?: AbortSignal) {
  const query = status ? `?status=${status}` : '';
  return apiGet(`/api/admin/tickets${query}`, AdminTicketsSchema, signal);
}

export const adminTicketsQueryOptions = (status?: TicketStatus) =>
  queryOptions({
    queryKey: [...adminTicketListsKey(), status ?? 'all'],
    queryFn: ({ signal }) => getAdminTickets(status, signal),
  });

export function useAdminTickets(status?: TicketStatus) {
  return useQuery(adminTicketsQueryOptions(status));
}
