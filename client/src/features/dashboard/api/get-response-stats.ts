import { queryOptions, useQuery } from '@tanstack/react-query';
import { ResponseStatsSchema } from '@shared/schemas/response-stats';
import { apiGet } from '@/lib/api-request';

/** GET /api/admin/dashboard-response-times: this month's first answers per plan. */
export function getResponseStats(signal?: AbortSignal) {
  return apiGet('/api/admin/dashboard-response-times', ResponseStatsSchema, signal);
}

export const responseStatsQueryOptions = () =>
  queryOptions({
    queryKey: ['/api/admin/dashboard-response-times'],
    queryFn: ({ signal }) => getResponseStats(signal),
    staleTime: 0,
  });

export function useResponseStats() {
  return useQuery(responseStatsQueryOptions());
}
