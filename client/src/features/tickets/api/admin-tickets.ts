import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AdminReply,
  AdminTicket,
  AdminTicketDetail,
  TicketStatus,
} from '@shared/schemas/tickets';
import { apiRequest, throwIfNotOk } from '@/lib/api-request';

// The agency's side of support: /api/admin/tickets (list, summary, detail, reply, status).

const ADMIN_TICKETS = '/api/admin/tickets';

export const adminTicketsQueryOptions = (status?: TicketStatus) =>
  queryOptions<AdminTicket[]>({
    queryKey: [ADMIN_TICKETS, { status }],
    queryFn: async ({ signal }) => {
      const query = status ? `?status=${status}` : '';
      const res = await fetch(`${ADMIN_TICKETS}${query}`, { credentials: 'include', signal });
      await throwIfNotOk(res);
      return (await res.json()) as AdminTicket[];
    },
  });

export function useAdminTickets(status?: TicketStatus) {
  return useQuery(adminTicketsQueryOptions(status));
}

/** The open-ticket count shown in the admin navigation; kept fresh while the panel is open. */
export const ticketSummaryQueryOptions = () =>
  queryOptions<{ open: number }>({
    queryKey: [ADMIN_TICKETS, 'summary'],
    staleTime: 30_000,
    refetchInterval: 60_000,
  });

export function useTicketSummary() {
  return useQuery(ticketSummaryQueryOptions());
}

export const adminTicketQueryOptions = (id: string) =>
  queryOptions<AdminTicketDetail>({ queryKey: [ADMIN_TICKETS, id] });

export function useAdminTicket(id: string) {
  return useQuery(adminTicketQueryOptions(id));
}

function useTicketUpdate<Input>(id: string, send: (input: Input) => Promise<Response>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: Input) => (await (await send(input)).json()) as AdminTicketDetail,
    onSuccess: (detail) => {
      queryClient.setQueryData(adminTicketQueryOptions(id).queryKey, detail);
      // The list and the nav's count change with it.
      return queryClient.invalidateQueries({
        queryKey: [ADMIN_TICKETS],
        predicate: (query) => query.queryKey[1] !== id,
      });
    },
  });
}

export function useReplyToTicket(id: string) {
  return useTicketUpdate(id, (reply: AdminReply) =>
    apiRequest('POST', `${ADMIN_TICKETS}/${id}/messages`, reply),
  );
}

export function useSetTicketStatus(id: string) {
  return useTicketUpdate(id, (status: TicketStatus) =>
    apiRequest('PATCH', `${ADMIN_TICKETS}/${id}`, { status }),
  );
}
