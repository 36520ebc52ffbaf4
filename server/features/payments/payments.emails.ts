import { formatCents } from '@shared/money';
import { invoiceName } from '@shared/schemas/invoices';
import { renderEmail, type EmailBrand, type RenderedEmail } from '../../lib/email-layout';
import { displayDate } from '../../lib/format';
import {
  payLinkSecret,
  payOrPortal,
  pdfAttachment,
  portalAction,
  type HowToPay,
  type InvoiceEmails,
  type InvoiceMail,
} from '../invoices/invoices.emails';
import type { Send, SendResult } from '../mail/mail.service';

/** A payment covered the invoice: the receipt (the PDF marked paid is attached by the sender). */
export function paymentReceiptEmail(
  brand: EmailBrand,
  invoice: InvoiceMail,
  { appUrl }: { appUrl: string },
): RenderedEmail {
  return renderEmail(
    brand,
    `Receipt for invoice ${invoiceName(invoice)} from ${brand.businessName}`,
    [
      `Hello ${invoice.clientName},`,
      `Thank you: invoice ${invoiceName(invoice)} (${formatCents(invoice.total)}) is paid in full.`,
      'The invoice, marked paid, is attached for your records.',
    ],
    portalAction(appUrl),
  );
}

/**
 * A payment recorded by mistake was voided: the corrected receipt, with what is now owed.
 * `balanceDue` in cents, after the void.
 */
export function paymentVoidedEmail(
  brand: EmailBrand,
  invoice: InvoiceMail & { balanceDue: number },
  payment: { amount: number; paidOn: string; reason: string },
  { appUrl }: { appUrl: string },
): RenderedEmail {
  return renderEmail(
    brand,
    `Corrected receipt for invoice ${invoiceName(invoice)} from ${brand.businessName}`,
    [
      `Hello ${invoice.clientName},`,
      `The payment of ${formatCents(payment.amount)} recorded on ${displayDate(payment.paidOn, brand.timeZone)} for invoice ${invoiceName(invoice)} was recorded by mistake and has been canceled (${payment.reason}). Please disregard the receipt you received for it.`,
      invoice.balanceDue > 0
        ? `The balance due on invoice ${invoiceName(invoice)} is ${formatCents(invoice.balanceDue)}, due ${displayDate(invoice.dueDate, brand.timeZone)}.`
        : `Invoice ${invoiceName(invoice)} remains paid in full.`,
      `Questions about it? Reply to this e-mail or write to ${brand.businessEmail}.`,
    ],
    { href: `${appUrl}/portal/dashboard`, label: 'See your billing history' },
  );
}

/** The saved card was declined for a renewal: when the next try is, and how to pay now. */
export function chargeDeclinedEmail(
  brand: EmailBrand,
  invoice: InvoiceMail,
  decline: { reason: string; nextTry: string | null; amount: number },
  howToPay: HowToPay,
  { appUrl }: { appUrl: string },
): RenderedEmail {
  const pay = payOrPortal(brand, howToPay, { appUrl });
  return renderEmail(
    brand,
    `Your card was declined for invoice ${invoiceName(invoice)}`,
    [
      `Hello ${invoice.clientName},`,
      `We tried to charge your saved card ${formatCents(decline.amount)} for invoice ${invoiceName(invoice)}, but it was declined (${decline.reason}).`,
      decline.nextTry
        ? `We will try again on ${displayDate(decline.nextTry, brand.timeZone)}. To pay now${howToPay.payLink ? ' or with another card, use the link below' : ', see below'}.`
        : `That was our last try. Please pay ${howToPay.payLink ? 'with the link below' : 'as below'} to keep your plan running.`,
      ...pay.lines,
    ],
    pay.action,
  );
}

/** A payment that takes days (a bank debit) failed after Checkout. */
export function paymentFailedEmail(
  brand: EmailBrand,
  invoice: InvoiceMail,
  howToPay: HowToPay,
  { appUrl }: { appUrl: string },
): RenderedEmail {
  const pay = payOrPortal(brand, howToPay, { appUrl });
  return renderEmail(
    brand,
    `Your payment for invoice ${invoiceName(invoice)} did not go through`,
    [
      `Hello ${invoice.clientName},`,
      `Your payment for invoice ${invoiceName(invoice)} (${formatCents(invoice.total)}) did not go through, so the invoice is still open.`,
      ...pay.lines,
    ],
    pay.action,
  );
}

/** An overdue invoice, reminded on one of the settings' days after its due date. */
export function paymentReminderEmail(
  brand: EmailBrand,
  invoice: InvoiceMail & { balanceDue: number; lateFeeWarning?: string | null },
  howToPay: HowToPay,
  { appUrl }: { appUrl: string },
): RenderedEmail {
  const pay = payOrPortal(brand, howToPay, { appUrl });
  return renderEmail(
    brand,
    `Reminder: invoice ${invoiceName(invoice)} is overdue`,
    [
      `Hello ${invoice.clientName},`,
      `Invoice ${invoiceName(invoice)} was due on ${displayDate(invoice.dueDate, brand.timeZone)} and ${formatCents(invoice.balanceDue)} is still open. Please pay it to keep your plan running.`,
      // Before its grace period ends (issue 39): the late fee it will be charged, and when.
      ...(invoice.lateFeeWarning ? [invoice.lateFeeWarning] : []),
      ...pay.lines,
      `Already paid, or a question? Reply to this e-mail or write to ${brand.businessEmail}.`,
    ],
    pay.action,
  );
}

/** A card refund Stripe accepted and then could not make, as the agency is told of it. */
export interface RefundFailedMail {
  invoiceId: string | null;
  invoiceNumber: string | null;
  /** Who was to get it back: the invoice's client, or the payer of an orphan payment. */
  clientName: string;
  amount: number;
  /** Stripe's failure_reason ('expired_or_canceled_card'), or 'canceled'. */
  reason: string;
  /** The credit note whose refund it was; null for a refund made in the Stripe dashboard. */
  creditNoteNumber: string | null;
  /** What counts toward the invoice again (a dashboard refund), and whether it is paid again. */
  restored: number;
  paidAgain: boolean;
}

/**
 * Stripe could not make a card refund it had accepted (the card closed since, say): the money
 * is back in the agency's Stripe balance and the client has not got it. To the agency, since
 * only the owner can give it back another way.
 */
export function refundFailedEmail(
  brand: EmailBrand,
  refund: RefundFailedMail,
  { appUrl }: { appUrl: string },
): RenderedEmail {
  const invoice = refund.invoiceNumber ? `invoice ${refund.invoiceNumber}` : 'a draft invoice';
  const paid = refund.invoiceId ? ` for ${invoice}` : '';
  const what = refund.creditNoteNumber
    ? [
        `It was the refund of credit note ${refund.creditNoteNumber}: ${refund.clientName} still has ${formatCents(refund.amount)} to get back. Return it another way (a bank transfer, say); the credit note now says you return it directly.`,
      ]
    : [
        `It was a refund made in the Stripe dashboard, so it no longer counts as given back${
          refund.restored > 0
            ? `: ${formatCents(refund.restored)} counts toward ${invoice} again${refund.paidAgain ? ', which is paid again' : ''}`
            : ''
        }. Refund it again in Stripe if it is still owed.`,
      ];
  return renderEmail(
    brand,
    `A card refund of ${formatCents(refund.amount)} to ${refund.clientName} failed`,
    [
      `Stripe could not refund ${formatCents(refund.amount)} to the card ${refund.clientName} paid with${paid} (${refund.reason.replace(/_/g, ' ')}). The money is back in your Stripe balance.`,
      ...what,
      refund.invoiceId
        ? 'The invoice shows a warning until you mark it resolved.'
        : 'The payment is flagged on the payments screen until you mark it resolved.',
    ],
    refund.invoiceId
      ? { href: `${appUrl}/admin/invoices/${refund.invoiceId}`, label: 'See the invoice' }
      : { href: `${appUrl}/admin/payments?status=flagged`, label: 'See the payments' },
  );
}

/**
 * Sends the payments' e-mails (the payment use cases, and the billing run's declines and
 * reminders). To the client, awaited; a failed refund to the agency, in the background
 * (Stripe's webhook is answered at once).
 */
export function createPaymentEmails(send: Send) {
  return {
    /** A payment covered the invoice: the receipt, with the PDF marked paid. */
    paymentReceipt: (invoice: InvoiceMail, pdf: Buffer): Promise<SendResult> =>
      send.awaited(({ brand, appUrl }) => ({
        to: invoice.clientEmail,
        ...paymentReceiptEmail(brand, invoice, { appUrl }),
        attachments: [pdfAttachment(`${invoiceName(invoice)}-paid.pdf`, pdf)],
      })),

    /** A payment recorded by mistake was voided: the corrected receipt. */
    paymentVoided: (
      invoice: InvoiceMail & { balanceDue: number },
      payment: { amount: number; paidOn: string; reason: string },
    ): Promise<SendResult> =>
      send.awaited(({ brand, appUrl }) => ({
        to: invoice.clientEmail,
        ...paymentVoidedEmail(brand, invoice, payment, { appUrl }),
      })),

    /** A card refund Stripe accepted failed later: the agency hears of it. */
    refundFailed(refund: RefundFailedMail): void {
      send.inBackground('refund-failed', ({ brand, appUrl }) => ({
        to: brand.businessEmail,
        ...refundFailedEmail(brand, refund, { appUrl }),
      }));
    },

    /** The saved card was declined for a renewal: when the next try is, and how to pay now. */
    chargeDeclined: (
      invoice: InvoiceMail,
      decline: { reason: string; nextTry: string | null; amount: number },
      howToPay: HowToPay,
    ): Promise<SendResult> =>
      send.awaited(({ brand, appUrl }) => ({
        to: invoice.clientEmail,
        ...chargeDeclinedEmail(brand, invoice, decline, howToPay, { appUrl }),
        secret: payLinkSecret(howToPay),
      })),

    /** A payment that takes days (a bank debit) failed after Checkout. */
    paymentFailed: (invoice: InvoiceMail, howToPay: HowToPay): Promise<SendResult> =>
      send.awaited(({ brand, appUrl }) => ({
        to: invoice.clientEmail,
        ...paymentFailedEmail(brand, invoice, howToPay, { appUrl }),
        secret: payLinkSecret(howToPay),
      })),

    /** An overdue invoice, reminded on one of the settings' days after its due date. */
    paymentReminder: (
      invoice: InvoiceMail & { balanceDue: number; lateFeeWarning?: string | null },
      howToPay: HowToPay,
    ): Promise<SendResult> =>
      send.awaited(({ brand, appUrl }) => ({
        to: invoice.clientEmail,
        ...paymentReminderEmail(brand, invoice, howToPay, { appUrl }),
        secret: payLinkSecret(howToPay),
      })),
  };
}
export type PaymentEmails = ReturnType<typeof createPaymentEmails>;

/** What the payment use cases send and forget: their e-mails, and the invoice's pay link. */
export type PaymentNotifications = PaymentEmails & Pick<InvoiceEmails, 'forgetPayLink'>;
