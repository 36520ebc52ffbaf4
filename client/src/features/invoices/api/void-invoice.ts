import { useMutation, useQueryClient } from '@tanstack/react-query';
import { InvoiceDetailSchema, type VoidInvoice } from '@shared/schemas/invoices';
import { apiSend } from '@/lib/api-request';
import { invoiceQueryOptions } from './get-invoice';
import { invoicePagesKey } from './get-invoices';

/** POST /api/admin/invoices/{id}/void: a sent invoice withdrawn, with the reason. */
export function voidInvoice({ id, input }: { id: string; input: VoidInvoice }) {
  return apiSend('POST', `/api/admin/invoices/${id}/void`, InvoiceDetailSchema, input);
}

export function useVoidInvoice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: voidInvoice,
    meta: { error: { fallback: 'Failed to void the invoice' } },
    onSuccess: (detail) => {
      queryClient.setQueryData(invoiceQueryOptions(detail.invoice.id).queryKey, detail);
      return queryClient.invalidateQueries({ queryKey: invoicePagesKey });
    },
  });
}
