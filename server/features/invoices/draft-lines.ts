import { addDaysToDate, calendarDateIn } from '@shared/dates';
import { formatCents, MAX_INVOICE_AMOUNT_CENTS } from '@shared/money';
import {
  CreateInvoiceSchema,
  type CreateInvoice,
  type InvoiceDetail,
} from '@shared/schemas/invoices';
import type { AuditActor, AuditTrail } from '../../lib/audit-trail';
import { AppError } from '../../lib/errors';
import type { InvoiceRepository, WithinDraft } from './invoices.repository';

/** A new draft is due in 14 days, as the new-invoice form proposes. */
const NEW_DRAFT_DUE_DAYS = 14;

/** Whose draft the line goes on, and how a new draft names them. */
export interface DraftClient {
  userId: string;
  name: string;
  email: string;
}

/** One line of one unit: "Extra update: New opening hours" at $75.00. */
export interface DraftLine {
  description: string;
  unitPrice: number;
}

interface DraftLineDeps {
  repository: InvoiceRepository;
  /** The invoices service's own create: a new draft is made the usual way (and audited). */
  create(
    input: CreateInvoice,
    link: object,
    actor: AuditActor,
    within?: WithinDraft,
  ): Promise<InvoiceDetail>;
  audit: AuditTrail;
  now: () => Date;
  timeZone: string;
}

/**
 * Work billed as it happens (an extra website update, issue 28): a line at the end of the
 * client's newest draft, which the admin reviews and sends with the rest; without a draft, a
 * new one. A sent invoice is never changed (it is voided or credited instead). `within` runs
 * in the same transaction as the line (the ticket it bills is marked there): if it throws,
 * nothing is added.
 */
export function createDraftLines({ repository, create, audit, now, timeZone }: DraftLineDeps) {
  return async function addToDraft(
    client: DraftClient,
    line: DraftLine,
    actor: AuditActor,
    within?: WithinDraft,
  ): Promise<{ invoiceId: string; created: boolean }> {
    const added = await repository.appendToNewestDraft(
      client.userId,
      { description: line.description, quantity: 1, unitPrice: line.unitPrice },
      { at: now(), maxCents: MAX_INVOICE_AMOUNT_CENTS },
      within,
    );
    if (added === 'too-large') {
      throw new AppError(
        409,
        `The client's draft invoice cannot take another line: it would be more than ${formatCents(MAX_INVOICE_AMOUNT_CENTS)}.`,
      );
    }
    if (added) {
      await audit.record(actor, {
        kind: 'invoice.updated',
        targetType: 'invoice',
        targetId: added.invoice.id,
        before: { total: added.before.total, lineItems: added.lineCount - 1 },
        after: {
          total: added.invoice.total,
          lineItems: added.lineCount,
          lineAdded: line.description,
        },
      });
      return { invoiceId: added.invoice.id, created: false };
    }
    const draft = await create(
      CreateInvoiceSchema.parse({
        clientId: client.userId,
        clientName: client.name,
        clientEmail: client.email,
        dueDate: addDaysToDate(calendarDateIn(now(), timeZone), NEW_DRAFT_DUE_DAYS),
        lineItems: [{ description: line.description, quantity: 1, unitPrice: line.unitPrice }],
      }),
      {},
      actor,
      within,
    );
    return { invoiceId: draft.invoice.id, created: true };
  };
}
