import { useMutation, useQueryClient } from '@tanstack/react-query';
import { InvoiceDetailSchema } from '@shared/schemas/invoices';
import { apiSend } from '@/lib/api-request';
import { invoiceQueryOptions } from './get-invoice';
import { invoicePagesKey } from './get-invoices';

/** POST /api/admin/invoices/{id}/mark-sent: numbered and recorded sent, not e-mailed. */
export function markInvoiceSent(id: string) {
  return apiSend('POST', `/api/admin/invoices/${id}/mark-sent`, InvoiceDetailSchema);
}

export function useMarkInvoiceSent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markInvoiceSent,
    meta: { error: { fallback: 'Failed to mark the invoice as sent' } },
    onSuccess: (detail) => {
      queryClient.setQueryData(invoiceQueryOptions(detail.invoice.id).queryKey, detail);
      return queryClient.invalidateQueries({ queryKey: invoicePagesKey });
    },
  });
}
