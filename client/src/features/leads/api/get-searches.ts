import { useQuery } from '@tanstack/react-query';
import { SEARCH_LIST_PARAMS, SearchRecordPageSchema } from '@shared/schemas/leads';
import { pageQueryOptions, pagesKey, type ListParams } from '@/lib/list-params';

export type SearchListParams = ListParams<(typeof SEARCH_LIST_PARAMS)[number]>;

const PATH = '/api/admin/marketing-tool/searches';

/** Every page of the past searches (invalidated when a search starts or ends). */
export const searchPagesKey = pagesKey(PATH);

/** The prefix of each search's results and leads (get-search-leads.ts, get-lead.ts). */
export const searchKey = (id: string) => [PATH, id] as const;

/** GET /api/admin/marketing-tool/searches?q=&page=&pageSize=: one page, newest first. */
export const searchesQueryOptions = (params: SearchListParams = {}) =>
  pageQueryOptions(PATH, SearchRecordPageSchema, SEARCH_LIST_PARAMS, params);

export function useSearches(params: SearchListParams) {
  return useQuery(searchesQueryOptions(params));
}
