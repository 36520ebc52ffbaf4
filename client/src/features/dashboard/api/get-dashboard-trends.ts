import { queryOptions, useQuery } from '@tanstack/react-query';
import { DashboardTrendsSchema } from '@shared/schemas/dashboard';
import { apiGet } from '@/lib/api-request';

/** GET /api/admin/dashboard-trends: the last twelve months, computed on every call. */
export function getDashboardTrends(signal?: AbortSignal) {
  return apiGet('/api/admin/dashboard-trends', DashboardTrendsSchema, signal);
}

/** Fresh each time the dashboard opens, like the figures above the charts. */
export const dashboardTrendsQueryOptions = () =>
  queryOptions({
    queryKey: ['/api/admin/dashboard-trends'],
    queryFn: ({ signal }) => getDashboardTrends(signal),
    staleTime: 0,
  });

/** `enabled` false holds the request back (the dashboard asks once its figures show). */
export function useDashboardTrends({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...dashboardTrendsQueryOptions(), enabled });
}
