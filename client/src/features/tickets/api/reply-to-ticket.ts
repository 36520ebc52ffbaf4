import { useMutation, useQueryClient } from '@tanstack/react-query';
import { AdminTicketDetailSchema, type AdminReply } from '@shared/schemas/tickets';
import { apiSend } from '@/lib/api-request';
import { adminTicketChanged } from './get-admin-ticket';

/**
 * POST /api/admin/tickets/{id}/messages: the agency's reply, and the status it leaves the
 * ticket in; answers the ticket as it now is.
 */
export function replyToTicket(id: string, reply: AdminReply) {
  return apiSend(
    'POST',
    `/api/admin/tickets/${encodeURIComponent(id)}/messages`,
    AdminTicketDetailSchema,
    reply,
  );
}

export function useReplyToTicket(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (reply: AdminReply) => replyToTicket(id, reply),
    meta: { error: { fallback: 'Failed to send the reply. Please try again.' } },
    onSuccess: (detail) => adminTicketChanged(queryClient, id, detail),
  });
}
