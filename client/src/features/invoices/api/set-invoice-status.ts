import { useMutation, useQueryClient } from '@tanstack/react-query';
import { InvoiceStatusChangedSchema, type InvoiceStatus } from '@shared/schemas/invoices';
import { apiSend } from '@/lib/api-request';
import { invoiceQueryOptions } from './get-invoice';
import { invoicePagesKey } from './get-invoices';

/**
 * PATCH /api/admin/invoices/{id}: draft to sent (e-mailed; the answer says how it went out),
 * sent or overdue to paid.
 */
export function setInvoiceStatus({ id, status }: { id: string; status: InvoiceStatus }) {
  return apiSend('PATCH', `/api/admin/invoices/${id}`, InvoiceStatusChangedSchema, { status });
}

export function useSetInvoiceStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setInvoiceStatus,
    meta: { error: { fallback: 'Failed to update invoice status' } },
    onSuccess: ({ message: _message, delivery: _delivery, ...detail }) => {
      queryClient.setQueryData(invoiceQueryOptions(detail.invoice.id).queryKey, detail);
      return queryClient.invalidateQueries({
        queryKey: invoicePagesKey,
      });
    },
  });
}
