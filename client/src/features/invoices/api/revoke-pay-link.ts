import { useMutation, useQueryClient } from '@tanstack/react-query';
import { InvoiceDetailSchema } from '@shared/schemas/invoices';
import { apiSend } from '@/lib/api-request';
import { invoiceQueryOptions } from './get-invoice';

/**
 * POST /api/admin/invoices/{id}/pay-link/revoke: the pay link handed out stops working; the
 * next e-mail about the invoice carries a new one.
 */
export function revokePayLink(id: string) {
  return apiSend('POST', `/api/admin/invoices/${id}/pay-link/revoke`, InvoiceDetailSchema);
}

export function useRevokePayLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokePayLink,
    meta: { error: { fallback: 'Failed to revoke the pay link' } },
    onSuccess: (detail) =>
      queryClient.setQueryData(invoiceQueryOptions(detail.invoice.id).queryKey, detail),
  });
}
