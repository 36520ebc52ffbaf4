import { queryOptions, useQuery } from '@tanstack/react-query';
import { AdminReportsSchema } from '@shared/schemas/reports';
import { apiGet } from '@/lib/api-request';

const reportsPath = (clientId: string) =>
  `/api/admin/clients/${encodeURIComponent(clientId)}/reports`;

/** GET /api/admin/clients/{id}/reports: the client's monthly reports, newest month first. */
export const clientReportsQueryOptions = (clientId: string) =>
  queryOptions({
    queryKey: ['/api/admin/clients', 'reports', clientId],
    queryFn: ({ signal }) => apiGet(reportsPath(clientId), AdminReportsSchema, signal),
  });

export function useClientReports(clientId: string) {
  return useQuery(clientReportsQueryOptions(clientId));
}

/** GET /api/admin/reports/{id}/pdf: any client's report, for the agency. */
export const adminReportPdfUrl = (id: string) => `/api/admin/reports/${encodeURIComponent(id)}/pdf`;
