import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ExtraUpdateBilledSchema } from '@shared/schemas/updates';
import { apiSend } from '@/lib/api-request';

/** POST /api/admin/tickets/{id}/extra-update: the update as a line on the client's draft. */
export function billExtraUpdate(ticketId: string) {
  return apiSend(
    'POST',
    `/api/admin/tickets/${encodeURIComponent(ticketId)}/extra-update`,
    ExtraUpdateBilledSchema,
  );
}

export function useBillExtraUpdate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: billExtraUpdate,
    meta: { error: { fallback: 'Failed to bill the extra update. Please try again.' } },
    // The meter's rows, the client's page and the invoices (queries keyed by their URL): the
    // draft is new, or has one more line.
    onSettled: () =>
      Promise.all(
        ['/api/admin/clients', '/api/admin/invoices'].map((url) =>
          queryClient.invalidateQueries({ queryKey: [url] }),
        ),
      ),
  });
}
