import { queryOptions, useQuery } from '@tanstack/react-query';
import { DashboardStatsSchema } from '@shared/schemas/dashboard';
import { apiGet } from '@/lib/api-request';

/** GET /api/admin/dashboard-stats: the figures, computed by the server on every call. */
export function getDashboardStats(signal?: AbortSignal) {
  return apiGet('/api/admin/dashboard-stats', DashboardStatsSchema, signal);
}

/** Fresh each time the dashboard opens. */
export const dashboardStatsQueryOptions = () =>
  queryOptions({
    queryKey: ['/api/admin/dashboard-stats'],
    queryFn: ({ signal }) => getDashboardStats(signal),
    staleTime: 0,
  });

export function useDashboardStats() {
  return useQuery(dashboardStatsQueryOptions());
}
