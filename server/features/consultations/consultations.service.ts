import { z } from 'zod';
import type {
  ConsultationRequest,
  ConsultationStatus,
  LeadForm,
} from '../../../shared/schemas/consultations';
import type { Consultation } from '../../db/schema';
import { AppError } from '../../lib/errors';
import type { ConsultationRepository } from './consultations.repository';

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
      const row = z.uuid().safeParse(id).success ? await repository.setStatus(id, status) : null;
      if (!row) throw new AppError(404, 'Request not found');
      return toRequest(row);
    },

    newCount: () => repository.countByStatus('new'),
  };
}
export type ConsultationService = ReturnType<typeof createConsultationService>;
