import type {
  ConsultationRequest,
  ConsultationStatus,
  LeadForm,
} from '@shared/schemas/consultations';
import type { Consultation } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { existingId } from '../../lib/ids';
import type { ConsultationRepository } from './consultations.repository';

const REQUEST_NOT_FOUND = 'Request not found';

function toRequest(row: Consultation): ConsultationRequest {
  return { ...row, createdAt: row.createdAt.toISOString() };
}

export function createConsultationService(repository: ConsultationRepository) {
  return {
    /** Stores a request; a filled honeypot means a bot, accepted and dropped. Returns whether it was kept. */
    async request(form: LeadForm): Promise<boolean> {
      if (form.website) return false;
      await repository.insert({
        name: form.name,
        email: form.email.toLowerCase(),
        businessName: form.business || null,
        phone: form.phone || null,
        details: form.details || null,
      });
      return true;
    },

    async list(): Promise<ConsultationRequest[]> {
      return (await repository.list()).map(toRequest);
    },

    async setStatus(id: string, status: ConsultationStatus): Promise<ConsultationRequest> {
      const row = await repository.setStatus(existingId(id, REQUEST_NOT_FOUND), status);
      if (!row) throw new AppError(404, REQUEST_NOT_FOUND);
      return toRequest(row);
    },

    newCount: () => repository.countByStatus('new'),
  };
}
export type ConsultationService = ReturnType<typeof createConsultationService>;
