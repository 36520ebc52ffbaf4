import { useMutation } from '@tanstack/react-query';
import type { LeadForm } from '@shared/schemas/consultations';
import { apiRequest } from '@/lib/api-request';

/** POST /api/consultations: a free-consultation request from the lead modal. */
export async function createConsultation(form: LeadForm): Promise<void> {
  await apiRequest('POST', '/api/consultations', form);
}

export function useCreateConsultation() {
  return useMutation({ mutationFn: createConsultation });
}
