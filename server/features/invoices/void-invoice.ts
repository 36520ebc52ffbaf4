import { invoiceName, type InvoiceDetail } from '@shared/schemas/invoices';
import type { InvoiceRow } from '../../db/schema';
import type { AuditActor, AuditEntry } from '../../lib/audit-trail';
import { AppError } from '../../lib/errors';
import { existingId } from '../../lib/ids';
import type { Transaction } from './invoice-lifecycle';
import { whyNotVoidable } from './invoice-rules';
import type { InvoiceMail } from './invoices.emails';
import type { InvoiceRepository } from './invoices.repository';

const INVOICE_NOT_FOUND = 'Invoice not found';

/** An e-mail made ready to be written in a transaction, and handed over after its commit. */
export interface QueuedInvoiceMail {
  write(tx: Transaction): Promise<void>;
  handOver(): Promise<void>;
}

export interface VoidInvoiceDeps {
  repository: Pick<InvoiceRepository, 'find' | 'voidInvoice'>;
  detail: (id: string) => Promise<InvoiceDetail>;
  /** Closes its open Checkout page (payment-pages.ts closeBeforeDelete). */
  closePaymentPage: (invoice: InvoiceRow) => Promise<'closed' | 'paid' | 'unreachable'>;
  mail: {
    forgetPayLink(invoiceId: string): Promise<void>;
    queueInvoiceVoided(invoice: InvoiceMail, reason: string): Promise<QueuedInvoiceMail>;
  };
  /** The audit row, written in the transaction of the change it records. */
  audit: { recordIn(tx: Transaction, actor: AuditActor, entry: AuditEntry): Promise<void> };
  now: () => Date;
}

/**
 * A sent invoice is voided, not deleted: it keeps its number (no gap), owes nothing, leaves the
 * figures, and shows "Void" to the client, who is told. Its open Checkout page is closed first
 * (a call to Stripe, which no transaction can hold), so no card can pay it afterwards; when
 * Stripe cannot be reached nothing changes (503). Then the status, the pay link's revoke, the
 * audit row and the client's e-mail (in the outbox) are written in one transaction: all, or
 * none. The e-mail is handed to the mail server once that is committed.
 */
export function createVoidInvoice({
  repository,
  detail,
  closePaymentPage,
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
    const refused = whyNotVoidable(invoice);
    if (refused) throw new AppError(409, refused);
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
    // The e-mail is rendered before the transaction: nothing else may query meanwhile.
    const email = await mail.queueInvoiceVoided(
      {
        invoiceNumber: invoiceName(invoice),
        clientName: invoice.clientName,
        clientEmail: invoice.clientEmail,
        total: invoice.total,
        dueDate: invoice.dueDate,
      },
      reason,
    );
    const voided = await repository.voidInvoice(invoice.id, reason, now(), async (tx, row) => {
      await audit.recordIn(tx, actor, {
        kind: 'invoice.voided',
        targetType: 'invoice',
        targetId: invoice.id,
        before: { invoiceNumber: invoice.invoiceNumber, status: invoice.status },
        after: { invoiceNumber: row.invoiceNumber, status: row.status, reason },
      });
      await email.write(tx);
    });
    if (!voided) {
      throw new AppError(
        409,
        'This invoice changed meanwhile (a payment?): reload it and try again.',
      );
    }
    await mail.forgetPayLink(invoice.id);
    await email.handOver();
    return detail(invoice.id);
  };
}
