import { useMutation, useQueryClient } from '@tanstack/react-query';
import { OutboxResentSchema } from '@shared/schemas/mail';
import { apiSend } from '@/lib/api-request';
import { outboxPagesKey } from './get-outbox';
import { outboxMessageQueryOptions } from './get-outbox-message';

/** POST /api/admin/outbox/{id}/send: a failed message handed to the mail server once more. */
export function sendOutboxMessage(id: string) {
  return apiSend('POST', `/api/admin/outbox/${encodeURIComponent(id)}/send`, OutboxResentSchema);
}

/**
 * A refusal is an error answer (502, with the mail server's error): the message and the list
 * are read again either way, to show the new error and the count of tries.
 */
export function useSendOutboxMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendOutboxMessage,
    meta: { error: { fallback: 'The message could not be sent again' } },
    onSuccess: (resent) =>
      queryClient.setQueryData(outboxMessageQueryOptions(resent.outbox.id).queryKey, resent.outbox),
    onSettled: (_data, _error, id) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: outboxPagesKey }),
        queryClient.invalidateQueries({ queryKey: outboxMessageQueryOptions(id).queryKey }),
      ]),
  });
}
