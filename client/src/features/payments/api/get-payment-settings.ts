import { queryOptions, useQuery } from '@tanstack/react-query';
import { PaymentSettingsSchema } from '@shared/schemas/payments';
import { apiGet } from '@/lib/api-request';

/** GET /api/billing: whether cards are taken, the instructions, the saved card, auto-pay. */
export function getPaymentSettings(signal?: AbortSignal) {
  return apiGet('/api/billing', PaymentSettingsSchema, signal);
}

export const paymentSettingsQueryOptions = () =>
  queryOptions({
    queryKey: ['/api/billing'],
    queryFn: ({ signal }) => getPaymentSettings(signal),
  });

export function usePaymentSettings() {
  return useQuery(paymentSettingsQueryOptions());
}
