import { queryOptions, useQuery } from '@tanstack/react-query';
import { SiteCareSummarySchema } from '@shared/schemas/sites';
import { apiGet } from '@/lib/api-request';
import { ADMIN_SITES_KEY } from './keys';

/** GET /api/admin/dashboard/site-care: the sites down and the dates about to lapse. */
export function getSiteCareSummary(signal?: AbortSignal) {
  return apiGet('/api/admin/dashboard/site-care', SiteCareSummarySchema, signal);
}

export const siteCareSummaryQueryOptions = () =>
  queryOptions({
    queryKey: [...ADMIN_SITES_KEY, 'summary'],
    queryFn: ({ signal }) => getSiteCareSummary(signal),
    staleTime: 0,
  });

export function useSiteCareSummary() {
  return useQuery(siteCareSummaryQueryOptions());
}
