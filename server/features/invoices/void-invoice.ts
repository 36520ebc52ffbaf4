import { invoiceName, type InvoiceDetail } from '@shared/schemas/invoices';
import type { InvoiceRow } from '../../db/schema';
import type { AuditActor, AuditTrail } from '../../lib/audit-trail';
import { AppError } from '../../lib/errors';
import { existingId } from '../../lib/ids';
import type { InvoiceMail } from './invoices.emails';
import type { InvoiceRepository } from './invoices.repository';

const INVOICE_NOT_FOUND = 'Invoice not found';

/** Why an invoice in each status cannot be voided (sent and overdue can). */
const NOT_VOIDABLE: Record<'draft' | 'paid' | 'void', string> = {
  draft: 'A draft is not voided: it has no number yet, so delete it instead.',
  paid: 'A paid invoice is not voided: issue a credit note for it instead.',
  void: 'This invoice is void already.',
};

export interface VoidInvoiceDeps {
  repository: Pick<InvoiceRepository, 'find' | 'voidInvoice'>;
  detail: (id: string) => Promise<InvoiceDetail>;
  /** Closes its open Checkout page (payment-pages.ts closeBeforeDelete). */
  closePaymentPage: (invoice: InvoiceRow) => Promise<'closed' | 'paid' | 'unreachable'>;
  /** Every copy of its pay link stops working (pay-links.ts revoke). */
  revokePayLink: (invoiceId: string) => Promise<void>;
  mail: {
    forgetPayLink(invoiceId: string): Promise<void>;
    invoiceVoided(invoice: InvoiceMail, reason: string): Promise<unknown>;
  };
  audit: AuditTrail;
  now: () => Date;
}

/**
 * A sent invoice is voided, not deleted: it keeps its number (no gap), owes nothing, leaves the
 * figures, and shows "Void" to the client, who is told. Its open Checkout page is closed and
 * its pay link revoked first, so no card can pay it afterwards; when Stripe cannot be reached
 * nothing changes (503).
 */
export function createVoidInvoice({
  repository,
  detail,
  closePaymentPage,
  revokePayLink,
  mail,
  audit,
  now,
}: VoidInvoiceDeps) {
  return async function voidInvoice(
    id: string,
    reason: string,
    actor: AuditActor,
  ): Promise<InvoiceDetail> {
    const found = await repository.find(existingId(id, INVOICE_NOT_FOUND));
    if (!found) throw new AppError(404, INVOICE_NOT_FOUND);
    const { invoice } = found;
    if (invoice.status === 'draft' || invoice.status === 'paid' || invoice.status === 'void') {
      throw new AppError(409, NOT_VOIDABLE[invoice.status]);
    }
    if (invoice.amountPaid > 0) {
      throw new AppError(
        409,
        'Money was received for this invoice: void the payments recorded by mistake first, or wait until it is paid and issue a credit note.',
      );
    }
    const page = await closePaymentPage(invoice);
    if (page === 'unreachable') {
      throw new AppError(
        503,
        "Stripe could not be reached to close the invoice's open payment page. Nothing was voided; try again.",
      );
    }
    if (page === 'paid') {
      throw new AppError(
        409,
        'A card payment for this invoice is on its way from Stripe: the invoice stays, and the payment will be recorded on it.',
      );
    }
    const voided = await repository.voidInvoice(invoice.id, reason, now());
    if (!voided) {
      throw new AppError(
        409,
        'This invoice changed meanwhile (a payment?): reload it and try again.',
      );
    }
    await revokePayLink(invoice.id);
    await mail.forgetPayLink(invoice.id);
    await audit.record(actor, {
      kind: 'invoice.voided',
      targetType: 'invoice',
      targetId: invoice.id,
      before: { invoiceNumber: invoice.invoiceNumber, status: invoice.status },
      after: { invoiceNumber: voided.invoiceNumber, status: voided.status, reason },
    });
    await mail.invoiceVoided(
      {
        invoiceNumber: invoiceName(voided),
        clientName: voided.clientName,
        clientEmail: voided.clientEmail,
        total: voided.total,
        dueDate: voided.dueDate,
      },
      reason,
    );
    return detail(invoice.id);
  };
}
