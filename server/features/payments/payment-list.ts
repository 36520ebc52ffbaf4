import { pageOffset } from '@shared/schemas/common';
import { invoiceName } from '@shared/schemas/invoices';
import type { PaymentListItem, PaymentListPage, PaymentListQuery } from '@shared/schemas/payments';
import type { PaymentRow } from '../../db/schema';
import type { AuditActor, AuditTrail } from '../../lib/audit-trail';
import { AppError } from '../../lib/errors';
import { fullName } from '../../lib/format';
import { existingId } from '../../lib/ids';
import { toPayment } from '../invoices/invoices.service';
import type { PaymentRepository } from './payments.repository';

const PAYMENT_NOT_FOUND = 'Payment not found';

export interface PaymentListDeps {
  repository: Pick<
    PaymentRepository,
    'listPayments' | 'partiesOf' | 'findPayment' | 'resolvePaymentFlag'
  >;
  audit: AuditTrail;
  /** Stripe's test keys: dashboard links go to test mode. */
  stripeTestMode: boolean;
  now: () => Date;
}

/** The payments screen: every payment received, and the flagged ones the admin deals with. */
export function createPaymentList({ repository, audit, stripeTestMode, now }: PaymentListDeps) {
  /** A payment as the payments screen lists it, with its invoice and who paid. */
  function toListItem(
    row: PaymentRow,
    found: Awaited<ReturnType<PaymentRepository['partiesOf']>>,
  ): PaymentListItem {
    const invoice = row.invoiceId ? found.invoices.get(row.invoiceId) : undefined;
    const client = row.clientId ? found.clients.get(row.clientId) : undefined;
    return {
      ...toPayment(row, stripeTestMode, found.payouts.get(row.id) ?? null),
      invoiceNumber: invoice ? invoiceName(invoice) : null,
      clientId: client?.id ?? null,
      clientName:
        (client && (fullName(client) || client.businessName || client.email)) ||
        invoice?.clientName ||
        null,
      payerEmail: row.payerEmail,
    };
  }

  return {
    /** One page, newest first, searchable and filtered. */
    async list({ q, status, page, pageSize }: PaymentListQuery): Promise<PaymentListPage> {
      const found = await repository.listPayments({
        q,
        status,
        limit: pageSize,
        offset: pageOffset({ page, pageSize }),
      });
      return {
        items: found.rows.map((row) => toListItem(row, found)),
        total: found.total,
        page,
        pageSize,
      };
    },

    /**
     * The admin dealt with a flagged payment (refunded the orphan in Stripe, recorded it on
     * the right invoice by hand...): the flag stays as its history; the payment still counts
     * toward nothing it did not count toward before.
     */
    async resolvePayment(id: string, actor: AuditActor): Promise<PaymentListItem> {
      const before = await repository.findPayment(existingId(id, PAYMENT_NOT_FOUND));
      if (!before) throw new AppError(404, PAYMENT_NOT_FOUND);
      const resolved = await repository.resolvePaymentFlag(before.id, now());
      if (!resolved) throw new AppError(409, 'This payment has nothing to check');
      await audit.record(actor, {
        kind: 'payment.flag_resolved',
        targetType: 'payment',
        targetId: resolved.id,
        before: { flag: before.flag, flagResolvedAt: null },
        after: { flagResolvedAt: resolved.flagResolvedAt?.toISOString() ?? null },
      });
      return toListItem(resolved, await repository.partiesOf([resolved]));
    },
  };
}
