import { useMutation } from '@tanstack/react-query';
import { RedirectUrlSchema } from '@shared/schemas/payments';
import { apiSend } from '@/lib/api-request';

/** POST /api/billing-portal: Stripe's customer portal, where the saved card is changed. */
export function openBillingPortal() {
  return apiSend('POST', '/api/billing-portal', RedirectUrlSchema);
}

export function useOpenBillingPortal() {
  return useMutation({
    mutationFn: openBillingPortal,
    meta: { error: { fallback: 'Failed to open the card settings' } },
    onSuccess: ({ url }) => window.location.assign(url),
  });
}
