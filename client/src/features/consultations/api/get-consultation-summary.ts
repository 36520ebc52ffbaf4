import { queryOptions, useQuery } from '@tanstack/react-query';
import { ConsultationSummarySchema } from '@shared/schemas/consultations';
import { apiGet } from '@/lib/api-request';

/** GET /api/admin/consultations/summary: how many requests nobody has followed up yet. */
export function getConsultationSummary(signal?: AbortSignal) {
  return apiGet('/api/admin/consultations/summary', ConsultationSummarySchema, signal);
}

/** The count of new requests in the admin navigation; kept fresh while the panel is open. */
export const consultationSummaryQueryOptions = () =>
  queryOptions({
    queryKey: ['/api/admin/consultations', 'summary'],
    queryFn: ({ signal }) => getConsultationSummary(signal),
    staleTime: 30_000,
    refetchInterval: 60_000,
  });

export function useConsultationSummary() {
  return useQuery(consultationSummaryQueryOptions());
}
