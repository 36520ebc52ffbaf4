import { useMutation, useQueryClient } from '@tanstack/react-query';
import { BillingSchema, type UpdateBilling } from '@shared/schemas/payments';
import { apiSend } from '@/lib/api-request';
import { billingQueryOptions } from './get-billing';

/** PATCH /api/billing: turns automatic payment of renewals on or off. */
export function updateBilling(input: UpdateBilling) {
  return apiSend('PATCH', '/api/billing', BillingSchema, input);
}

export function useUpdateBilling() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateBilling,
    meta: { error: { fallback: 'Failed to change automatic payment' } },
    onSuccess: (billing) => queryClient.setQueryData(billingQueryOptions().queryKey, billing),
  });
}
