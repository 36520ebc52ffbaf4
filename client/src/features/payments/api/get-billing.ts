import { queryOptions, useQuery } from '@tanstack/react-query';
import { BillingSchema } from '@shared/schemas/payments';
import { apiGet } from '@/lib/api-request';

/** GET /api/billing: whether cards are taken, the instructions, the saved card, auto-pay. */
export function getBilling(signal?: AbortSignal) {
  return apiGet('/api/billing', BillingSchema, signal);
}

export const billingQueryOptions = () =>
  queryOptions({
    queryKey: ['/api/billing'],
    queryFn: ({ signal }) => getBilling(signal),
  });

export function useBilling() {
  return useQuery(billingQueryOptions());
}
