import {
  and,
  count,
  desc,
  eq,
  gt,
  inArray,
  isNotNull,
  isNull,
  ne,
  or,
  sql,
  type AnyColumn,
  type SQL,
} from 'drizzle-orm';
import { balanceDue, isPayable, type PaymentListStatus } from '@shared/schemas/payments';
import type { Database, Transaction } from '../../db/client';
import { onPage } from '../../db/paging';
import { payoutsOfPayments } from '../../db/payment-payouts';
import { textContains } from '../../db/search';
import {
  creditNotes,
  failedRefunds,
  invoices,
  invoiceSearchText,
  payments,
  paymentSearchText,
  users,
  userSearchText,
  type CreditNoteRow,
  type InvoiceRow,
  type PaymentRow,
} from '../../db/schema';
import { creditNoteRefundFailed, creditNoteRefundUpdated } from '../invoices/credit-note-lifecycle';
import {
  clearOpenCheckout,
  countInvoicePayment,
  flagInvoice,
  keepInvoiceFlags,
  moveHandPaidDays,
  refundInvoicePayment,
  setOpenCheckout,
  voidInvoicePayment,
} from '../invoices/invoice-lifecycle';
import { onceForEvent, type StripeEventKey } from './stripe-event-log.repository';

export interface NewPayment {
  /** Null: a card payment that names no invoice of ours (kept as an orphan). */
  invoiceId: string | null;
  /** Who paid, when Stripe tells (its customer's client); the invoice's client otherwise. */
  clientId?: string | null;
  payerEmail?: string | null;
  amount: number;
  currency: string;
  method: PaymentRow['method'];
  paidAt: Date;
  reference?: string;
  note?: string;
  stripe?: { paymentIntentId: string; chargeId: string | null; checkoutSessionId: string | null };
}

export type RecordOutcome =
  | { kind: 'duplicate' }
  | { kind: 'no-invoice' }
  | { kind: 'not-payable'; invoice: InvoiceRow }
  | { kind: 'more-than-due'; invoice: InvoiceRow }
  | { kind: 'recorded'; invoice: InvoiceRow; payment: PaymentRow; becamePaid: boolean }
  | { kind: 'orphan'; payment: PaymentRow };

/** A card refund Stripe accepted and then could not make (refund.failed, refund.updated). */
export interface FailedRefund {
  refundId: string;
  paymentIntentId: string;
  amount: number;
  /** Stripe's failure_reason, or its status ('canceled') when it gives none. */
  reason: string;
  status: 'failed' | 'canceled';
  /** The credit note its metadata names (ours set it), if any. */
  creditNoteId: string | null;
}

/** What a failed refund undid: a credit note's card refund, or a refund made elsewhere. */
export type RefundFailure =
  | { kind: 'credit-note'; note: CreditNoteRow; payment: PaymentRow; invoice: InvoiceRow }
  | {
      kind: 'refund';
      payment: PaymentRow;
      /** What counts again toward the invoice (0 for a flagged payment or an orphan). */
      restored: number;
      invoice: InvoiceRow | null;
      becamePaid: boolean;
    };

export interface PaymentFilter {
  q: string;
  status?: PaymentListStatus;
  limit: number;
  offset: number;
}

/** The rows each filter of the payments screen keeps (each has its partial index). */
const PAYMENT_FILTERS: Record<PaymentListStatus, SQL> = {
  flagged: and(isNotNull(payments.flag), isNull(payments.flagResolvedAt))!,
  orphan: isNull(payments.invoiceId),
  refunded: gt(payments.refundedAmount, 0),
};

/**
 * Money records: payments, what they do to their invoice (and so to its subscription, through
 * the lifecycles), the Checkout page open for an invoice, and the warnings for the admin.
 */
export function createPaymentRepository(
  db: Database,
  /** The business's calendar (BILLING_TIMEZONE), whose months a plan's months are. */
  timeZone: string,
) {
  const once = <T>(event: StripeEventKey | undefined, effect: (tx: Transaction) => Promise<T>) =>
    onceForEvent(db, event, effect);

  /** What payments' rows show of their invoice and client: one query each, for these rows. */
  async function partiesOf(rows: PaymentRow[]) {
    const invoiceIds = [...new Set(rows.flatMap((row) => row.invoiceId ?? []))];
    const clientIds = [...new Set(rows.flatMap((row) => row.clientId ?? []))];
    const [paid, clients] = await Promise.all([
      invoiceIds.length
        ? db
            .select({
              id: invoices.id,
              invoiceNumber: invoices.invoiceNumber,
              clientName: invoices.clientName,
            })
            .from(invoices)
            .where(inArray(invoices.id, invoiceIds))
        : [],
      clientIds.length
        ? db
            .select({
              id: users.id,
              firstName: users.firstName,
              lastName: users.lastName,
              businessName: users.businessName,
              email: users.email,
            })
            .from(users)
            .where(inArray(users.id, clientIds))
        : [],
    ]);
    return {
      invoices: new Map(paid.map((row) => [row.id, row])),
      clients: new Map(clients.map((row) => [row.id, row])),
      payouts: await payoutsOfPayments(
        db,
        rows.map((row) => row.id),
      ),
    };
  }

  const lockInvoice = async (tx: Transaction, id: string) =>
    (await tx.select().from(invoices).where(eq(invoices.id, id)).for('update'))[0];

  /** Noon, in the business's zone, of the UTC day of `at`: where a day given by hand now goes. */
  const noonOfUtcDay = (at: AnyColumn) =>
    sql`(((${at} at time zone 'UTC')::date + time '12:00') at time zone ${timeZone})`;
  /** A day given by hand as the previous versions kept it: noon UTC, to the microsecond. */
  const atUtcNoon = (at: AnyColumn) => sql`(${at} at time zone 'UTC')::time = time '12:00'`;

  return {
    once: (event: StripeEventKey) => once(event, async () => undefined),

    /**
     * Records a payment and applies it: when it counts (no flag) it adds to what the invoice
     * has received, and once that covers the total the invoice is paid and its subscription
     * started or extended, all in one transaction. `flagFor` decides, with the invoice locked,
     * whether the payment must wait for the admin instead (its reason), or null.
     */
    async record(
      input: NewPayment,
      options: {
        event?: StripeEventKey;
        /**
         * Manual payments need a payable invoice and at most its balance; Stripe's money is
         * recorded whatever it is (and flagged when it does not fit).
         */
        requirePayable: boolean;
        flagFor: (invoice: InvoiceRow) => string | null;
        /**
         * Stripe's money whose invoice does not exist (deleted, or none named) is kept as an
         * orphan with this flag; without it, such a payment is refused ('no-invoice').
         */
        orphanFlag?: string;
      },
    ): Promise<RecordOutcome> {
      const outcome = await once(options.event, async (tx): Promise<RecordOutcome> => {
        const invoice = input.invoiceId ? await lockInvoice(tx, input.invoiceId) : undefined;
        if (!invoice) {
          if (options.orphanFlag === undefined) return { kind: 'no-invoice' };
          const payment = await insertPayment(
            tx,
            { ...input, invoiceId: null },
            options.orphanFlag,
          );
          return payment ? { kind: 'orphan', payment } : { kind: 'duplicate' };
        }
        if (options.requirePayable) {
          if (!isPayable(invoice)) return { kind: 'not-payable', invoice };
          if (input.amount > balanceDue(invoice)) return { kind: 'more-than-due', invoice };
        }
        const flag = options.flagFor(invoice);
        const payment = await insertPayment(
          tx,
          { ...input, clientId: invoice.userId ?? input.clientId ?? null },
          flag,
        );
        if (!payment) return { kind: 'duplicate' };
        if (flag) {
          const flagged = await flagInvoice(
            tx,
            invoice.id,
            { message: flag, paymentId: payment.id },
            input.paidAt,
          );
          return { kind: 'recorded', invoice: flagged!, payment, becamePaid: false };
        }
        const counted = await countInvoicePayment(
          tx,
          invoice,
          input.amount,
          input.paidAt,
          timeZone,
        );
        return { kind: 'recorded', payment, ...counted };
      });
      return outcome.duplicate ? { kind: 'duplicate' } : outcome.result;
    },

    /**
     * Stripe refunded `amountRefunded` of a card payment so far (its running total): what was
     * given back stops counting, a paid invoice it no longer covers is open again (sent; the
     * daily run makes it overdue when its due date has passed), and a partial refund flags
     * the invoice for the admin. Null when the event was handled already; 'unknown' when no
     * payment of that PaymentIntent is recorded (yet).
     */
    async refund(
      paymentIntentId: string,
      amountRefunded: number,
      at: Date,
      event: StripeEventKey,
      partialFlag: (refunded: number, payment: PaymentRow) => string,
    ): Promise<{ invoice: InvoiceRow | null; reopened: boolean } | 'unknown' | null> {
      const outcome = await once(event, async (tx) => {
        const [payment] = await tx
          .select()
          .from(payments)
          .where(eq(payments.stripePaymentIntentId, paymentIntentId))
          .for('update');
        if (!payment) throw new UnknownPayment();
        // Stripe's running total counts the refunds of credit notes too: those are the credit
        // notes' own record (credit_notes), and change nothing the payment counts toward.
        const [byNotes] = await tx
          .select({
            cents: sql<number>`coalesce(sum(${creditNotes.refundAmount}), 0)`.mapWith(Number),
          })
          .from(creditNotes)
          .where(eq(creditNotes.paymentId, payment.id));
        const refunded = Math.min(
          Math.max(0, amountRefunded - (byNotes?.cents ?? 0)),
          payment.amount,
        );
        const newlyRefunded = refunded - payment.refundedAmount;
        const invoice = payment.invoiceId ? await lockInvoice(tx, payment.invoiceId) : undefined;
        if (newlyRefunded <= 0) return { invoice: invoice ?? null, reopened: false };
        const full = refunded === payment.amount;
        await tx
          .update(payments)
          .set({ refundedAmount: refunded, ...(full ? { refundedAt: at } : {}) })
          .where(eq(payments.id, payment.id));
        // An orphan counts toward nothing: giving it back is all there is to record.
        if (!invoice) return { invoice: null, reopened: false };
        // A flagged payment never counted, so giving it back changes nothing owed.
        return refundInvoicePayment(
          tx,
          invoice,
          payment.flag ? 0 : newlyRefunded,
          full ? null : { message: partialFlag(refunded, payment), paymentId: payment.id },
          at,
        );
      }).catch((error: unknown) => {
        if (error instanceof UnknownPayment) return 'unknown' as const;
        throw error;
      });
      if (outcome === 'unknown') return 'unknown';
      return outcome.duplicate ? null : outcome.result;
    },

    /**
     * A manual payment recorded by mistake is voided: it stops counting, and its invoice is
     * open again when it no longer covers it (invoice-lifecycle's voidInvoicePayment), in one
     * transaction. 'not-found', 'card' (Stripe's money is refunded, not voided), 'voided'
     * (already) or 'credited' (its invoice has credit notes, which say what of the money goes
     * back) leave everything as it was.
     */
    async voidManual(
      paymentId: string,
      reason: string,
      today: string,
      at: Date,
    ): Promise<
      | { kind: 'voided'; payment: PaymentRow; invoice: InvoiceRow | null; reopened: boolean }
      | { kind: 'not-found' }
      | { kind: 'card' }
      | { kind: 'already-voided' }
      | { kind: 'credited' }
    > {
      return db.transaction(async (tx) => {
        // Neither its method nor its invoice ever changes: read before any lock is taken.
        const [found] = await tx
          .select({ method: payments.method, invoiceId: payments.invoiceId })
          .from(payments)
          .where(eq(payments.id, paymentId));
        if (!found) return { kind: 'not-found' as const };
        if (found.method === 'card') return { kind: 'card' as const };
        // The invoice is locked first, as a credit note's reservation locks it, so a note
        // reserved at this moment is either seen below or finds the invoice no longer paid.
        // Invoice, then payment: a refund webhook locks the other way round, but only a card
        // payment, which is never locked here, so the two cannot wait on each other.
        const invoice = found.invoiceId ? await lockInvoice(tx, found.invoiceId) : undefined;
        const [payment] = await tx
          .select()
          .from(payments)
          .where(eq(payments.id, paymentId))
          .for('update');
        if (!payment) return { kind: 'not-found' as const };
        if (payment.voidedAt) return { kind: 'already-voided' as const };
        if (invoice) {
          const [credited] = await tx
            .select({ id: creditNotes.id })
            .from(creditNotes)
            .where(eq(creditNotes.invoiceId, invoice.id))
            .limit(1);
          if (credited) return { kind: 'credited' as const };
        }
        const [voided] = await tx
          .update(payments)
          .set({ voidedAt: at, voidReason: reason })
          .where(eq(payments.id, payment.id))
          .returning();
        if (!invoice)
          return { kind: 'voided' as const, payment: voided!, invoice: null, reopened: false };
        // A flagged payment never counted; what was refunded of it no longer counts either.
        const counted = payment.flag ? 0 : payment.amount - payment.refundedAmount;
        const after = await voidInvoicePayment(tx, invoice, counted, today, at);
        return { kind: 'voided' as const, payment: voided!, ...after };
      });
    },

    /**
     * Payments recorded by hand before their day was kept as noon in the business's zone were
     * kept as noon UTC, which is the next day east of UTC+12: each goes to noon of its day
     * there, and so does its invoice's paid date when this payment paid it. Once (a row moved
     * is no longer at noon UTC, unless noon there is noon UTC, when nothing moves); how many.
     */
    async keepHandRecordedDays(): Promise<number> {
      return db.transaction(async (tx) => {
        const byHand = and(
          ne(payments.method, 'card'),
          atUtcNoon(payments.paidAt),
          sql`${noonOfUtcDay(payments.paidAt)} <> ${payments.paidAt}`,
        );
        await moveHandPaidDays(tx, byHand!, noonOfUtcDay);
        const moved = await tx
          .update(payments)
          .set({ paidAt: noonOfUtcDay(payments.paidAt) })
          .where(byHand)
          .returning({ id: payments.id });
        return moved.length;
      });
    },

    /** Stripe's refund moved on (pending to succeeded, say): a credit note's says so. */
    async refundUpdated(refundId: string, status: string, event: StripeEventKey) {
      await once(event, (tx) => creditNoteRefundUpdated(tx, refundId, status));
    },

    /**
     * Stripe could not make a refund it had accepted, so the money is back with the agency:
     * what the refund did is undone, once per refund (its two events find it recorded in
     * failed_refunds), with a warning on the invoice (`flag`). A credit note's refund leaves
     * the note to be returned another way (credit-note-lifecycle's creditNoteRefundFailed);
     * a refund made in the Stripe dashboard counts toward the invoice again, which is paid
     * again when that covers it. Null when there was nothing to undo (a payment or refund
     * never recorded, a second event of the same failure).
     */
    async refundFailed(
      refund: FailedRefund,
      at: Date,
      event: StripeEventKey,
      flag: (failure: { payment: PaymentRow; note: CreditNoteRow | null }) => string,
    ): Promise<RefundFailure | null> {
      const outcome = await once(event, async (tx): Promise<RefundFailure | null> => {
        // Payment, then invoice: the order of the refund webhook's own locks.
        const [payment] = await tx
          .select()
          .from(payments)
          .where(eq(payments.stripePaymentIntentId, refund.paymentIntentId))
          .for('update');
        if (!payment) return null;
        const [ofNote] = await tx
          .select()
          .from(creditNotes)
          .where(
            and(
              eq(creditNotes.paymentId, payment.id),
              or(
                eq(creditNotes.stripeRefundId, refund.refundId),
                refund.creditNoteId ? eq(creditNotes.id, refund.creditNoteId) : undefined,
              ),
            ),
          );
        const [recorded] = await tx
          .insert(failedRefunds)
          .values({
            stripeRefundId: refund.refundId,
            paymentId: payment.id,
            creditNoteId: ofNote?.id ?? null,
            amount: refund.amount,
            reason: refund.reason,
          })
          .onConflictDoNothing()
          .returning();
        if (!recorded) return null;
        const warn = async (invoiceId: string, message: string) =>
          (await flagInvoice(tx, invoiceId, { message, paymentId: payment.id }, at))!;

        if (ofNote) {
          await lockInvoice(tx, ofNote.invoiceId);
          const note = await creditNoteRefundFailed(tx, ofNote.id, refund.status);
          if (!note) return null;
          const invoice = await warn(note.invoiceId, flag({ payment, note }));
          return { kind: 'credit-note', note, payment, invoice };
        }

        // A refund made elsewhere took this off what the payment counts (refund() above).
        const back = Math.min(refund.amount, payment.refundedAmount);
        if (back <= 0) return null;
        const [restoredPayment] = await tx
          .update(payments)
          .set({ refundedAmount: payment.refundedAmount - back, refundedAt: null })
          .where(eq(payments.id, payment.id))
          .returning();
        const invoice = payment.invoiceId ? await lockInvoice(tx, payment.invoiceId) : undefined;
        if (!invoice) {
          // An orphan counts toward nothing: the payment itself waits for the admin again.
          const [flagged] = await tx
            .update(payments)
            .set({
              flag: sql`concat_ws(' ', ${payments.flag}, ${flag({ payment, note: null })}::text)`,
              flagResolvedAt: null,
            })
            .where(eq(payments.id, payment.id))
            .returning();
          return {
            kind: 'refund',
            payment: flagged!,
            restored: 0,
            invoice: null,
            becamePaid: false,
          };
        }
        // A flagged payment never counted, so its refund took nothing off the invoice.
        const restored = payment.flag ? 0 : back;
        const counted =
          restored > 0
            ? await countInvoicePayment(tx, invoice, restored, at, timeZone)
            : { invoice, becamePaid: false };
        return {
          kind: 'refund',
          payment: restoredPayment!,
          restored,
          invoice: await warn(invoice.id, flag({ payment, note: null })),
          becamePaid: counted.becamePaid,
        };
      });
      return outcome.duplicate ? null : outcome.result;
    },

    /** Flags the invoice of a Stripe payment for the admin (a dispute). */
    async flagPaymentInvoice(
      paymentIntentId: string,
      flag: (payment: PaymentRow) => string,
      at: Date,
      event: StripeEventKey,
    ): Promise<InvoiceRow | 'unknown' | null> {
      const outcome = await once(event, async (tx) => {
        const [payment] = await tx
          .select()
          .from(payments)
          .where(eq(payments.stripePaymentIntentId, paymentIntentId));
        if (!payment) throw new UnknownPayment();
        if (!payment.invoiceId) {
          // An orphan has no invoice to flag: the payment itself waits for the admin again.
          await tx
            .update(payments)
            .set({
              flag: sql`concat_ws(' ', ${payments.flag}, ${flag(payment)}::text)`,
              flagResolvedAt: null,
            })
            .where(eq(payments.id, payment.id));
          return null;
        }
        return flagInvoice(
          tx,
          payment.invoiceId,
          { message: flag(payment), paymentId: payment.id },
          at,
        );
      });
      return outcome.duplicate ? null : outcome.result;
    },

    /**
     * The admin dealt with a warning (`flagId`) or with all of them: they go from the invoice,
     * and a flagged payment a warning was about is marked dealt with too. The warnings
     * removed; none when there was nothing to resolve.
     */
    async clearFlags(invoiceId: string, flagId: string | undefined, at: Date) {
      return db.transaction(async (tx) => {
        const invoice = await lockInvoice(tx, invoiceId);
        const flags = invoice?.paymentFlags ?? [];
        const removed = flagId ? flags.filter((flag) => flag.id === flagId) : flags;
        if (!invoice || removed.length === 0) return [];
        await keepInvoiceFlags(
          tx,
          invoiceId,
          flags.filter((flag) => !removed.includes(flag)),
          at,
        );
        const paymentIds = removed.flatMap((flag) => flag.paymentId ?? []);
        if (paymentIds.length > 0) {
          await tx
            .update(payments)
            .set({ flagResolvedAt: at })
            .where(
              and(
                inArray(payments.id, paymentIds),
                isNotNull(payments.flag),
                isNull(payments.flagResolvedAt),
              ),
            );
        }
        return removed;
      });
    },

    async findInvoice(id: string): Promise<InvoiceRow | null> {
      const [row] = await db.select().from(invoices).where(eq(invoices.id, id));
      return row ?? null;
    },

    /** The client's own invoice (drafts too: paying one is refused as not yet payable). */
    async findClientInvoice(userId: string, id: string): Promise<InvoiceRow | null> {
      const [row] = await db
        .select()
        .from(invoices)
        .where(and(eq(invoices.id, id), eq(invoices.userId, userId)));
      return row ?? null;
    },

    /**
     * Records the Checkout page just made for the invoice, with the invoice locked: 'gone'
     * when the invoice was deleted meanwhile or, for a page opened through a pay link, that
     * link is no longer the current one (revoked, or expired at `at`); else the page it
     * replaces, if any.
     */
    async openCheckout(
      invoiceId: string,
      sessionId: string,
      { payTokenHash, at }: { payTokenHash?: string; at: Date },
    ): Promise<'gone' | { earlier: string | null }> {
      return db.transaction(async (tx) => {
        const invoice = await lockInvoice(tx, invoiceId);
        if (!invoice) return 'gone' as const;
        const linkCurrent =
          invoice.payTokenHash === payTokenHash &&
          invoice.payLinkExpiresAt !== null &&
          invoice.payLinkExpiresAt > at;
        if (payTokenHash !== undefined && !linkCurrent) return 'gone' as const;
        await setOpenCheckout(tx, invoiceId, sessionId);
        return { earlier: invoice.openCheckoutSessionId };
      });
    },

    /** The Checkout page now open for the invoice; the one it replaces, if any. */
    async swapOpenCheckout(invoiceId: string, sessionId: string | null): Promise<string | null> {
      return db.transaction(async (tx) => {
        const invoice = await lockInvoice(tx, invoiceId);
        await setOpenCheckout(tx, invoiceId, sessionId);
        return invoice?.openCheckoutSessionId ?? null;
      });
    },

    /** The Checkout page `sessionId` is closed: forgotten, unless another took its place. */
    clearOpenCheckout: (invoiceId: string, sessionId: string): Promise<void> =>
      clearOpenCheckout(db, invoiceId, sessionId),

    /** The oldest client account that verified `email`, if any (who paid on Stripe's page). */
    async findVerifiedClientByEmail(email: string) {
      const [row] = await db
        .select()
        .from(users)
        .where(
          and(eq(users.emailVerified, true), sql`lower(${users.email}) = ${email.toLowerCase()}`),
        )
        .orderBy(users.createdAt)
        .limit(1);
      return row ?? null;
    },

    /**
     * One page of the payments screen, newest first, and how many match: each filter reads its
     * partial index; the search looks in the payment's own text and, through their indexes, in
     * the invoices and clients it names. What a row shows of its invoice and client is read
     * for the page's rows only (ADR 022).
     */
    async listPayments(filter: PaymentFilter) {
      const conditions: SQL[] = [];
      if (filter.q) {
        conditions.push(
          or(
            textContains(paymentSearchText, filter.q),
            inArray(
              payments.invoiceId,
              db
                .select({ id: invoices.id })
                .from(invoices)
                .where(textContains(invoiceSearchText, filter.q)),
            ),
            inArray(
              payments.clientId,
              db.select({ id: users.id }).from(users).where(textContains(userSearchText, filter.q)),
            ),
          )!,
        );
      }
      if (filter.status) conditions.push(PAYMENT_FILTERS[filter.status]);
      const where = conditions.length ? and(...conditions) : undefined;
      const order = [desc(payments.paidAt), desc(payments.id)];
      const [rows, [counted]] = await Promise.all([
        db
          .select()
          .from(payments)
          .where(onPage(db, payments, payments.id, where, order, filter))
          .orderBy(...order),
        db.select({ value: count() }).from(payments).where(where),
      ]);
      return { rows, total: counted?.value ?? 0, ...(await partiesOf(rows)) };
    },

    partiesOf,

    async findPayment(id: string): Promise<PaymentRow | null> {
      const [row] = await db.select().from(payments).where(eq(payments.id, id));
      return row ?? null;
    },

    /**
     * The admin dealt with a flagged payment: and so with its invoice's warnings about it.
     * Null when it had no flag waiting.
     */
    async resolvePaymentFlag(id: string, at: Date): Promise<PaymentRow | null> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .update(payments)
          .set({ flagResolvedAt: at })
          .where(
            and(eq(payments.id, id), isNotNull(payments.flag), isNull(payments.flagResolvedAt)),
          )
          .returning();
        if (!row?.invoiceId) return row ?? null;
        const invoice = await lockInvoice(tx, row.invoiceId);
        const kept = (invoice?.paymentFlags ?? []).filter((flag) => flag.paymentId !== row.id);
        if (invoice && kept.length !== invoice.paymentFlags.length) {
          await keepInvoiceFlags(tx, invoice.id, kept, at);
        }
        return row;
      });
    },
  };
}
export type PaymentRepository = ReturnType<typeof createPaymentRepository>;

/** A Stripe event about a payment not recorded (yet): its transaction must not commit. */
class UnknownPayment extends Error {}

/**
 * Inserts a payment unless its PaymentIntent is recorded already (the same money told by
 * another event: checkout completed, then succeeded): then null, and who paid is filled in
 * where the first event did not tell.
 */
async function insertPayment(
  tx: Transaction,
  input: NewPayment,
  flag: string | null,
): Promise<PaymentRow | null> {
  const { stripe, ...values } = input;
  const [payment] = await tx
    .insert(payments)
    .values({
      ...values,
      flag,
      stripePaymentIntentId: stripe?.paymentIntentId ?? null,
      stripeChargeId: stripe?.chargeId ?? null,
      stripeCheckoutSessionId: stripe?.checkoutSessionId ?? null,
    })
    .onConflictDoNothing({ target: payments.stripePaymentIntentId })
    .returning();
  if (!payment && stripe && (input.payerEmail || input.clientId)) {
    await tx
      .update(payments)
      .set({
        payerEmail: sql`coalesce(${payments.payerEmail}, ${input.payerEmail ?? null})`,
        clientId: sql`coalesce(${payments.clientId}, ${input.clientId ?? null}::uuid)`,
      })
      .where(eq(payments.stripePaymentIntentId, stripe.paymentIntentId));
  }
  return payment ?? null;
}
