import type { ConsultationRequest, LeadForm } from '../../../shared/schemas/consultations';
import type { ConsultationRepository } from './consultations.repository';

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
      const rows = await repository.list();
      return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
    },
  };
}
export type ConsultationService = ReturnType<typeof createConsultationService>;
