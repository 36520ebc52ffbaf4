import { LATE_FEE_MESSAGES } from '@shared/schemas/late-fees';
import type { AuditActor, AuditTrail } from '../../lib/audit-trail';
import { AppError } from '../../lib/errors';
import type { InvoiceRow } from '../../db/schema';
import type { CreditNoteRepository } from './credit-notes.repository';
import { checkedId, INVOICE_NOT_FOUND } from './invoice-documents';
import { toDetail } from './invoice-views';
import type { InvoiceRepository } from './invoices.repository';
import { auditSummary } from './write-invoice';

export const PAYMENT_PAGE_UNREACHABLE =
  "Stripe could not be reached to close the invoice's open payment page. Nothing was deleted; try again.";

/**
 * Whether money can still arrive for an invoice through Stripe (payment-pages.ts, closeBeforeDelete):
 * 'closed' (its Checkout page, if any, is closed, and no charge of its card is under way),
 * 'paid' (a page was paid or a charge taken: the webhook will record it), or 'unreachable'
 * (Stripe did not answer, so whether its page can still be paid is unknown).
 */
export type PaymentPageState = 'closed' | 'paid' | 'unreachable';

export interface RemoveInvoicesDeps {
  repository: Pick<InvoiceRepository, 'find' | 'remove' | 'removeUnpaid' | 'findUnpaid'>;
  creditNotes: Pick<CreditNoteRepository, 'ofInvoices'>;
  mail: { forgetPayLink(invoiceId: string): Promise<void> };
  audit: AuditTrail;
  closePaymentPage: (invoice: InvoiceRow) => Promise<PaymentPageState>;
  detailOptions: { stripeTestMode: boolean; cardRefunds: boolean };
}

/**
 * Invoices deleted: one the admin deletes (nobody paid it), and a subscription's unpaid ones
 * that billing no longer needs. Their Checkout pages are closed first, so no card can pay an
 * invoice that is gone, and their pay links are blanked from the outbox after.
 */
export function createRemoveInvoices({
  repository,
  creditNotes,
  mail,
  audit,
  closePaymentPage,
  detailOptions,
}: RemoveInvoicesDeps) {
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

  /** Deletes unpaid invoices of a subscription; their pay links lead nowhere now. How many. */
  async function removeUnpaid(subscriptionId: string, renewalsFrom: Date | null) {
    const removed = await repository.removeUnpaid(subscriptionId, renewalsFrom);
    for (const id of removed) await mail.forgetPayLink(id);
    return removed.length;
  }

  /**
   * Deletes an invoice nobody paid. When Stripe cannot be reached nothing is deleted (503),
   * and an invoice whose page was paid already stays for the payment on its way (409). A
   * late-fee invoice, even a draft the run could not e-mail, is never deleted (409): its row
   * is what tells the daily run the original's fee was charged, so it is waived instead.
   */
  async function remove(id: string, actor?: AuditActor): Promise<void> {
    const found = await repository.find(checkedId(id));
    if (!found) throw new AppError(404, INVOICE_NOT_FOUND);
    if (found.invoice.lateFeeForInvoiceId) throw new AppError(409, LATE_FEE_MESSAGES.notDeletable);
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
    const before = toDetail(found.invoice, found.lines, found.payments, [], detailOptions, {
      taxes: found.taxes,
      payouts: found.payouts,
    });
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
        before: auditSummary(before.invoice),
        after: null,
      });
    }
  }

  return {
    remove,

    /**
     * Before a subscription change that deletes its unpaid first-month invoices (renewalsFrom
     * null) or its unpaid renewals from a date: their open Checkout pages are closed.
     */
    closePaymentPagesOf: async (
      subscriptionId: string,
      renewalsFrom: Date | null,
    ): Promise<PaymentPageState> =>
      closePaymentPages(await repository.findUnpaid(subscriptionId, renewalsFrom)),

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
