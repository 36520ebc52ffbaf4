import { useMutation, useQueryClient } from '@tanstack/react-query';
import { PaymentSchema, type VoidPayment } from '@shared/schemas/payments';
import { apiSend } from '@/lib/api-request';
import { invoiceQueryOptions } from './get-invoice';
import { invoicePagesKey } from './get-invoices';

/** POST /api/admin/payments/{id}/void: a payment recorded by mistake, with the reason. */
export function voidPayment({ id, input }: { id: string; input: VoidPayment }) {
  return apiSend('POST', `/api/admin/payments/${id}/void`, PaymentSchema, input);
}

export function useVoidPayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: voidPayment,
    meta: { error: { fallback: 'Failed to void the payment' } },
    onSuccess: (payment) =>
      Promise.all([
        payment.invoiceId
          ? queryClient.invalidateQueries({
              queryKey: invoiceQueryOptions(payment.invoiceId).queryKey,
            })
          : undefined,
        queryClient.invalidateQueries({ queryKey: invoicePagesKey }),
      ]),
  });
}
