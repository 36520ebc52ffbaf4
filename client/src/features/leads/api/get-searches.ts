import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { SearchRecordSchema } from '@shared/schemas/leads';
import { apiGet } from '@/lib/api-request';

const SearchRecordsSchema = z.array(SearchRecordSchema);

/** GET /api/admin/marketing-tool/searches: the kept searches, newest first. */
export function getSearches(signal?: AbortSignal) {
  return apiGet('/api/admin/marketing-tool/searches', SearchRecordsSchema, signal);
}

/**
 * The list's key is also the prefix of each search's results and leads (get-search-leads.ts,
 * get-lead.ts): invalidate it with `exact: true` to refresh the list alone.
 */
export const searchesQueryOptions = () =>
  queryOptions({
    queryKey: ['/api/admin/marketing-tool/searches'],
    queryFn: ({ signal }) => getSearches(signal),
    staleTime: 0,
  });

export function useSearches() {
  return useQuery(searchesQueryOptions());
}
