import { useMutation, useQueryClient } from '@tanstack/react-query';
import { InvoiceDetailSchema, type InvoiceStatus } from '@shared/schemas/invoices';
import { apiSend } from '@/lib/api-request';
import { invoiceQueryOptions } from './get-invoice';
import { invoicesQueryOptions } from './get-invoices';

/** PATCH /api/admin/invoices/{id}: draft to sent, sent or overdue to paid. */
export function setInvoiceStatus({ id, status }: { id: string; status: InvoiceStatus }) {
  return apiSend('PATCH', `/api/admin/invoices/${id}`, InvoiceDetailSchema, { status });
}

export function useSetInvoiceStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setInvoiceStatus,
    meta: { error: { fallback: 'Failed to update invoice status' } },
    onSuccess: (detail) => {
      queryClient.setQueryData(invoiceQueryOptions(detail.invoice.id).queryKey, detail);
      return queryClient.invalidateQueries({
        queryKey: invoicesQueryOptions().queryKey,
        exact: true,
      });
    },
  });
}
