import { useMutation, useQueryClient } from '@tanstack/react-query';
import { AdminTicketDetailSchema, type TicketStatus } from '@shared/schemas/tickets';
import { apiSend } from '@/lib/api-request';
import { adminTicketChanged } from './get-admin-ticket';

/** PATCH /api/admin/tickets/{id}: answers the ticket as it now is. */
export function setTicketStatus(id: string, status: TicketStatus) {
  return apiSend('PATCH', `/api/admin/tickets/${encodeURIComponent(id)}`, AdminTicketDetailSchema, {
    status,
  });
}

export function useSetTicketStatus(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (status: TicketStatus) => setTicketStatus(id, status),
    meta: { error: { fallback: 'Failed to update the ticket. Please try again.' } },
    onSuccess: (detail) => adminTicketChanged(queryClient, id, detail),
  });
}
