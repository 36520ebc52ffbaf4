import { useMutation, useQueryClient } from '@tanstack/react-query';
import { InvoiceDetailSchema } from '@shared/schemas/invoices';
import { apiSend } from '@/lib/api-request';
import { invoiceQueryOptions } from './get-invoice';
import { invoicePagesKey } from './get-invoices';

/**
 * POST /api/admin/invoices/{id}/resolve-flag: the owner dealt with one warning (flagId), or
 * with every one of them (no flagId).
 */
export function resolvePaymentFlag({ id, flagId }: { id: string; flagId?: string }) {
  return apiSend(
    'POST',
    `/api/admin/invoices/${id}/resolve-flag`,
    InvoiceDetailSchema,
    flagId ? { flagId } : undefined,
  );
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
