import { useQuery } from '@tanstack/react-query';
import { UpcomingRenewalPageSchema } from '@shared/schemas/renewals';
import { pageQueryOptions, type ListParams } from '@/lib/list-params';

export const UPCOMING_RENEWAL_PARAMS = ['page', 'pageSize'] as const;
export type UpcomingRenewalParams = ListParams<(typeof UPCOMING_RENEWAL_PARAMS)[number]>;

const PATH = '/api/admin/renewals/upcoming';

/**
 * GET /api/admin/renewals/upcoming?page=&pageSize=: the next 30 days' renewals, soonest first,
 * each with the invoice the billing run made or will make.
 */
export const upcomingRenewalsQueryOptions = (params: UpcomingRenewalParams = {}) =>
  pageQueryOptions(PATH, UpcomingRenewalPageSchema, UPCOMING_RENEWAL_PARAMS, params);

export function useUpcomingRenewals(params: UpcomingRenewalParams) {
  return useQuery(upcomingRenewalsQueryOptions(params));
}
