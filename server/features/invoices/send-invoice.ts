import type {
  EmailedInvoice,
  Invoice,
  InvoiceDetail,
  InvoiceStatus,
} from '@shared/schemas/invoices';
import { changedFields, type AuditActor, type AuditTrail } from '../../lib/audit-trail';
import { AppError } from '../../lib/errors';
import { emailed, notEmailed, type InvoiceDocuments } from './invoice-documents';
import type { InvoiceRepository } from './invoices.repository';

export interface SendInvoiceDeps {
  repository: Pick<InvoiceRepository, 'issue' | 'withdrawIssue'>;
  documents: InvoiceDocuments;
  audit: AuditTrail;
  /** Runs each send alone among every instance's sends (the numbering lock). */
  numbering: <T>(work: () => Promise<T>) => Promise<T>;
  now: () => Date;
}

/**
 * draft -> sent, the one status change the admin makes here: sent by e-mail (send, email) or
 * marked sent (handed over another way); anything else is a 409 (paid is reached by payments,
 * void by void-invoice.ts).
 */
export function createSendInvoice({
  repository,
  documents,
  audit,
  numbering,
  now,
}: SendInvoiceDeps) {
  const { detail, deliver } = documents;

  async function refuseStatus(id: string, to: Exclude<InvoiceStatus, 'paid'>): Promise<never> {
    const current = await detail(id); // 404 when it does not exist
    throw new AppError(409, `An invoice that is ${current.invoice.status} cannot be marked ${to}`);
  }

  /**
   * A draft is sent: it takes the year's next number and is e-mailed. All under the numbering
   * lock, so when the mail server refuses it, it is a draft again and its number goes back:
   * sent invoices are numbered without gaps.
   */
  async function issue(id: string, actor?: AuditActor): Promise<EmailedInvoice> {
    return numbering(async () => {
      const before = await detail(id);
      const issued = await repository.issue(before.invoice.id, now());
      if (!issued) return refuseStatus(id, 'sent');
      let result;
      try {
        const sent = await detail(id);
        result = { sent, delivery: await deliver(sent) };
      } catch (error) {
        await repository.withdrawIssue(issued.invoice.id, issued.given);
        throw error;
      }
      if (!result.delivery.delivered) {
        await repository.withdrawIssue(issued.invoice.id, issued.given);
        throw notEmailed(result.delivery);
      }
      if (actor) {
        const fields = ({ invoiceNumber, status, sentAt }: Invoice) => ({
          invoiceNumber,
          status,
          sentAt,
        });
        await audit.record(actor, {
          kind: 'invoice.sent',
          targetType: 'invoice',
          targetId: issued.invoice.id,
          ...changedFields(fields(before.invoice), fields(result.sent.invoice)),
        });
      }
      return emailed(result.sent, result.delivery);
    });
  }

  /**
   * Sends the invoice with its PDF to the client; a draft is sent (numbered) first. When the
   * mail server refuses it, nothing changes and the error says why.
   */
  async function email(id: string, actor?: AuditActor): Promise<EmailedInvoice> {
    const current = await detail(id);
    if (current.invoice.status === 'draft') return issue(id, actor);
    const result = await deliver(current);
    if (!result.delivered) throw notEmailed(result);
    if (actor) {
      await audit.record(actor, {
        kind: 'invoice.emailed',
        targetType: 'invoice',
        targetId: current.invoice.id,
        after: { emailedTo: current.invoice.clientEmail },
      });
    }
    return emailed(current, result);
  }

  /**
   * "Mark as sent": the draft is numbered and recorded as sent without being e-mailed (the
   * admin handed it over another way). Anything but a draft is a 409.
   */
  async function markSent(id: string, actor: AuditActor): Promise<InvoiceDetail> {
    return numbering(async () => {
      const before = await detail(id);
      const issued = await repository.issue(before.invoice.id, now());
      if (!issued) return refuseStatus(id, 'sent');
      await audit.record(actor, {
        kind: 'invoice.marked_sent',
        targetType: 'invoice',
        targetId: issued.invoice.id,
        before: { invoiceNumber: before.invoice.invoiceNumber, status: before.invoice.status },
        after: { invoiceNumber: issued.invoice.invoiceNumber, status: issued.invoice.status },
      });
      return detail(issued.invoice.id);
    });
  }

  return { issue, email, markSent, refuseStatus };
}
