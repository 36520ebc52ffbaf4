import { useMutation } from '@tanstack/react-query';
import { ConsultationRequestedSchema, type LeadForm } from '@shared/schemas/consultations';
import { apiSend } from '@/lib/api-request';

/** POST /api/consultations: a free-consultation request from the lead modal. */
export function createConsultation(form: LeadForm) {
  return apiSend('POST', '/api/consultations', ConsultationRequestedSchema, form);
}

/** A failure keeps what was typed and says how else to reach the agency. */
export function useCreateConsultation(businessEmail: string) {
  return useMutation({
    mutationFn: createConsultation,
    meta: {
      error: {
        title: 'Your request could not be sent',
        fallback: `Please try again in a moment, or email us at ${businessEmail}.`,
        serverMessage: false,
      },
    },
  });
}
