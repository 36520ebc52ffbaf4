import { useMutation, useQueryClient } from '@tanstack/react-query';
import { InvoiceDetailSchema } from '@shared/schemas/invoices';
import type { WaiveLateFee } from '@shared/schemas/late-fees';
import { apiSend } from '@/lib/api-request';
import { invoiceQueryOptions } from './get-invoice';
import { invoicePagesKey } from './get-invoices';

/** POST /api/admin/invoices/{id}/waive-late-fee: a late-fee invoice voided, with the reason. */
export function waiveLateFee({ id, input }: { id: string; input: WaiveLateFee }) {
  return apiSend('POST', `/api/admin/invoices/${id}/waive-late-fee`, InvoiceDetailSchema, input);
}

export function useWaiveLateFee() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: waiveLateFee,
    meta: { error: { fallback: 'Failed to waive the late fee' } },
    onSuccess: (detail) => {
      queryClient.setQueryData(invoiceQueryOptions(detail.invoice.id).queryKey, detail);
      const original = detail.invoice.lateFeeForInvoiceId;
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: invoicePagesKey }),
        // The original's detail shows its late fee, now void.
        original
          ? queryClient.invalidateQueries({ queryKey: invoiceQueryOptions(original).queryKey })
          : undefined,
      ]);
    },
  });
}
