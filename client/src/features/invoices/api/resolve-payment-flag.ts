import { useMutation, useQueryClient } from '@tanstack/react-query';
import { InvoiceDetailSchema } from '@shared/schemas/invoices';
import { apiSend } from '@/lib/api-request';
import { invoiceQueryOptions } from './get-invoice';
import { invoicePagesKey } from './get-invoices';

/** POST /api/admin/invoices/{id}/resolve-flag: the owner dealt with the flagged money. */
export function resolvePaymentFlag(id: string) {
  return apiSend('POST', `/api/admin/invoices/${id}/resolve-flag`, InvoiceDetailSchema);
}

export function useResolvePaymentFlag() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resolvePaymentFlag,
    meta: { error: { fallback: 'Failed to mark the check resolved' } },
    onSuccess: (detail) => {
      queryClient.setQueryData(invoiceQueryOptions(detail.invoice.id).queryKey, detail);
      return queryClient.invalidateQueries({
        queryKey: invoicePagesKey,
      });
    },
  });
}
