import { useQuery } from '@tanstack/react-query';
import { PAYMENT_LIST_PARAMS, PaymentListPageSchema } from '@shared/schemas/payments';
import { pageQueryOptions, pagesKey, type ListParams } from '@/lib/list-params';

export type PaymentListParams = ListParams<(typeof PAYMENT_LIST_PARAMS)[number]>;

const PATH = '/api/admin/payments';

/** Every page of the payments list (invalidated when a payment is marked resolved). */
export const paymentPagesKey = pagesKey(PATH);

/** GET /api/admin/payments?q=&status=&page=&pageSize=: one page, newest first. */
export const paymentsQueryOptions = (params: PaymentListParams = {}) =>
  pageQueryOptions(PATH, PaymentListPageSchema, PAYMENT_LIST_PARAMS, params);

export function usePayments(params: PaymentListParams) {
  return useQuery(paymentsQueryOptions(params));
}
