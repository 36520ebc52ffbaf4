import { useMutation, useQueryClient } from '@tanstack/react-query';
import { AdminReplyResultSchema, type AdminReply } from '@shared/schemas/tickets';
import { apiSend } from '@/lib/api-request';
import { adminTicketChanged } from './get-admin-ticket';
import { withFiles } from './get-attachment-limits';

/**
 * POST /api/admin/tickets/{id}/messages: the agency's reply with its files, and the status it
 * leaves the ticket in; answers the ticket as it now is and the files refused.
 */
export function replyToTicket(id: string, reply: AdminReply, files: File[] = []) {
  return apiSend(
    'POST',
    `/api/admin/tickets/${encodeURIComponent(id)}/messages`,
    AdminReplyResultSchema,
    withFiles({ message: reply.message, status: reply.status }, files),
  );
}

export function useReplyToTicket(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ files = [], ...reply }: AdminReply & { files?: File[] }) =>
      replyToTicket(id, reply, files),
    meta: { error: { fallback: 'Failed to send the reply. Please try again.' } },
    onSuccess: ({ refused: _refused, renamed: _renamed, ...detail }) =>
      adminTicketChanged(queryClient, id, detail),
  });
}
