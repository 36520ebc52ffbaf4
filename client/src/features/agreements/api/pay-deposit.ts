import { useMutation } from '@tanstack/react-query';
import { ProposalDepositSchema } from '@shared/schemas/proposals';
import { apiSend } from '@/lib/api-request';

/** POST /api/proposals/{token}/deposit: a Stripe Checkout page for the first invoice. */
export function payDeposit(token: string) {
  return apiSend(
    'POST',
    `/api/proposals/${encodeURIComponent(token)}/deposit`,
    ProposalDepositSchema,
  );
}

export function usePayDeposit(token: string) {
  return useMutation({
    mutationFn: () => payDeposit(token),
    meta: { error: { fallback: 'Failed to open the payment page' } },
    onSuccess: ({ url }) => window.location.assign(url),
  });
}
