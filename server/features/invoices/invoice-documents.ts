import { invoiceName, type EmailedInvoice, type InvoiceDetail } from '@shared/schemas/invoices';
import { KEPT_IN_OUTBOX } from '@shared/schemas/mail';
import { isPayable } from '@shared/schemas/payments';
import { AppError } from '../../lib/errors';
import { existingId } from '../../lib/ids';
import type { CreditNoteRepository } from './credit-notes.repository';
import type { HowToPay, InvoiceMail, PayLink } from './invoices.emails';
import { renderInvoicePdf, type InvoiceIssuer } from './invoice-pdf';
import { toDetail } from './invoice-views';
import type { InvoiceRepository } from './invoices.repository';

export const INVOICE_NOT_FOUND = 'Invoice not found';

export const checkedId = (id: string) => existingId(id, INVOICE_NOT_FOUND);

/** What sending an invoice by e-mail came to (the mail feature's SendResult). */
export interface Delivery {
  delivered: boolean;
  kept: boolean;
  transport: string;
  error?: string;
}

export interface InvoiceDocumentsDeps {
  repository: Pick<InvoiceRepository, 'find'>;
  creditNotes: Pick<CreditNoteRepository, 'ofInvoices'>;
  mail: {
    invoiceIssued(invoice: InvoiceMail, pdf: Buffer, howToPay: HowToPay): Promise<Delivery>;
  };
  issuer: () => Promise<InvoiceIssuer>;
  payLink: (invoiceId: string) => Promise<PayLink | null>;
  /** A plan's name by its id (the plan catalogue's), for the PDF. */
  planName: (planId: string) => Promise<string | null>;
  detailOptions: { stripeTestMode: boolean; cardRefunds: boolean };
}

/**
 * An invoice as the admin sees it, as a PDF, and as the e-mail that carries the PDF: what the
 * use cases that show, send and e-mail an invoice share.
 */
export function createInvoiceDocuments({
  repository,
  creditNotes,
  mail,
  issuer,
  payLink,
  planName,
  detailOptions,
}: InvoiceDocumentsDeps) {
  async function detail(id: string): Promise<InvoiceDetail> {
    const found = await repository.find(checkedId(id));
    if (!found) throw new AppError(404, INVOICE_NOT_FOUND);
    const notes = await creditNotes.ofInvoices([found.invoice.id]);
    const { invoice, lines, payments, taxes, payouts, lateFee } = found;
    return toDetail(invoice, lines, payments, notes, detailOptions, { taxes, payouts, lateFee });
  }

  /** The PDF, with the pay link and the instructions while it is unpaid. */
  async function render(
    invoice: InvoiceDetail,
    payUrl: string | null,
    issuedBy: InvoiceIssuer,
  ): Promise<{ filename: string; content: Buffer }> {
    return {
      filename: `${invoiceName(invoice.invoice)}.pdf`,
      content: await renderInvoicePdf(invoice, issuedBy, {
        payUrl,
        planName: invoice.invoice.planType ? await planName(invoice.invoice.planType) : null,
      }),
    };
  }

  async function pdf(id: string) {
    const invoice = await detail(id);
    const link = isPayable(invoice.invoice) ? await payLink(invoice.invoice.id) : null;
    return render(invoice, link?.url ?? null, await issuer());
  }

  /** The invoice with its PDF to the client, as it is now. */
  async function deliver(invoice: InvoiceDetail): Promise<Delivery> {
    const payable = isPayable(invoice.invoice);
    const link = payable ? await payLink(invoice.invoice.id) : null;
    const issuedBy = await issuer();
    const { content } = await render(invoice, link?.url ?? null, issuedBy);
    return mail.invoiceIssued({ ...invoice.invoice, taxes: invoice.taxes }, content, {
      payLink: link,
      instructions: payable ? issuedBy.paymentInstructions : '',
      lateFeeTerms: issuedBy.lateFeeTerms ?? null,
    });
  }

  return { detail, pdf, deliver };
}
export type InvoiceDocuments = ReturnType<typeof createInvoiceDocuments>;

/** What the admin is told of an invoice e-mailed: sent, or kept in the outbox. */
export function emailed(invoice: InvoiceDetail, result: Delivery): EmailedInvoice {
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

export const notEmailed = (result: { error?: string }) =>
  new AppError(502, `The invoice could not be e-mailed: ${result.error ?? 'unknown error'}`);
