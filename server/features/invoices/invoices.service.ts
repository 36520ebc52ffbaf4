import pLimit from 'p-limit';
import { DEFAULT_TIME_ZONE } from '@shared/dates';
import type { CreateInvoice, InvoiceListQuery, InvoicePage } from '@shared/schemas/invoices';
import { TAX_MESSAGES } from '@shared/schemas/tax';
import { pageOffset } from '@shared/schemas/common';
import type { InvoiceRow } from '../../db/schema';
import type { AuditActor, AuditEntry, AuditTrail } from '../../lib/audit-trail';
import { AppError } from '../../lib/errors';
import { createClientInvoices } from './client-invoices';
import { createCreditNotes, type CardRefund } from './credit-notes';
import { createRefundByHand } from './refund-by-hand';
import type { CreditNoteRepository } from './credit-notes.repository';
import { createDraftLines } from './draft-lines';
import { createInvoiceDocuments, type Delivery } from './invoice-documents';
import type { Transaction } from './invoice-lifecycle';
import type { InvoiceIssuer } from './invoice-pdf';
import { toAppliedTax, toInvoice } from './invoice-views';
import type { CreditNoteMail, HowToPay, InvoiceMail, PayLink } from './invoices.emails';
import type { InvoiceRepository } from './invoices.repository';
import { createRemoveInvoices, type PaymentPageState } from './remove-invoices';
import { createSendInvoice } from './send-invoice';
import { createVoidInvoice, type QueuedInvoiceMail } from './void-invoice';
import { createWriteInvoice, type InvoiceTaxes } from './write-invoice';

// What other features use of the invoices: payments and clients show payments as invoices do.
export { toPayment } from './payment-view';
export { INVOICE_NOT_FOUND } from './invoice-documents';
export { priceInvoice } from './invoice-pricing';
export { toAppliedTax, toCreditNote, toInvoice } from './invoice-views';
export { PAYMENT_PAGE_UNREACHABLE, type PaymentPageState } from './remove-invoices';
export type { InvoiceBillingLink, InvoiceTaxes } from './write-invoice';

/** Where an invoice goes by e-mail (the mail feature's notifications). */
export interface InvoiceMailer {
  invoiceIssued(invoice: InvoiceMail, pdf: Buffer, howToPay: HowToPay): Promise<Delivery>;
  /** The invoice's pay link leads nowhere any more: the outbox keeps no working copy. */
  forgetPayLink(invoiceId: string): Promise<void>;
  /** A sent invoice was voided: its client's e-mail, written with the void (void-invoice.ts). */
  queueInvoiceVoided(invoice: InvoiceMail, reason: string): Promise<QueuedInvoiceMail>;
  /** A paid invoice was corrected: the credit note, its PDF attached, to the client. */
  creditNoteIssued(note: CreditNoteMail, pdf: Buffer): Promise<unknown>;
}

export interface InvoiceServiceDeps {
  repository: InvoiceRepository;
  creditNotes: CreditNoteRepository;
  /**
   * Gives part of a card payment back through Stripe (stripe-gateway.ts refundPayment); null
   * when card payments are off, and a credit note then says the agency returns the money.
   */
  refundCard?: CardRefund | null;
  mail: InvoiceMailer;
  /**
   * Where admin actions are recorded (billing's own invoices have no actor and no record);
   * `recordIn` writes the row in the transaction of the change (a void).
   */
  audit: AuditTrail & {
    recordIn(tx: Transaction, actor: AuditActor, entry: AuditEntry): Promise<void>;
  };
  /** The agency as it prints on invoices, from the settings. */
  issuer: () => Promise<InvoiceIssuer>;
  /** A plan's name by its id (the plan catalogue's), for the PDF. */
  planName?: (planId: string) => Promise<string | null>;
  /**
   * The invoice's pay link, handed out (its lifetime starts again), or null when card payment
   * is off (pay-links.ts).
   */
  payLink?: (invoiceId: string) => Promise<PayLink | null>;
  /**
   * Closes an invoice's open Checkout page before it is deleted (payment-pages.ts, closeBeforeDelete):
   * 'paid' when money for it is on its way, 'unreachable' when Stripe did not answer.
   */
  closePaymentPage?: (invoice: InvoiceRow) => Promise<PaymentPageState>;
  /** Stripe's test keys: dashboard links go to test mode. */
  stripeTestMode?: boolean;
  /**
   * Runs the sending of a draft alone among every instance's sends (a database lock in
   * services.ts; one process's queue by default), so a refused e-mail can give its number back.
   */
  numbering?: <T>(work: () => Promise<T>) => Promise<T>;
  now?: () => Date;
  /** The business's time zone: a new invoice is issued on today's date there. */
  timeZone?: string;
  /** Sales tax: the rates an invoice chooses, the client's exemption (the tax service). */
  taxes?: InvoiceTaxes;
}

/** Without the tax service: no rate exists, nobody is exempt. */
const NO_TAXES: InvoiceTaxes = {
  activeRates: async (ids) => {
    if (ids.length > 0) throw new AppError(400, TAX_MESSAGES.rateNotFound);
    return [];
  },
  exemption: async () => ({ exempt: false, certificate: null }),
};

/**
 * The invoices' use cases, each in its own file: writing a draft (write-invoice.ts), sending
 * it (send-invoice.ts), voiding it (void-invoice.ts), crediting it (credit-notes.ts), a line
 * on a draft (draft-lines.ts), deleting (remove-invoices.ts), the client's own
 * (client-invoices.ts); what they share is invoice-documents.ts.
 */
export function createInvoiceService({
  repository,
  creditNotes,
  refundCard = null,
  mail,
  audit,
  issuer,
  planName = async () => null,
  payLink = async () => null,
  closePaymentPage = async () => 'closed',
  stripeTestMode = true,
  numbering = pLimit(1),
  now = () => new Date(),
  timeZone = DEFAULT_TIME_ZONE,
  taxes = NO_TAXES,
}: InvoiceServiceDeps) {
  const detailOptions = { stripeTestMode, cardRefunds: refundCard !== null };
  const documents = createInvoiceDocuments({
    repository,
    creditNotes,
    mail,
    issuer,
    payLink,
    planName,
    detailOptions,
  });
  const { detail } = documents;
  const send = createSendInvoice({ repository, documents, audit, numbering, now });
  const write = createWriteInvoice({
    repository,
    documents,
    audit,
    detailOptions,
    now,
    timeZone,
    planName,
    taxes,
  });
  const removal = createRemoveInvoices({
    repository,
    creditNotes,
    mail,
    audit,
    closePaymentPage,
    detailOptions,
  });
  const credit = createCreditNotes({
    repository: creditNotes,
    invoices: repository,
    detail,
    refundCard,
    issuer,
    mail,
    audit,
    now,
  });

  return {
    create: write.create,

    /**
     * The lines and totals `create` would store for this input, written nowhere: the billing
     * run's dry run of a renewal (upcoming renewals) prices its invoice here, as `create` does.
     */
    price: async (input: CreateInvoice, clientId: string | null) => write.priced(input, clientId),

    /** The taxes an invoice applied, in order, as the API answers them (the pay page's). */
    async appliedTaxes(invoiceId: string) {
      return (await repository.taxesOfInvoices([invoiceId])).map(toAppliedTax);
    },

    /** "Extra update: …" and the like: a line on the client's newest draft (draft-lines.ts). */
    addToDraft: createDraftLines({ repository, create: write.create, audit, now, timeZone }),

    update: write.update,

    markSent: send.markSent,

    /** POST /void: a sent or overdue invoice withdrawn with a reason (void-invoice.ts). */
    void: createVoidInvoice({ repository, detail, closePaymentPage, mail, audit, now }),

    /** POST /credit-notes: a paid invoice corrected by a credit note (credit-notes.ts). */
    issueCreditNote: credit.issue,

    /** A credit note's PDF, for the admin and (its own) for the client. */
    creditNotePdf: credit.pdf,
    creditNotePdfForClient: credit.pdfForClient,

    /** POST /credit-notes/{id}/refunded-by-hand: the rest of a note given back (refund-by-hand.ts). */
    creditNoteRefundedByHand: createRefundByHand({ repository: creditNotes, audit, detail }),

    /** Gives a client the unowned invoices written to the e-mail their issuer verified. */
    claimForVerifiedEmail: (userId: string, email: string) =>
      repository.claimForVerifiedEmail(userId, email),

    /** One page of the admin's list, newest first unless sorted by a column. */
    async list({
      q,
      status,
      client,
      sort,
      dir,
      page,
      pageSize,
    }: InvoiceListQuery): Promise<InvoicePage> {
      const { rows, total } = await repository.list({
        q,
        status,
        userId: client,
        sort,
        dir,
        limit: pageSize,
        offset: pageOffset({ page, pageSize }),
      });
      return { items: rows.map(toInvoice), total, page, pageSize };
    },

    detail,

    /**
     * PATCH's status change other than sent or paid (spec section 4): none is allowed, a 409
     * (404 when the invoice does not exist).
     */
    setStatus: send.refuseStatus,

    remove: removal.remove,

    /** The invoice rendered as a PDF (the admin's download and the e-mail attachment). */
    pdf: documents.pdf,

    email: send.email,

    /**
     * "Send" on a draft: it is e-mailed to the client and becomes sent (a client who never
     * hears of an invoice cannot pay it). Anything but a draft is a 409.
     */
    send: send.issue,

    ...createClientInvoices({ repository, creditNotes, documents }),

    closePaymentPagesOf: removal.closePaymentPagesOf,
    removeUnpaidFirstInvoices: removal.removeUnpaidFirstInvoices,
    removeUnpaidRenewals: removal.removeUnpaidRenewals,
  };
}
export type InvoiceService = ReturnType<typeof createInvoiceService>;
