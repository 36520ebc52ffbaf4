import { useMutation, useQueryClient } from '@tanstack/react-query';
import { SearchRecordSchema, type SearchJob, type SearchRecord } from '@shared/schemas/leads';
import { ApiError, apiSend } from '@/lib/api-request';
import { getSearchJob, searchJobQueryOptions } from './get-search-job';
import { searchPagesKey } from './get-searches';

/** POST /api/admin/marketing-tool/jobs/{id}/cancel: stops a queued or running bulk search. */
export function cancelSearchJob(id: string) {
  return apiSend('POST', `/api/admin/marketing-tool/jobs/${id}/cancel`, SearchRecordSchema);
}

/**
 * What a cancel came to: stopped, or too late because the search had just ended by itself
 * (the server answers 409 then) and `job` is how it ended.
 */
export type CancelOutcome =
  { cancelled: true; search: SearchRecord } | { cancelled: false; job: SearchJob };

/** A search that ended while the cancel was on its way is no failure: it says how it ended. */
async function cancelOrReport(id: string): Promise<CancelOutcome> {
  try {
    return { cancelled: true, search: await cancelSearchJob(id) };
  } catch (error) {
    if (!(error instanceof ApiError && error.status === 409)) throw error;
    return { cancelled: false, job: await getSearchJob(id) };
  }
}

export function useCancelSearchJob() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelOrReport,
    meta: { error: { fallback: 'Failed to cancel the search' } },
    onSuccess: (outcome, id) => {
      if (!outcome.cancelled) {
        queryClient.setQueryData(searchJobQueryOptions(id).queryKey, outcome.job);
      }
    },
    onSettled: (_data, _error, id) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: searchJobQueryOptions(id).queryKey }),
        queryClient.invalidateQueries({ queryKey: searchPagesKey }),
      ]),
  });
}
