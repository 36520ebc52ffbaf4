import type { InvoiceDetail } from '@shared/schemas/invoices';
import type { AuditActor, AuditTrail } from '../../lib/audit-trail';
import { AppError } from '../../lib/errors';
import { existingId } from '../../lib/ids';
import type { InvoiceService } from '../invoices/invoices.service';
import type { PaymentNotifications } from './payments.emails';
import type { PayLinks } from '../invoices/pay-links';
import type { PaymentPages } from './payment-pages';
import type { PaymentRepository } from './payments.repository';

const INVOICE_NOT_FOUND = 'Invoice not found';

export interface InvoiceWarningDeps {
  repository: Pick<PaymentRepository, 'findInvoice' | 'clearFlags'>;
  invoices: Pick<InvoiceService, 'detail'>;
  payLinks: Pick<PayLinks, 'revoke'>;
  pages: Pick<PaymentPages, 'closeOpen'>;
  notifications: Pick<PaymentNotifications, 'forgetPayLink'>;
  audit: AuditTrail;
  now: () => Date;
}

/** What the admin does about an invoice's money: its warnings, and its pay link. */
export function createInvoiceWarnings({
  repository,
  invoices,
  payLinks,
  pages,
  notifications,
  audit,
  now,
}: InvoiceWarningDeps) {
  const findInvoice = async (invoiceId: string) => {
    const invoice = await repository.findInvoice(existingId(invoiceId, INVOICE_NOT_FOUND));
    if (!invoice) throw new AppError(404, INVOICE_NOT_FOUND);
    return invoice;
  };

  return {
    /**
     * The admin dealt with what a warning pointed at (refunded the stray payment in Stripe,
     * answered the dispute...): that warning (`flagId`), or every one, goes, each recorded in
     * the audit log; a flagged payment still does not count.
     */
    async resolveFlag(
      invoiceId: string,
      flagId: string | undefined,
      actor: AuditActor,
    ): Promise<InvoiceDetail> {
      const before = await findInvoice(invoiceId);
      const removed = await repository.clearFlags(before.id, flagId, now());
      if (removed.length === 0) {
        throw new AppError(
          409,
          flagId ? 'This warning was resolved already' : 'This invoice has nothing to check',
        );
      }
      for (const flag of removed) {
        await audit.record(actor, {
          kind: 'invoice.payment_flag_resolved',
          targetType: 'invoice',
          targetId: before.id,
          before: { paymentFlags: [flag.message] },
          after: { paymentFlags: [] },
        });
      }
      return invoices.detail(before.id);
    },

    /**
     * The invoice's pay link stops working at once (a link sent to the wrong person, or
     * forwarded too far): the payment page a holder may have open is closed, the outbox's
     * copies are blanked, and the next e-mail about the invoice carries a new link.
     */
    async revokePayLink(invoiceId: string, actor: AuditActor): Promise<InvoiceDetail> {
      const before = await findInvoice(invoiceId);
      if (!before.payTokenHash) throw new AppError(409, 'This invoice has no pay link out');
      await payLinks.revoke(before.id);
      await pages.closeOpen(before.id);
      await notifications.forgetPayLink(before.id);
      await audit.record(actor, {
        kind: 'invoice.pay_link_revoked',
        targetType: 'invoice',
        targetId: before.id,
        before: { payLinkExpiresAt: before.payLinkExpiresAt?.toISOString() ?? null },
        after: { payLinkExpiresAt: null },
      });
      return invoices.detail(before.id);
    },
  };
}
