import { useQuery } from '@tanstack/react-query';
import { SitePageSchema } from '@shared/schemas/sites';
import { pageQueryOptions, type ListParams } from '@/lib/list-params';

/** /admin/sites's query-string parameters, in the order its URL writes them. */
export const SITE_LIST_PARAMS = ['q', 'status', 'page', 'pageSize'] as const;
export type SiteListParams = ListParams<(typeof SITE_LIST_PARAMS)[number]>;

const PATH = '/api/admin/sites';

/** GET /api/admin/sites?q=&status=&page=&pageSize=: every client's sites, worst first. */
export const sitesQueryOptions = (params: SiteListParams = {}) =>
  pageQueryOptions(PATH, SitePageSchema, SITE_LIST_PARAMS, params);

export function useSites(params: SiteListParams) {
  return useQuery(sitesQueryOptions(params));
}
