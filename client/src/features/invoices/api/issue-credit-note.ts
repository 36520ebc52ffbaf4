import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { IssueCreditNote } from '@shared/schemas/credit-notes';
import { IssuedCreditNoteSchema } from '@shared/schemas/invoices';
import { apiSend } from '@/lib/api-request';
import { invoiceQueryOptions } from './get-invoice';

/**
 * POST /api/admin/invoices/{id}/credit-notes: part or all of a paid invoice credited, amount in
 * integer cents. The answer is the invoice now, the credit note issued and what was done.
 */
export function issueCreditNote({ id, input }: { id: string; input: IssueCreditNote }) {
  return apiSend('POST', `/api/admin/invoices/${id}/credit-notes`, IssuedCreditNoteSchema, input);
}

export function useIssueCreditNote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: issueCreditNote,
    meta: { error: { fallback: 'Failed to issue the credit note' } },
    onSuccess: ({ creditNote: _issued, message: _message, ...detail }) => {
      queryClient.setQueryData(invoiceQueryOptions(detail.invoice.id).queryKey, detail);
    },
  });
}
