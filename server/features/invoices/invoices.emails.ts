import { formatCents } from '@shared/money';
import { invoiceName } from '@shared/schemas/invoices';
import {
  renderEmail,
  type EmailBrand,
  type EmailLink,
  type RenderedEmail,
} from '../../lib/email-layout';
import { displayDate } from '../../lib/format';
import type { LetterSecret, Send, SendResult } from '../mail/mail.service';
import { refundSentence } from './credit-amounts';
import { taxExemptLabel, taxLabel } from './invoice-pdf';

/** An invoice as its e-mail describes it (amounts in integer cents). */
export interface InvoiceMail {
  invoiceNumber: string | null;
  clientName: string;
  clientEmail: string;
  total: number;
  dueDate: string;
  /** Each rate applied, with its amount (issue 39); an exempt client's certificate. */
  taxes?: ReadonlyArray<{ name: string; percent: number | null; amount: number }>;
  taxExemptCertificate?: string | null;
}

/**
 * The invoice's taxes in a sentence (issue 39): "Tax included: Louisiana state (4.45%) $4.45,
 * Orleans parish (5%) $5.00." or "Tax exempt — certificate N."; nothing without taxes.
 */
export function taxSentence(invoice: Pick<InvoiceMail, 'taxes' | 'taxExemptCertificate'>) {
  if (invoice.taxExemptCertificate != null)
    return [`${taxExemptLabel(invoice.taxExemptCertificate)}.`];
  const taxes = invoice.taxes ?? [];
  if (taxes.length === 0) return [];
  const each = taxes.map((tax) => `${taxLabel(tax)} ${formatCents(tax.amount)}`).join(', ');
  return [`Tax included: ${each}.`];
}

/** A pay link as handed out: where it leads, and until when it works. */
export interface PayLink {
  invoiceId: string;
  url: string;
  expiresAt: Date;
}

/** How an unpaid invoice can be paid, as its e-mails and PDF say it. */
export interface HowToPay {
  /** Null when card payment is off. */
  payLink: PayLink | null;
  instructions: string;
  /** The late-fee terms while late fees are on (issue 39): the invoice's e-mail prints them. */
  lateFeeTerms?: string | null;
}

/** The lines that tell how to pay: the pay link's label is the call to action. */
function howToPayLines(howToPay: HowToPay): string[] {
  return howToPay.instructions ? [`How to pay:\n${howToPay.instructions}`] : [];
}

/** The client's billing history in the portal, where every invoice and its pay button are. */
export const portalAction = (appUrl: string): EmailLink => ({
  href: `${appUrl}/portal/dashboard`,
  label: 'See your billing history',
});

/**
 * How an unpaid invoice's e-mail tells the client to pay, and where to find it: the pay link as
 * the call to action with the portal named beside it, or, without card payment, the portal as
 * the call to action; the instructions either way, and, with neither a pay link nor
 * instructions, whom to ask. No such e-mail leaves the client without a way to pay.
 */
export function payOrPortal(
  brand: EmailBrand,
  howToPay: HowToPay,
  { appUrl }: { appUrl: string },
): { lines: string[]; action: EmailLink } {
  const portal = portalAction(appUrl);
  const lines = howToPayLines(howToPay);
  if (howToPay.payLink) {
    lines.push(`Your invoices are also in your client portal: ${portal.href}`);
    return { lines, action: { href: howToPay.payLink.url, label: 'Pay this invoice online' } };
  }
  if (!howToPay.instructions) {
    lines.push(`To arrange payment, reply to this e-mail or write to ${brand.businessEmail}.`);
  }
  return { lines, action: portal };
}

/** The invoice to its client (the PDF is attached by the sender). */
export function invoiceIssuedEmail(
  brand: EmailBrand,
  invoice: InvoiceMail,
  howToPay: HowToPay,
  { appUrl }: { appUrl: string },
): RenderedEmail {
  const pay = payOrPortal(brand, howToPay, { appUrl });
  return renderEmail(
    brand,
    `Invoice ${invoiceName(invoice)} from ${brand.businessName}`,
    [
      `Hello ${invoice.clientName},`,
      `Please find attached invoice ${invoiceName(invoice)} for ${formatCents(invoice.total)}, due ${displayDate(invoice.dueDate, brand.timeZone)}.`,
      ...taxSentence(invoice),
      ...pay.lines,
      ...(howToPay.lateFeeTerms ? [howToPay.lateFeeTerms] : []),
      `Questions about it? Reply to this e-mail or write to ${brand.businessEmail}.`,
    ],
    pay.action,
  );
}

/** A sent invoice was voided: the client owes nothing on it (and why). */
export function invoiceVoidedEmail(
  brand: EmailBrand,
  invoice: InvoiceMail,
  reason: string,
  { appUrl }: { appUrl: string },
): RenderedEmail {
  return renderEmail(
    brand,
    `Invoice ${invoiceName(invoice)} from ${brand.businessName} is void`,
    [
      `Hello ${invoice.clientName},`,
      `Invoice ${invoiceName(invoice)} for ${formatCents(invoice.total)} is void: you owe nothing on it, and its pay link no longer works.`,
      `Why: ${reason}`,
      `Questions about it? Reply to this e-mail or write to ${brand.businessEmail}.`,
    ],
    { href: `${appUrl}/portal/dashboard`, label: 'See your billing history' },
  );
}

/** An issued credit note as its e-mail describes it (amounts in integer cents). */
export interface CreditNoteMail {
  creditNoteNumber: string;
  invoiceNumber: string | null;
  clientName: string;
  clientEmail: string;
  /** What is credited, and of it what goes back to the card through Stripe. */
  amount: number;
  refundAmount: number;
  reason: string;
}

/** A paid invoice was corrected by a credit note (its PDF is attached by the sender). */
export function creditNoteIssuedEmail(
  brand: EmailBrand,
  note: CreditNoteMail,
  { appUrl }: { appUrl: string },
): RenderedEmail {
  const byCard = note.refundAmount > 0;
  return renderEmail(
    brand,
    `Credit note ${note.creditNoteNumber} for invoice ${invoiceName(note)} from ${brand.businessName}`,
    [
      `Hello ${note.clientName},`,
      `We have issued credit note ${note.creditNoteNumber} for ${formatCents(note.amount)} on invoice ${invoiceName(note)}. It is attached.`,
      `Why: ${note.reason}`,
      refundSentence(note),
      ...(byCard
        ? ['A card refund usually shows on your statement within 5 to 10 business days.']
        : []),
      ...(note.amount > note.refundAmount
        ? [
            `If you have not told us yet how you would like to receive the money, reply to this e-mail or write to ${brand.businessEmail}.`,
          ]
        : [`Questions about it? Reply to this e-mail or write to ${brand.businessEmail}.`]),
    ],
    portalAction(appUrl),
  );
}

/**
 * What the outbox forgets of a message with a pay link, once it is used or expires (the
 * invoice's e-mails here, the payments' reminders and declines).
 */
export const payLinkSecret = (
  { payLink }: HowToPay,
  inAttachments = false,
): LetterSecret | undefined =>
  payLink
    ? {
        kind: 'pay-link',
        id: payLink.invoiceId,
        values: [payLink.url.split('/').at(-1)!],
        expiresAt: payLink.expiresAt,
        inAttachments,
      }
    : undefined;

/** A PDF attached to an e-mail. */
export const pdfAttachment = (filename: string, content: Buffer) => ({
  filename,
  contentType: 'application/pdf',
  content,
});

/**
 * Sends the invoices' e-mails (the invoice service's InvoiceMailer), each awaited: the caller
 * needs to know it went.
 */
export function createInvoiceEmails(send: Send) {
  return {
    /** The invoice, PDF attached, to its client. */
    invoiceIssued: (invoice: InvoiceMail, pdf: Buffer, howToPay: HowToPay): Promise<SendResult> =>
      send.awaited(
        ({ brand, appUrl }) => ({
          to: invoice.clientEmail,
          ...invoiceIssuedEmail(brand, invoice, howToPay, { appUrl }),
          attachments: [pdfAttachment(`${invoiceName(invoice)}.pdf`, pdf)],
          // The PDF prints the pay link too.
          secret: payLinkSecret(howToPay, true),
        }),
        // A refusal leaves the invoice as it was and the admin is told: no copy later.
        { retry: false },
      ),

    /** The invoice's pay link was used up (paid), revoked or deleted with it. */
    forgetPayLink: (invoiceId: string) => send.forgetSecret('pay-link', invoiceId),

    /**
     * A sent invoice was voided: the client is told they owe nothing on it. Written in the
     * transaction that voids it, handed to the mail server after (void-invoice.ts).
     */
    queueInvoiceVoided: (invoice: InvoiceMail, reason: string) =>
      send.prepared(({ brand, appUrl }) => ({
        to: invoice.clientEmail,
        ...invoiceVoidedEmail(brand, invoice, reason, { appUrl }),
      })),

    /** A paid invoice was corrected: the credit note, its PDF attached, to the client. */
    creditNoteIssued: (note: CreditNoteMail, pdf: Buffer): Promise<SendResult> =>
      send.awaited(({ brand, appUrl }) => ({
        to: note.clientEmail,
        ...creditNoteIssuedEmail(brand, note, { appUrl }),
        attachments: [pdfAttachment(`${note.creditNoteNumber}.pdf`, pdf)],
      })),
  };
}
export type InvoiceEmails = ReturnType<typeof createInvoiceEmails>;
