import { queryOptions, useQuery } from '@tanstack/react-query';
import { SearchJobSchema } from '@shared/schemas/leads';
import { apiGet } from '@/lib/api-request';

const JOB_POLL_MS = 1000;

/** GET /api/admin/marketing-tool/jobs/{id}: a search's progress, and its rows once done. */
export function getSearchJob(id: string, signal?: AbortSignal) {
  return apiGet(`/api/admin/marketing-tool/jobs/${id}`, SearchJobSchema, signal);
}

/** A search's job, polled every second while it is queued or running. */
export const searchJobQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['/api/admin/marketing-tool/jobs', id],
    queryFn: ({ signal }) => getSearchJob(id, signal),
    staleTime: 0,
    refetchInterval: (query) =>
      query.state.data && !['queued', 'running'].includes(query.state.data.status)
        ? false
        : JOB_POLL_MS,
  });

export function useSearchJob(id: string | null) {
  return useQuery({ ...searchJobQueryOptions(id ?? ''), enabled: Boolean(id) });
}
