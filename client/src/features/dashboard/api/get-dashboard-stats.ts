import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DashboardStats } from '@shared/schemas/dashboard';

/** GET /api/admin/dashboard-stats; fresh each time the dashboard opens. */
export const dashboardStatsQueryOptions = () =>
  queryOptions<DashboardStats>({ queryKey: ['/api/admin/dashboard-stats'], staleTime: 0 });

export function useDashboardStats() {
  return useQuery(dashboardStatsQueryOptions());
}
