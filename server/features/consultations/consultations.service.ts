import { pageOffset } from '@shared/schemas/common';
import type {
  ConsultationListQuery,
  ConsultationPage,
  ConsultationRequest,
  ConsultationStatus,
  LeadForm,
  NewConsultation,
} from '@shared/schemas/consultations';
import type { Consultation } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { existingId } from '../../lib/ids';
import type { ConsultationRepository, ListedConsultation } from './consultations.repository';

const REQUEST_NOT_FOUND = 'Request not found';

function toRequest(row: Consultation | ListedConsultation): ConsultationRequest {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    businessName: row.businessName,
    phone: row.phone,
    details: row.details,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    clientId: 'clientId' in row ? row.clientId : null,
  };
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

    /** A request the admin adds (a marketing-tool lead), stored like the landing page's. */
    async create(form: NewConsultation): Promise<ConsultationRequest> {
      const row = await repository.insert({
        name: form.name,
        email: form.email.toLowerCase(),
        businessName: form.business || null,
        phone: form.phone || null,
        details: form.details || null,
      });
      return toRequest(row);
    },

    async list({ q, status, page, pageSize }: ConsultationListQuery): Promise<ConsultationPage> {
      const { rows, total } = await repository.list({
        q,
        status,
        limit: pageSize,
        offset: pageOffset({ page, pageSize }),
      });
      return { items: rows.map(toRequest), total, page, pageSize };
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
