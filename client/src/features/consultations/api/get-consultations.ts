import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { ConsultationRequestSchema } from '@shared/schemas/consultations';
import { apiGet } from '@/lib/api-request';

const ConsultationRequestsSchema = z.array(ConsultationRequestSchema);

/** GET /api/admin/consultations: every request from the landing page, newest first. */
export function getConsultations(signal?: AbortSignal) {
  return apiGet('/api/admin/consultations', ConsultationRequestsSchema, signal);
}

export const consultationsQueryOptions = () =>
  queryOptions({
    queryKey: ['/api/admin/consultations', 'list'],
    queryFn: ({ signal }) => getConsultations(signal),
    staleTime: 0,
  });

export function useConsultations() {
  return useQuery(consultationsQueryOptions());
}
