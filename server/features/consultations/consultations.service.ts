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
import { displayDateTime } from '../../lib/format';
import { existingId } from '../../lib/ids';
import type { ConsultationRepository, ListedConsultation } from './consultations.repository';
import type { PlanReader } from '../plans/plans.service';
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
    planId: row.planId,
    requestCount: row.requestCount,
    createdAt: row.createdAt.toISOString(),
    clientId: 'clientId' in row ? row.clientId : null,
  };
}

export interface ConsultationDeps {
  /** Sends the request's e-mails, in the background (consultations.emails.ts). */
  mail: {
    consultationRequested(request: ConsultationMail): void;
    consultationAcknowledged(request: ConsultationMail): void;
  };
  /** Settings' "E-mail me each consultation request". */
  emailsOn: () => Promise<boolean>;
  logger: Logger;
  /** The business time zone: a repeat's time is written in it in the details. */
  timeZone: string;
  /** The plan catalogue: a pricing button's plan must be one on offer; e-mails name it. */
  plans: PlanReader;
  now?: () => Date;
}

/** A request from the same address within this long of its first is merged into it. */
const REPEAT_WINDOW_MS = 24 * 60 * 60 * 1000;

export function createConsultationService(
  repository: ConsultationRepository,
  { mail, emailsOn, logger, timeZone, plans, now = () => new Date() }: ConsultationDeps,
) {
  /** The agency hears of a stored request; nothing here can lose it or fail the visitor. */
  async function tellAgency(row: ConsultationMail & { id: string }): Promise<void> {
    try {
      if (await emailsOn()) mail.consultationRequested(row);
    } catch (error) {
      logger.error({ err: error, consultationId: row.id }, 'consultation e-mail not sent');
    }
  }

  /** A repeat's changes: what it gave replaces, its details follow the first's with the time. */
  function merged(form: LeadForm, at: Date) {
    return (first: Consultation) => {
      const again = `Asked again on ${displayDateTime(at, timeZone)}:`;
      const added = form.details ? `${again}\n${form.details}` : again;
      return {
        name: form.name,
        businessName: form.business || first.businessName,
        phone: form.phone || first.phone,
        planId: form.planId ?? first.planId,
        details: first.details ? `${first.details}\n\n${added}` : added,
        requestCount: first.requestCount + 1,
      };
    };
  }

  return {
    /**
     * Stores a request, then e-mails the agency when Settings say so, and the visitor an
     * acknowledgement (at most one a day per address, whatever the connection it came from).
     * A repeat from the address within a day of its first is merged into it and the agency's
     * e-mail says it is a repeat. A filled honeypot means a bot, accepted and dropped.
     * Returns whether it was kept.
     */
    async request(form: LeadForm): Promise<boolean> {
      if (form.website) return false;
      const catalogue = await plans.catalogue();
      if (form.planId && catalogue.find(form.planId)?.status !== 'active') {
        throw new AppError(400, 'Choose one of the plans');
      }
      const at = now();
      const { row, acknowledge } = await repository.recordRequest(
        {
          name: form.name,
          email: form.email.toLowerCase(),
          businessName: form.business || null,
          phone: form.phone || null,
          details: form.details || null,
          planId: form.planId ?? null,
          createdAt: at,
        },
        { since: new Date(at.getTime() - REPEAT_WINDOW_MS), now: at },
        merged(form, at),
      );
      const mailed = { ...row, planName: row.planId ? catalogue.name(row.planId) : null };
      await tellAgency(mailed);
      if (acknowledge) mail.consultationAcknowledged(mailed);
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
        planId: form.planId ?? null,
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

    /** One request: what a proposal written for it copies (its contact and plan). */
    async get(id: string): Promise<ConsultationRequest> {
      const row = await repository.find(existingId(id, REQUEST_NOT_FOUND));
      if (!row) throw new AppError(404, REQUEST_NOT_FOUND);
      return toRequest(row);
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
