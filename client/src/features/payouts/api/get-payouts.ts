import { useQuery } from '@tanstack/react-query';
import { PAYOUT_LIST_PARAMS, PayoutPageSchema } from '@shared/schemas/payouts';
import { pageQueryOptions, type ListParams } from '@/lib/list-params';

export type PayoutListParams = ListParams<(typeof PAYOUT_LIST_PARAMS)[number]>;

/** GET /api/admin/payouts?status=&unmatched=&page=&pageSize=: one page, newest arrival first. */
export const payoutsQueryOptions = (params: PayoutListParams = {}) =>
  pageQueryOptions('/api/admin/payouts', PayoutPageSchema, PAYOUT_LIST_PARAMS, params);

export function usePayouts(params: PayoutListParams) {
  return useQuery(payoutsQueryOptions(params));
}
