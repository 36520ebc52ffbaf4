import type { Invoice, InvoiceDetail } from '@shared/schemas/invoices';
import type { CreditNote } from '@shared/schemas/credit-notes';
import type { PaymentPayout } from '@shared/schemas/payouts';
import type { AppliedTax } from '@shared/schemas/tax';
import { thousandthsToPercent } from '@shared/tax';
import type { InvoiceLineItemRow, InvoiceRow, InvoiceTaxRow, PaymentRow } from '../../db/schema';
import { creditableOf } from './credit-amounts';
import type { CreditNoteWithAuthor } from './credit-notes.repository';
import { toPayment } from './payment-view';

/** The rows of an invoice as the API answers them (shared/schemas/invoices.ts). */
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
    taxExemptCertificate: row.taxExemptCertificate,
    lateFeeForInvoiceId: row.lateFeeForInvoiceId,
    createdAt: row.createdAt.toISOString(),
  };
}

/** One tax an invoice applied, as the API answers it (percent 4.45; null: a typed amount). */
export function toAppliedTax(row: InvoiceTaxRow): AppliedTax {
  return {
    taxRateId: row.taxRateId,
    name: row.name,
    percent: row.percentThousandths === null ? null : thousandthsToPercent(row.percentThousandths),
    taxableAmount: row.taxableAmount,
    amount: row.amount,
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
    refundedByHandOn: row.refundedByHandOn,
    refundedByHandReference: row.refundedByHandReference,
    refundedByHandAmount: row.refundedByHandAmount,
    taxes: row.taxes ?? [],
  };
}

export function toDetail(
  invoice: InvoiceRow,
  lines: InvoiceLineItemRow[],
  received: PaymentRow[],
  notes: CreditNoteWithAuthor[],
  { stripeTestMode, cardRefunds }: { stripeTestMode: boolean; cardRefunds: boolean },
  extras: {
    /** Its applied rates (invoice_taxes), in order. */
    taxes: InvoiceTaxRow[];
    /** The Stripe payout of each of `received` that has one (found.payouts). */
    payouts?: ReadonlyMap<string, PaymentPayout>;
    /** The late-fee invoice charged on this one (its repository's find), if any. */
    lateFee?: InvoiceDetail['lateFee'];
  },
): InvoiceDetail {
  const { remaining, cardRefundable } = creditableOf(invoice, received, notes, cardRefunds);
  return {
    invoice: toInvoice(invoice),
    lineItems: lines.map(({ id, description, quantity, unitPrice, total, taxable }) => ({
      id,
      description,
      quantity,
      unitPrice,
      total,
      taxable,
    })),
    taxes: extras.taxes.map(toAppliedTax),
    lateFee: extras.lateFee ?? null,
    payments: received.map((row) =>
      toPayment(row, stripeTestMode, extras.payouts?.get(row.id) ?? null),
    ),
    payLink: invoice.payTokenHash
      ? { expiresAt: invoice.payLinkExpiresAt?.toISOString() ?? null }
      : null,
    creditNotes: notes.map(toCreditNote),
    creditable: { remaining, cardRefundable },
  };
}
