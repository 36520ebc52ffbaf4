import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ConsultationRequestSchema, type ConsultationStatus } from '@shared/schemas/consultations';
import { apiSend } from '@/lib/api-request';
import { consultationSummaryQueryOptions } from './get-consultation-summary';
import { consultationPagesKey } from './get-consultations';

/** PATCH /api/admin/consultations/{id}: how the request went; answers the request. */
export function setConsultationStatus(id: string, status: ConsultationStatus) {
  return apiSend(
    'PATCH',
    `/api/admin/consultations/${encodeURIComponent(id)}`,
    ConsultationRequestSchema,
    { status },
  );
}

export function useSetConsultationStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status }: { id: string; status: ConsultationStatus }) =>
      setConsultationStatus(id, status),
    meta: { error: { fallback: 'Failed to update the request. Please try again.' } },
    // The list and the navigation's count of new requests change with it.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: consultationPagesKey }),
        queryClient.invalidateQueries({ queryKey: consultationSummaryQueryOptions().queryKey }),
      ]),
  });
}
