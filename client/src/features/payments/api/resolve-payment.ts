import { useMutation, useQueryClient } from '@tanstack/react-query';
import { PaymentListItemSchema } from '@shared/schemas/payments';
import { apiSend } from '@/lib/api-request';
import { paymentPagesKey } from './get-payments';

/** POST /api/admin/payments/{id}/resolve: the owner dealt with a flagged payment. */
export function resolvePayment(id: string) {
  return apiSend('POST', `/api/admin/payments/${id}/resolve`, PaymentListItemSchema);
}

export function useResolvePayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resolvePayment,
    meta: { error: { fallback: 'Failed to mark the payment resolved' } },
    // The invoice's own warnings about it go too: its screens read again when next shown.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: paymentPagesKey }),
  });
}
