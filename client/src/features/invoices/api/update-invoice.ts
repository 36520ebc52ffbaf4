import { useMutation, useQueryClient } from '@tanstack/react-query';
import { InvoiceDetailSchema, type CreateInvoice } from '@shared/schemas/invoices';
import { apiSend } from '@/lib/api-request';
import { invoiceQueryOptions } from './get-invoice';
import { invoicePagesKey } from './get-invoices';

/** PUT /api/admin/invoices/{id}: a draft edited in full (the create body). */
export function updateInvoice({ id, input }: { id: string; input: CreateInvoice }) {
  return apiSend('PUT', `/api/admin/invoices/${id}`, InvoiceDetailSchema, input);
}

export function useUpdateInvoice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateInvoice,
    meta: { error: { fallback: 'Failed to save the invoice' } },
    onSuccess: (detail) => {
      queryClient.setQueryData(invoiceQueryOptions(detail.invoice.id).queryKey, detail);
      return queryClient.invalidateQueries({ queryKey: invoicePagesKey });
    },
  });
}
