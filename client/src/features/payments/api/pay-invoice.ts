import { useMutation } from '@tanstack/react-query';
import { RedirectUrlSchema } from '@shared/schemas/payments';
import { apiSend } from '@/lib/api-request';

/** POST /api/invoices/{id}/pay: a Stripe Checkout page for the invoice's balance. */
export function payInvoice(invoiceId: string) {
  return apiSend('POST', `/api/invoices/${invoiceId}/pay`, RedirectUrlSchema);
}

export function usePayInvoice() {
  return useMutation({
    mutationFn: payInvoice,
    meta: { error: { fallback: 'Failed to open the payment page' } },
    // Stripe's page; the browser comes back to the portal when the client is done there.
    onSuccess: ({ url }) => window.location.assign(url),
  });
}
