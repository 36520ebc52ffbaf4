import { queryOptions, useQuery } from '@tanstack/react-query';
import { PayoutDetailSchema } from '@shared/schemas/payouts';
import { apiGet } from '@/lib/api-request';

/** GET /api/admin/payouts/{id}: the payout and each transaction it held. */
export function getPayout(id: string, signal?: AbortSignal) {
  return apiGet(`/api/admin/payouts/${encodeURIComponent(id)}`, PayoutDetailSchema, signal);
}

export const payoutQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['/api/admin/payouts', 'payout', id],
    queryFn: ({ signal }) => getPayout(id, signal),
  });

export function usePayout(id: string) {
  return useQuery(payoutQueryOptions(id));
}
