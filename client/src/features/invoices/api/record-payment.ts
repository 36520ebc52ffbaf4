import { useMutation, useQueryClient } from '@tanstack/react-query';
import { InvoiceDetailSchema } from '@shared/schemas/invoices';
import type { RecordPayment } from '@shared/schemas/payments';
import { apiSend } from '@/lib/api-request';
import { invoiceQueryOptions } from './get-invoice';
import { invoicePagesKey } from './get-invoices';

/**
 * POST /api/admin/invoices/{id}/payments: a payment received outside Stripe, amount in
 * integer cents. The answer is the invoice now: paid once its payments cover the total.
 */
export function recordPayment({ id, payment }: { id: string; payment: RecordPayment }) {
  return apiSend('POST', `/api/admin/invoices/${id}/payments`, InvoiceDetailSchema, payment);
}

export function useRecordPayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: recordPayment,
    meta: { error: { fallback: 'Failed to record the payment' } },
    onSuccess: (detail) => {
      queryClient.setQueryData(invoiceQueryOptions(detail.invoice.id).queryKey, detail);
      // The list shows each invoice's balance and status, which this payment changed.
      return queryClient.invalidateQueries({
        queryKey: invoicePagesKey,
      });
    },
  });
}
