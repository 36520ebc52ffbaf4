import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  Lead,
  MarketingSearchInput,
  SearchJob,
  SearchLeads,
  SearchRecord,
  SearchResponse,
} from '@shared/schemas/marketing';
import type { TestEmailResult } from '@shared/schemas/mail';
import { apiRequest } from '@/lib/api-request';

const BASE = '/api/admin/marketing-tool';
const JOB_POLL_MS = 1000;

export const searchesQueryOptions = () =>
  queryOptions<SearchRecord[]>({ queryKey: [`${BASE}/searches`], staleTime: 0 });

export function useSearches() {
  return useQuery(searchesQueryOptions());
}

/** A search's job, polled every second while it is queued or running. */
export const searchJobQueryOptions = (id: string) =>
  queryOptions<SearchJob>({
    queryKey: [`${BASE}/jobs`, id],
    staleTime: 0,
    refetchInterval: (query) =>
      query.state.data && !['queued', 'running'].includes(query.state.data.status)
        ? false
        : JOB_POLL_MS,
  });

export function useSearchJob(id: string | null) {
  return useQuery({ ...searchJobQueryOptions(id ?? ''), enabled: Boolean(id) });
}

/** The table rows of a finished search (compact: the dialog fetches the full lead). */
export const searchLeadsQueryOptions = (id: string) =>
  queryOptions<SearchLeads>({ queryKey: [`${BASE}/searches`, id, 'leads'], staleTime: Infinity });

export const leadQueryOptions = (searchId: string, leadId: string) =>
  queryOptions<Lead>({
    queryKey: [`${BASE}/searches`, searchId, 'leads', leadId],
    staleTime: Infinity,
  });

export function useLead(searchId: string, leadId: string | null) {
  return useQuery({ ...leadQueryOptions(searchId, leadId ?? ''), enabled: Boolean(leadId) });
}

/** POST .../search: the results at once, or {jobId} for a bulk search. */
export function useSearchLeads() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (criteria: MarketingSearchInput) =>
      (await (await apiRequest('POST', `${BASE}/search`, criteria)).json()) as
        SearchResponse | { jobId: string },
    onSettled: () => queryClient.invalidateQueries({ queryKey: searchesQueryOptions().queryKey }),
  });
}

export function useCancelSearchJob() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) =>
      (await (await apiRequest('POST', `${BASE}/jobs/${id}/cancel`)).json()) as SearchRecord,
    onSettled: (_data, _error, id) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: searchJobQueryOptions(id).queryKey }),
        queryClient.invalidateQueries({ queryKey: searchesQueryOptions().queryKey }),
      ]),
  });
}

export async function sendTestEmail(): Promise<TestEmailResult> {
  return (await (await apiRequest('POST', '/api/admin/test-email')).json()) as TestEmailResult;
}
