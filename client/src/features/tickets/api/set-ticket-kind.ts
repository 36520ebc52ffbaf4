import { useMutation, useQueryClient } from '@tanstack/react-query';
import { AdminTicketDetailSchema } from '@shared/schemas/tickets';
import type { TicketKind } from '@shared/schemas/updates';
import { apiSend } from '@/lib/api-request';
import { clientUpdatesQueryOptions } from '@/features/updates/public';
import { adminTicketChanged } from './get-admin-ticket';

/**
 * PATCH /api/admin/tickets/{id} with its kind: a website update counts against the client's
 * plan for the month (a question filed by mistake, an update that came by e-mail).
 */
export function setTicketKind(id: string, kind: TicketKind) {
  return apiSend('PATCH', `/api/admin/tickets/${encodeURIComponent(id)}`, AdminTicketDetailSchema, {
    kind,
  });
}

export function useSetTicketKind(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (kind: TicketKind) => setTicketKind(id, kind),
    meta: { error: { fallback: 'Failed to update the ticket. Please try again.' } },
    onSuccess: async (detail) => {
      adminTicketChanged(queryClient, id, detail);
      // The client's meter counts website updates only.
      await queryClient.invalidateQueries({
        queryKey: clientUpdatesQueryOptions(detail.ticket.client.id).queryKey,
      });
    },
  });
}
