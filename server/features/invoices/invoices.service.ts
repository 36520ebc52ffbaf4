import pLimit from 'p-limit';
import { DEFAULT_TIME_ZONE, calendarDateIn } from '@shared/dates';
import {
  invoiceName,
  sumInvoice,
  type ClientInvoicePage,
  type CreateInvoice,
  type EmailedInvoice,
  type Invoice,
  type InvoiceDetail,
  type InvoiceListQuery,
  type InvoicePage,
  type InvoiceStatus,
} from '@shared/schemas/invoices';
import { pageOffset, type ListQuery } from '@shared/schemas/common';
import { KEPT_IN_OUTBOX } from '@shared/schemas/mail';
import { isPayable, stripeDashboardUrl, type Payment } from '@shared/schemas/payments';
import type { CreditNote } from '@shared/schemas/credit-notes';
import type { InvoiceLineItemRow, InvoiceRow, PaymentRow } from '../../db/schema';
import type { AuditActor, AuditTrail } from '../../lib/audit-trail';
import { changedFields } from '../../lib/audit-trail';
import { AppError } from '../../lib/errors';
import { existingId } from '../../lib/ids';
import { creditableOf } from './credit-amounts';
import { createCreditNotes, type CardRefund } from './credit-notes';
import type { CreditNoteRepository, CreditNoteWithAuthor } from './credit-notes.repository';
import type { CreditNoteMail, HowToPay, InvoiceMail, PayLink } from './invoices.emails';
import { renderInvoicePdf, type InvoiceIssuer } from './invoice-pdf';
import type { InvoiceRepository, NewInvoice, WithinDraft } from './invoices.repository';
import { createDraftLines } from './draft-lines';
import { createVoidInvoice } from './void-invoice';

export const INVOICE_NOT_FOUND = 'Invoice not found';
export const PAYMENT_PAGE_UNREACHABLE =
  "Stripe could not be reached to close the invoice's open payment page. Nothing was deleted; try again.";

/**
 * Whether money can still arrive for an invoice through Stripe (payment-pages.ts, closeBeforeDelete):
 * 'closed' (its Checkout page, if any, is closed, and no charge of its card is under way),
 * 'paid' (a page was paid or a charge taken: the webhook will record it), or 'unreachable'
 * (Stripe did not answer, so whether its page can still be paid is unknown).
 */
export type PaymentPageState = 'closed' | 'paid' | 'unreachable';

/** Amounts are stored as PostgreSQL integers (cents). */
const MAX_CENTS = 2_147_483_647;

const checkedId = (id: string) => existingId(id, INVOICE_NOT_FOUND);

export function toInvoice(row: InvoiceRow): Invoice {
  return {
    id: row.id,
    invoiceNumber: row.invoiceNumber,
    clientId: row.userId,
    clientName: row.clientName,
    clientEmail: row.clientEmail,
    planType: row.planType,
    status: row.status,
    dateIssued: row.dateIssued,
    dueDate: row.dueDate,
    sentAt: row.sentAt?.toISOString() ?? null,
    paidAt: row.paidAt?.toISOString() ?? null,
    subtotal: row.subtotal,
    tax: row.tax,
    discount: row.discount,
    total: row.total,
    amountPaid: row.amountPaid,
    paymentFlags: row.paymentFlags,
    notes: row.notes,
    voidedAt: row.voidedAt?.toISOString() ?? null,
    voidReason: row.voidReason,
    createdAt: row.createdAt.toISOString(),
  };
}

export function toPayment(row: PaymentRow, stripeTestMode: boolean): Payment {
  return {
    id: row.id,
    invoiceId: row.invoiceId,
    amount: row.amount,
    refundedAmount: row.refundedAmount,
    currency: row.currency,
    method: row.method,
    paidAt: row.paidAt.toISOString(),
    refundedAt: row.refundedAt?.toISOString() ?? null,
    reference: row.reference,
    note: row.note,
    flag: row.flag,
    flagResolvedAt: row.flagResolvedAt?.toISOString() ?? null,
    stripePaymentIntentId: row.stripePaymentIntentId,
    stripeDashboardUrl: row.stripePaymentIntentId
      ? stripeDashboardUrl(row.stripePaymentIntentId, stripeTestMode)
      : null,
    voidedAt: row.voidedAt?.toISOString() ?? null,
    voidReason: row.voidReason,
  };
}

export function toCreditNote(row: CreditNoteWithAuthor): CreditNote {
  return {
    id: row.id,
    creditNoteNumber: row.creditNoteNumber,
    invoiceId: row.invoiceId,
    status: row.status,
    amount: row.amount,
    reason: row.reason,
    refundAmount: row.refundAmount,
    stripeRefundId: row.stripeRefundId,
    refundStatus: row.refundStatus,
    createdBy: row.createdBy,
    createdAt: row.createdAt.toISOString(),
    issuedAt: row.issuedAt?.toISOString() ?? null,
  };
}

function toDetail(
  invoice: InvoiceRow,
  lines: InvoiceLineItemRow[],
  received: PaymentRow[],
  notes: CreditNoteWithAuthor[],
  { stripeTestMode, cardRefunds }: { stripeTestMode: boolean; cardRefunds: boolean },
): InvoiceDetail {
  const { remaining, cardRefundable } = creditableOf(invoice, received, notes, cardRefunds);
  return {
    invoice: toInvoice(invoice),
    lineItems: lines.map(({ id, description, quantity, unitPrice, total }) => ({
      id,
      description,
      quantity,
      unitPrice,
      total,
    })),
    payments: received.map((row) => toPayment(row, stripeTestMode)),
    payLink: invoice.payTokenHash
      ? { expiresAt: invoice.payLinkExpiresAt?.toISOString() ?? null }
      : null,
    creditNotes: notes.map(toCreditNote),
    creditable: { remaining, cardRefundable },
  };
}

/** Every total from the lines, in integer cents; what the browser computed is not used. */
export function priceInvoice(input: CreateInvoice) {
  const {
    lines: lineItems,
    subtotal,
    total,
  } = sumInvoice(
    input.lineItems.map((line) => ({ ...line, description: line.description.trim() })),
    input.tax,
    input.discount,
  );
  if (input.discount > subtotal + input.tax) {
    throw new AppError(400, 'The discount cannot be more than the subtotal plus tax');
  }
  if ([subtotal, input.tax, total, ...lineItems.map((l) => l.total)].some((n) => n > MAX_CENTS)) {
    throw new AppError(400, 'The invoice amounts are too large');
  }
  return { lineItems, subtotal, total };
}

/** Where an invoice goes by e-mail (the mail feature's notifications). */
export interface InvoiceMailer {
  invoiceIssued(
    invoice: Invoice,
    pdf: Buffer,
    howToPay: HowToPay,
  ): Promise<{ delivered: boolean; kept: boolean; transport: string; error?: string }>;
  /** The invoice's pay link leads nowhere any more: the outbox keeps no working copy. */
  forgetPayLink(invoiceId: string): Promise<void>;
  /** A sent invoice was voided: its client is told. */
  invoiceVoided(invoice: InvoiceMail, reason: string): Promise<unknown>;
  /** A paid invoice was corrected: the credit note, its PDF attached, to the client. */
  creditNoteIssued(note: CreditNoteMail, pdf: Buffer): Promise<unknown>;
}

/** What links an invoice to the subscription it bills (set by billing, never by the form). */
export type InvoiceBillingLink = Pick<
  NewInvoice,
  'userId' | 'subscriptionId' | 'periodStart' | 'periodEnd'
>;

export interface InvoiceServiceDeps {
  repository: InvoiceRepository;
  creditNotes: CreditNoteRepository;
  /**
   * Gives part of a card payment back through Stripe (stripe-gateway.ts refundPayment); null
   * when card payments are off, and a credit note then says the agency returns the money.
   */
  refundCard?: CardRefund | null;
  mail: InvoiceMailer;
  /** Where admin actions are recorded (billing's own invoices have no actor and no record). */
  audit: AuditTrail;
  /** The agency as it prints on invoices, from the settings. */
  issuer: () => Promise<InvoiceIssuer>;
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
  /** Every copy of the invoice's pay link stops working (pay-links.ts revoke). */
  revokePayLink?: (invoiceId: string) => Promise<void>;
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
}

export function createInvoiceService({
  repository,
  creditNotes,
  refundCard = null,
  mail,
  audit,
  issuer,
  payLink = async () => null,
  closePaymentPage = async () => 'closed',
  revokePayLink = async () => undefined,
  stripeTestMode = true,
  numbering = pLimit(1),
  now = () => new Date(),
  timeZone = DEFAULT_TIME_ZONE,
}: InvoiceServiceDeps) {
  /** What the audit log keeps of an invoice created or deleted. */
  const summary = (invoice: Invoice) => ({
    invoiceNumber: invoice.invoiceNumber,
    clientName: invoice.clientName,
    clientEmail: invoice.clientEmail,
    status: invoice.status,
    dueDate: invoice.dueDate,
    total: invoice.total,
  });

  /**
   * Closes the payment pages of invoices about to be deleted, one by one: 'unreachable' as
   * soon as Stripe does not answer, else 'paid' when money for any of them is on its way.
   */
  async function closePaymentPages(rows: InvoiceRow[]): Promise<PaymentPageState> {
    let state: PaymentPageState = 'closed';
    for (const row of rows) {
      const closed = await closePaymentPage(row);
      if (closed === 'unreachable') return closed;
      if (closed === 'paid') state = 'paid';
    }
    return state;
  }

  const detailOptions = { stripeTestMode, cardRefunds: refundCard !== null };

  async function detail(id: string): Promise<InvoiceDetail> {
    const found = await repository.find(checkedId(id));
    if (!found) throw new AppError(404, INVOICE_NOT_FOUND);
    const notes = await creditNotes.ofInvoices([found.invoice.id]);
    return toDetail(found.invoice, found.lines, found.payments, notes, detailOptions);
  }

  /** The PDF, with the pay link and the instructions while it is unpaid. */
  async function render(
    invoice: InvoiceDetail,
    payUrl: string | null,
    issuedBy: InvoiceIssuer,
  ): Promise<{ filename: string; content: Buffer }> {
    return {
      filename: `${invoiceName(invoice.invoice)}.pdf`,
      content: await renderInvoicePdf(invoice, issuedBy, { payUrl }),
    };
  }

  async function pdf(id: string) {
    const invoice = await detail(id);
    const link = isPayable(invoice.invoice) ? await payLink(invoice.invoice.id) : null;
    return render(invoice, link?.url ?? null, await issuer());
  }

  /** Deletes unpaid invoices of a subscription; their pay links lead nowhere now. How many. */
  async function removeUnpaid(subscriptionId: string, renewalsFrom: Date | null) {
    const removed = await repository.removeUnpaid(subscriptionId, renewalsFrom);
    for (const id of removed) await mail.forgetPayLink(id);
    return removed.length;
  }

  /**
   * The only status change left to this service is draft -> sent, and sending e-mails the
   * invoice (send, email); anything else here is a 409 (paid is reached by payments).
   */
  async function refuseStatus(id: string, to: Exclude<InvoiceStatus, 'paid'>): Promise<never> {
    const current = await detail(id); // 404 when it does not exist
    throw new AppError(409, `An invoice that is ${current.invoice.status} cannot be marked ${to}`);
  }

  /** The invoice with its PDF to the client, as it is now. */
  async function deliver(invoice: InvoiceDetail) {
    const payable = isPayable(invoice.invoice);
    const link = payable ? await payLink(invoice.invoice.id) : null;
    const issuedBy = await issuer();
    const { content } = await render(invoice, link?.url ?? null, issuedBy);
    return mail.invoiceIssued(invoice.invoice, content, {
      payLink: link,
      instructions: payable ? issuedBy.paymentInstructions : '',
    });
  }

  function emailed(
    invoice: InvoiceDetail,
    result: Awaited<ReturnType<typeof deliver>>,
  ): EmailedInvoice {
    const { clientEmail } = invoice.invoice;
    const invoiceNumber = invoiceName(invoice.invoice);
    return {
      ...invoice,
      message: result.kept
        ? `${KEPT_IN_OUTBOX}. Invoice ${invoiceNumber} did not reach ${clientEmail}: download the PDF to send it yourself.`
        : `Invoice ${invoiceNumber} was sent to ${clientEmail} through ${result.transport}.`,
      delivery: result.kept ? 'kept' : 'sent',
    };
  }

  const notEmailed = (result: { error?: string }) =>
    new AppError(502, `The invoice could not be e-mailed: ${result.error ?? 'unknown error'}`);

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

  const voidInvoice = createVoidInvoice({
    repository,
    detail,
    closePaymentPage,
    revokePayLink,
    mail,
    audit,
    now,
  });

  /** A new invoice, a draft until it is sent; with an actor, audited. */
  async function create(
    input: CreateInvoice,
    link: InvoiceBillingLink = {},
    actor?: AuditActor,
    within?: WithinDraft,
  ): Promise<InvoiceDetail> {
    if (input.clientId && !(await repository.clientExists(input.clientId))) {
      throw new AppError(400, 'That client account no longer exists. Choose the client again.');
    }
    const { lineItems, subtotal, total } = priceInvoice(input);
    const today = now();
    const { invoice, lines } = await repository.create(
      {
        userId: input.clientId ?? link.userId,
        clientName: input.clientName,
        clientEmail: input.clientEmail,
        planType: input.planType ?? null,
        dateIssued: calendarDateIn(today, timeZone),
        dueDate: input.dueDate,
        notes: input.notes,
        subtotal,
        tax: input.tax,
        discount: input.discount,
        total,
        lineItems,
        ...link,
      },
      within,
    );
    const created = toDetail(invoice, lines, [], [], detailOptions);
    if (actor) {
      await audit.record(actor, {
        kind: 'invoice.created',
        targetType: 'invoice',
        targetId: invoice.id,
        before: null,
        after: { ...summary(created.invoice), lineItems: lineItems.length },
      });
    }
    return created;
  }

  /** "Extra update: …" and the like: a line on the client's newest draft (draft-lines.ts). */
  const addToDraft = createDraftLines({ repository, create, audit, now, timeZone });

  return {
    create,

    addToDraft,

    /**
     * A draft edited in full: every field and line replaced by the create body, totals counted
     * again. A sent, paid or void invoice is a 409 (it is voided or credited instead).
     */
    async update(id: string, input: CreateInvoice, actor: AuditActor): Promise<InvoiceDetail> {
      const before = await detail(id);
      if (input.clientId && !(await repository.clientExists(input.clientId))) {
        throw new AppError(400, 'That client account no longer exists. Choose the client again.');
      }
      const { lineItems, subtotal, total } = priceInvoice(input);
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
          tax: input.tax,
          discount: input.discount,
          total,
          lineItems,
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
      const after = await detail(before.invoice.id);
      const fields = (invoice: Invoice, lines: number) => ({
        ...summary(invoice),
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
    },

    /**
     * "Mark as sent": the draft is numbered and recorded as sent without being e-mailed (the
     * admin handed it over another way). Anything but a draft is a 409.
     */
    async markSent(id: string, actor: AuditActor): Promise<InvoiceDetail> {
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
    },

    /** POST /void: a sent or overdue invoice withdrawn with a reason (void-invoice.ts). */
    void: voidInvoice,

    /** POST /credit-notes: a paid invoice corrected by a credit note (credit-notes.ts). */
    issueCreditNote: credit.issue,

    /** A credit note's PDF, for the admin and (its own) for the client. */
    creditNotePdf: credit.pdf,
    creditNotePdfForClient: credit.pdfForClient,

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
    setStatus: refuseStatus,

    /**
     * Deletes an invoice nobody paid. Its open Checkout page is closed first, so no card can
     * pay an invoice that is gone; when Stripe cannot be reached nothing is deleted (503), and
     * an invoice whose page was paid already stays for the payment on its way (409).
     */
    async remove(id: string, actor?: AuditActor): Promise<void> {
      const found = await repository.find(checkedId(id));
      if (!found) throw new AppError(404, INVOICE_NOT_FOUND);
      const hasPayments = new AppError(
        409,
        'An invoice with payments cannot be deleted: the money received stays on record.',
      );
      if (found.payments.length > 0) throw hasPayments;
      if ((await creditNotes.ofInvoices([found.invoice.id])).length > 0) {
        throw new AppError(
          409,
          'An invoice with credit notes cannot be deleted: they stay on record.',
        );
      }
      const page = await closePaymentPage(found.invoice);
      if (page === 'unreachable') throw new AppError(503, PAYMENT_PAGE_UNREACHABLE);
      if (page === 'paid') {
        throw new AppError(
          409,
          'A card payment for this invoice is on its way from Stripe: the invoice stays, and the payment will be recorded on it.',
        );
      }
      const before = toDetail(found.invoice, found.lines, found.payments, [], detailOptions);
      const removed = await repository.remove(found.invoice.id);
      if (removed === 'not-found') throw new AppError(404, INVOICE_NOT_FOUND);
      if (removed === 'has-payments') throw hasPayments;
      if (removed === 'page-open') {
        throw new AppError(
          409,
          'The client has just opened a payment page for this invoice. Nothing was deleted; try again.',
        );
      }
      // Its pay link leads nowhere now: the outbox's copies are blanked.
      await mail.forgetPayLink(found.invoice.id);
      if (actor) {
        await audit.record(actor, {
          kind: 'invoice.deleted',
          targetType: 'invoice',
          targetId: before.invoice.id,
          before: summary(before.invoice),
          after: null,
        });
      }
    },

    /** The invoice rendered as a PDF (the admin's download and the e-mail attachment). */
    pdf,

    email,

    /**
     * "Send" on a draft: it is e-mailed to the client and becomes sent (a client who never
     * hears of an invoice cannot pay it). Anything but a draft is a 409.
     */
    async send(id: string, actor?: AuditActor): Promise<EmailedInvoice> {
      return issue(id, actor);
    },

    async listForClient(
      userId: string,
      { page, pageSize }: Pick<ListQuery, 'page' | 'pageSize'>,
    ): Promise<ClientInvoicePage> {
      const { rows, total } = await repository.listForClient(userId, {
        limit: pageSize,
        offset: pageOffset({ page, pageSize }),
      });
      const notes = await creditNotes.ofInvoices(rows.map((row) => row.id));
      const items = rows.map((row) => ({
        ...row,
        invoiceNumber: invoiceName(row),
        paidAt: row.paidAt?.toISOString() ?? null,
        creditNotes: notes.flatMap((note) =>
          note.invoiceId === row.id && note.creditNoteNumber && note.issuedAt
            ? [
                {
                  id: note.id,
                  creditNoteNumber: note.creditNoteNumber,
                  amount: note.amount,
                  issuedAt: note.issuedAt.toISOString(),
                },
              ]
            : [],
        ),
      }));
      return { items, total, page, pageSize };
    },

    /** A client's own invoice as a PDF; any other invoice is 'not found' to them. */
    async pdfForClient(userId: string, id: string) {
      const own = await repository.findIdForClient(userId, checkedId(id));
      if (!own) throw new AppError(404, INVOICE_NOT_FOUND);
      return pdf(own);
    },

    /**
     * Before a subscription change that deletes its unpaid first-month invoices (renewalsFrom
     * null) or its unpaid renewals from a date: their open Checkout pages are closed.
     */
    async closePaymentPagesOf(
      subscriptionId: string,
      renewalsFrom: Date | null,
    ): Promise<PaymentPageState> {
      return closePaymentPages(await repository.findUnpaid(subscriptionId, renewalsFrom));
    },

    /**
     * Unpaid first-month invoices of a subscription request that changed or was withdrawn.
     * Their pages were closed by closePaymentPagesOf; one whose money is on its way stays.
     */
    removeUnpaidFirstInvoices: (subscriptionId: string) => removeUnpaid(subscriptionId, null),

    /** Unpaid renewals for months after a cancelled subscription ends (or re-billed). */
    removeUnpaidRenewals: (subscriptionId: string, from: Date) =>
      removeUnpaid(subscriptionId, from),
  };
}
export type InvoiceService = ReturnType<typeof createInvoiceService>;
