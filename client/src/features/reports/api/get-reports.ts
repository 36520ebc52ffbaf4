import { queryOptions, useQuery } from '@tanstack/react-query';
import { ReportsSchema } from '@shared/schemas/reports';
import { apiGet } from '@/lib/api-request';

/** GET /api/reports: the signed-in client's monthly reports, newest month first. */
export const reportsQueryOptions = () =>
  queryOptions({
    queryKey: ['/api/reports'],
    queryFn: ({ signal }) => apiGet('/api/reports', ReportsSchema, signal),
  });

export function useReports() {
  return useQuery(reportsQueryOptions());
}

/** GET /api/reports/{id}/pdf: the client's own report, as a download. */
export const reportPdfUrl = (id: string) => `/api/reports/${encodeURIComponent(id)}/pdf`;
