import { useQuery } from '@tanstack/react-query';
import { ConsultationRequestSchema } from '@shared/schemas/consultations';
import { LeadSchema } from '@shared/schemas/leads';
import { apiGet } from '@/lib/api-request';

/**
 * GET /api/admin/consultations/{id}: the request a proposal is written for (its contact and
 * the plan its pricing button named).
 */
export function useConsultationToPropose(id: string | undefined) {
  return useQuery({
    queryKey: ['/api/admin/consultations', id ?? ''],
    queryFn: ({ signal }) =>
      apiGet(
        `/api/admin/consultations/${encodeURIComponent(id ?? '')}`,
        ConsultationRequestSchema,
        signal,
      ),
    enabled: Boolean(id),
  });
}

/** GET /api/admin/marketing-tool/searches/{id}/leads/{leadId}: the lead a proposal is for. */
export function useLeadToPropose(searchId: string | undefined, leadId: string | undefined) {
  return useQuery({
    queryKey: ['/api/admin/marketing-tool/searches', searchId ?? '', 'leads', leadId ?? ''],
    queryFn: ({ signal }) =>
      apiGet(
        `/api/admin/marketing-tool/searches/${encodeURIComponent(searchId ?? '')}/leads/${encodeURIComponent(leadId ?? '')}`,
        LeadSchema,
        signal,
      ),
    enabled: Boolean(searchId && leadId),
    staleTime: Infinity,
  });
}
