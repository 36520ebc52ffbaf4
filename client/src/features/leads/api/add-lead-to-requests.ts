import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ConsultationRequestSchema, type NewConsultation } from '@shared/schemas/consultations';
import { apiSend } from '@/lib/api-request';

/** The key every consultation-request query starts with (the requests screen, its count). */
const REQUESTS_KEY = ['/api/admin/consultations'] as const;

/** POST /api/admin/consultations: a lead becomes a consultation request to follow up. */
export function addLeadToRequests(request: NewConsultation) {
  return apiSend('POST', '/api/admin/consultations', ConsultationRequestSchema, request);
}

export function useAddLeadToRequests() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addLeadToRequests,
    meta: { error: { title: 'Not added', fallback: 'Failed to add the lead to the requests' } },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: REQUESTS_KEY }),
  });
}
