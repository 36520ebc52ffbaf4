import { useMutation, useQueryClient } from '@tanstack/react-query';
import { EmailedInvoiceSchema } from '@shared/schemas/invoices';
import { apiSend } from '@/lib/api-request';
import { invoiceQueryOptions } from './get-invoice';
import { invoicePagesKey } from './get-invoices';

/** POST /api/admin/invoices/{id}/email: mails the PDF to the client; a draft becomes sent. */
export function emailInvoice(id: string) {
  return apiSend('POST', `/api/admin/invoices/${id}/email`, EmailedInvoiceSchema);
}

export function useEmailInvoice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: emailInvoice,
    meta: { error: { fallback: 'Failed to email the invoice' } },
    onSuccess: ({ message: _message, delivery: _delivery, ...detail }) => {
      queryClient.setQueryData(invoiceQueryOptions(detail.invoice.id).queryKey, detail);
      return queryClient.invalidateQueries({
        queryKey: invoicePagesKey,
      });
    },
  });
}
