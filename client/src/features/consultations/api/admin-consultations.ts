import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ConsultationRequest, ConsultationStatus } from '@shared/schemas/consultations';
import { apiRequest } from '@/lib/api-request';

const CONSULTATIONS = '/api/admin/consultations';

/** GET /api/admin/consultations: every request from the landing page, newest first. */
export const consultationsQueryOptions = () =>
  queryOptions<ConsultationRequest[]>({ queryKey: [CONSULTATIONS], staleTime: 0 });

export function useConsultations() {
  return useQuery(consultationsQueryOptions());
}

/** The count of new requests in the admin navigation. */
export const consultationSummaryQueryOptions = () =>
  queryOptions<{ new: number }>({
    queryKey: [CONSULTATIONS, 'summary'],
    staleTime: 30_000,
    refetchInterval: 60_000,
  });

export function useConsultationSummary() {
  return useQuery(consultationSummaryQueryOptions());
}

export function useSetConsultationStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, status }: { id: string; status: ConsultationStatus }) =>
      (await (
        await apiRequest('PATCH', `${CONSULTATIONS}/${id}`, { status })
      ).json()) as ConsultationRequest,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [CONSULTATIONS] }),
  });
}
