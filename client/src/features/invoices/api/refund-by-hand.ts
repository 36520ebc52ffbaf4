import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CreditNoteSchema } from '@shared/schemas/credit-notes';
import type { RefundByHand } from '@shared/schemas/statements';
import { apiSend } from '@/lib/api-request';
import { invoiceQueryOptions } from './get-invoice';

/**
 * POST /api/admin/credit-notes/{id}/refunded-by-hand: what of a credit note does not go back
 * to the card was given back by the agency, on a day, with a reference (issue 39).
 */
export function refundByHand({ id, input }: { id: string; input: RefundByHand }) {
  return apiSend(
    'POST',
    `/api/admin/credit-notes/${encodeURIComponent(id)}/refunded-by-hand`,
    CreditNoteSchema,
    input,
  );
}

export function useRefundByHand() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: refundByHand,
    meta: { error: { fallback: 'Failed to record the money returned by hand' } },
    onSuccess: (note) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: invoiceQueryOptions(note.invoiceId).queryKey }),
        // The client's statement now shows the refund.
        queryClient.invalidateQueries({ queryKey: ['/api/admin/clients'] }),
      ]),
  });
}
