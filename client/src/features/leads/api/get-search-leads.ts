import { queryOptions, useQuery } from '@tanstack/react-query';
import { SearchLeadsSchema } from '@shared/schemas/leads';
import { apiGet } from '@/lib/api-request';
import { searchKey } from './get-searches';

/**
 * GET /api/admin/marketing-tool/searches/{id}/leads: the table rows of a finished search
 * (compact: the dialog fetches the full lead).
 */
export function getSearchLeads(id: string, signal?: AbortSignal) {
  return apiGet(`/api/admin/marketing-tool/searches/${id}/leads`, SearchLeadsSchema, signal);
}

/** A finished search's results never change. */
export const searchLeadsQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...searchKey(id), 'leads'],
    queryFn: ({ signal }) => getSearchLeads(id, signal),
    staleTime: Infinity,
  });

/** The rows, once `done` says the search has them. */
export function useSearchLeads(id: string, done: boolean) {
  return useQuery({ ...searchLeadsQueryOptions(id), enabled: done });
}
