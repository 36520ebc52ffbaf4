import { useMutation, useQueryClient } from '@tanstack/react-query';
import { SearchRecordSchema } from '@shared/schemas/leads';
import { apiSend } from '@/lib/api-request';
import { searchJobQueryOptions } from './get-search-job';
import { searchesQueryOptions } from './get-searches';

/** POST /api/admin/marketing-tool/jobs/{id}/cancel: stops a queued or running bulk search. */
export function cancelSearchJob(id: string) {
  return apiSend('POST', `/api/admin/marketing-tool/jobs/${id}/cancel`, SearchRecordSchema);
}

export function useCancelSearchJob() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelSearchJob,
    meta: { error: { fallback: 'Failed to cancel the search' } },
    onSettled: (_data, _error, id) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: searchJobQueryOptions(id).queryKey }),
        queryClient.invalidateQueries({ queryKey: searchesQueryOptions().queryKey, exact: true }),
      ]),
  });
}
