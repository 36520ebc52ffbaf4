import { pageOffset } from '@shared/schemas/common';
import type {
  ConsultationListQuery,
  ConsultationPage,
  ConsultationRequest,
  ConsultationStatus,
  LeadForm,
  NewConsultation,
} from '@shared/schemas/consultations';
import type { Logger } from 'pino';
import type { Consultation } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { existingId } from '../../lib/ids';
import type { ConsultationRepository, ListedConsultation } from './consultations.repository';
import type { ConsultationMail } from './consultations.emails';

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

export interface ConsultationDeps {
  /** Sends the agency the request's e-mail, in the background (consultations.emails.ts). */
  mail: { consultationRequested(request: ConsultationMail): void };
  /** Settings' "E-mail me each consultation request". */
  emailsOn: () => Promise<boolean>;
  logger: Logger;
}

export function createConsultationService(
  repository: ConsultationRepository,
  { mail, emailsOn, logger }: ConsultationDeps,
) {
  /** The agency hears of a stored request; nothing here can lose it or fail the visitor. */
  async function tellAgency(row: Consultation): Promise<void> {
    try {
      if (await emailsOn()) mail.consultationRequested(row);
    } catch (error) {
      logger.error({ err: error, consultationId: row.id }, 'consultation e-mail not sent');
    }
  }

  return {
    /**
     * Stores a request, then e-mails the agency when Settings say so; a filled honeypot means
     * a bot, accepted and dropped. Returns whether it was kept.
     */
    async request(form: LeadForm): Promise<boolean> {
      if (form.website) return false;
      const row = await repository.insert({
        name: form.name,
        email: form.email.toLowerCase(),
        businessName: form.business || null,
        phone: form.phone || null,
        details: form.details || null,
      });
      await tellAgency(row);
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
