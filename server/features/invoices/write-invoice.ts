import { calendarDateIn } from '@shared/dates';
import type { CreateInvoice, Invoice, InvoiceDetail } from '@shared/schemas/invoices';
import { changedFields, type AuditActor, type AuditTrail } from '../../lib/audit-trail';
import { AppError } from '../../lib/errors';
import { INVOICE_NOT_FOUND, type InvoiceDocuments } from './invoice-documents';
import { priceInvoice, type InvoiceTaxing } from './invoice-pricing';
import { toDetail } from './invoice-views';
import type { InvoiceRepository, NewInvoice, WithinDraft } from './invoices.repository';

/**
 * What links an invoice to the subscription it bills, or to the invoice whose late fee it
 * charges (set by billing, never by the form).
 */
export type InvoiceBillingLink = Pick<
  NewInvoice,
  'userId' | 'subscriptionId' | 'periodStart' | 'periodEnd' | 'lateFeeForInvoiceId'
>;

export interface WriteInvoiceDeps {
  repository: Pick<InvoiceRepository, 'clientExists' | 'create' | 'updateDraft'>;
  documents: InvoiceDocuments;
  audit: AuditTrail;
  detailOptions: { stripeTestMode: boolean; cardRefunds: boolean };
  now: () => Date;
  /** The business's time zone: a new invoice is issued on today's date there. */
  timeZone: string;
  /** A plan's name by its id from the catalogue (retired plans too); null when unknown. */
  planName: (planId: string) => Promise<string | null>;
  /** Sales tax (the tax feature's service): the rates chosen, and whether the client is exempt. */
  taxes: InvoiceTaxes;
}

/** What writing an invoice asks of the tax rates and the client's taxation (issue 39). */
export interface InvoiceTaxes {
  /** The active rates of these ids, in order; 400 when one is unknown or retired. */
  activeRates(ids: readonly string[]): Promise<InvoiceTaxing['rates']>;
  exemption(clientId: string | null | undefined): Promise<{
    exempt: boolean;
    certificate: string | null;
  }>;
}

/** What the audit log keeps of an invoice created or deleted. */
export const auditSummary = (invoice: Invoice) => ({
  invoiceNumber: invoice.invoiceNumber,
  clientName: invoice.clientName,
  clientEmail: invoice.clientEmail,
  status: invoice.status,
  dueDate: invoice.dueDate,
  total: invoice.total,
});

/** A draft written: a new one (create), or one edited in full (update). */
export function createWriteInvoice({
  repository,
  documents,
  audit,
  detailOptions,
  now,
  timeZone,
  planName,
  taxes,
}: WriteInvoiceDeps) {
  /** The client and plan named exist: a plan is any of the catalogue's, retired ones too. */
  async function checkReferences(input: CreateInvoice) {
    if (input.clientId && !(await repository.clientExists(input.clientId))) {
      throw new AppError(400, 'That client account no longer exists. Choose the client again.');
    }
    if (input.planType && (await planName(input.planType)) === null) {
      throw new AppError(400, 'That plan does not exist. Please choose one of our plans.');
    }
  }

  /**
   * The invoice priced with its taxes: the chosen rates (checked active), none for an exempt
   * client, whose certificate the invoice keeps.
   */
  async function priced(input: CreateInvoice, clientId: string | null | undefined) {
    const rates = await taxes.activeRates(input.taxRateIds ?? []);
    const exemption = await taxes.exemption(clientId);
    const exemptCertificate = exemption.exempt ? (exemption.certificate ?? '') : null;
    return { ...priceInvoice(input, { rates, exemptCertificate }), exemptCertificate };
  }

  /** A new invoice, a draft until it is sent; with an actor, audited. */
  async function create(
    input: CreateInvoice,
    link: InvoiceBillingLink = {},
    actor?: AuditActor,
    within?: WithinDraft,
  ): Promise<InvoiceDetail> {
    await checkReferences(input);
    const { lineItems, subtotal, tax, total, taxes, exemptCertificate } = await priced(
      input,
      input.clientId ?? link.userId,
    );
    const today = now();
    const created = await repository.create(
      {
        userId: input.clientId ?? link.userId,
        clientName: input.clientName,
        clientEmail: input.clientEmail,
        planType: input.planType ?? null,
        dateIssued: calendarDateIn(today, timeZone),
        dueDate: input.dueDate,
        notes: input.notes,
        subtotal,
        tax,
        discount: input.discount,
        total,
        lineItems,
        taxes,
        taxExemptCertificate: exemptCertificate,
        ...link,
      },
      within,
    );
    const { invoice } = created;
    const detail = toDetail(invoice, created.lines, [], [], detailOptions, {
      taxes: created.taxes,
    });
    if (actor) {
      await audit.record(actor, {
        kind: 'invoice.created',
        targetType: 'invoice',
        targetId: invoice.id,
        before: null,
        after: { ...auditSummary(detail.invoice), lineItems: lineItems.length },
      });
    }
    return detail;
  }

  /**
   * A draft edited in full: every field and line replaced by the create body, totals counted
   * again. A sent, paid or void invoice is a 409 (it is voided or credited instead).
   */
  async function update(
    id: string,
    input: CreateInvoice,
    actor: AuditActor,
  ): Promise<InvoiceDetail> {
    const before = await documents.detail(id);
    await checkReferences(input);
    const { lineItems, subtotal, tax, total, taxes, exemptCertificate } = await priced(
      input,
      input.clientId ?? before.invoice.clientId,
    );
    const updated = await repository.updateDraft(
      before.invoice.id,
      {
        userId: input.clientId ?? null,
        clientName: input.clientName,
        clientEmail: input.clientEmail,
        planType: input.planType ?? null,
        dueDate: input.dueDate,
        notes: input.notes,
        subtotal,
        tax,
        discount: input.discount,
        total,
        lineItems,
        taxes,
        taxExemptCertificate: exemptCertificate,
      },
      now(),
    );
    if (updated === 'not-found') throw new AppError(404, INVOICE_NOT_FOUND);
    if (typeof updated === 'string') {
      throw new AppError(
        409,
        `Only a draft can be edited: this invoice is ${updated}. ${
          updated === 'paid'
            ? 'Issue a credit note to correct it.'
            : updated === 'void'
              ? 'Create a new invoice instead.'
              : 'Void it and create a new one to correct it.'
        }`,
      );
    }
    const after = await documents.detail(before.invoice.id);
    const fields = (invoice: Invoice, lines: number) => ({
      ...auditSummary(invoice),
      lineItems: lines,
    });
    await audit.record(actor, {
      kind: 'invoice.updated',
      targetType: 'invoice',
      targetId: before.invoice.id,
      ...changedFields(
        fields(before.invoice, before.lineItems.length),
        fields(after.invoice, after.lineItems.length),
      ),
    });
    return after;
  }

  return { create, update, priced };
}
