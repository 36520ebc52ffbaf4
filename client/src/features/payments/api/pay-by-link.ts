import { useMutation } from '@tanstack/react-query';
import { RedirectUrlSchema } from '@shared/schemas/payments';
import { apiSend } from '@/lib/api-request';

/** POST /api/pay/{token}: a Stripe Checkout page for the invoice of a pay link. */
export function payByLink(token: string) {
  return apiSend('POST', `/api/pay/${encodeURIComponent(token)}`, RedirectUrlSchema);
}

export function usePayByLink() {
  return useMutation({
    mutationFn: payByLink,
    meta: { error: { fallback: 'Failed to open the payment page' } },
    onSuccess: ({ url }) => window.location.assign(url),
  });
}
