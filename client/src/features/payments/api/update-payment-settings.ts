import { useMutation, useQueryClient } from '@tanstack/react-query';
import { PaymentSettingsSchema, type UpdatePaymentSettings } from '@shared/schemas/payments';
import { apiSend } from '@/lib/api-request';
import { paymentSettingsQueryOptions } from './get-payment-settings';

/** PATCH /api/billing: turns automatic payment of renewals on or off. */
export function updatePaymentSettings(input: UpdatePaymentSettings) {
  return apiSend('PATCH', '/api/billing', PaymentSettingsSchema, input);
}

export function useUpdatePaymentSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePaymentSettings,
    meta: { error: { fallback: 'Failed to change automatic payment' } },
    onSuccess: (settings) =>
      queryClient.setQueryData(paymentSettingsQueryOptions().queryKey, settings),
  });
}
