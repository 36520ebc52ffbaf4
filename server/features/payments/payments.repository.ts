import crypto from 'node:crypto';
import { addMonths } from 'date-fns';
import {
  and,
  count,
  desc,
  eq,
  gt,
  inArray,
  isNotNull,
  isNull,
  lte,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import { balanceDue, isPayable, type PaymentListStatus } from '@shared/schemas/payments';
import type { Database } from '../../db/client';
import { onPage } from '../../db/paging';
import { textContains } from '../../db/search';
import { getOrCreateSecret } from '../../db/secrets';
import { recordSubscriptionEvents } from '../../db/subscription-history';
import {
  invoices,
  invoiceSearchText,
  payments,
  paymentSearchText,
  stripeEvents,
  subscriptions,
  users,
  userSearchText,
  type InvoiceRow,
  type PaymentRow,
} from '../../db/schema';

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

/** A Stripe event being handled: recorded in the transaction of its effect. */
export interface StripeEventKey {
  id: string;
  type: string;
}

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

export interface SavedCardValues {
  paymentMethodId: string;
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
}

/** The invoice's warnings with one more at the end (payment_flags || [entry]). */
const withFlag = (message: string, at: Date, paymentId: string | null) =>
  sql`${invoices.paymentFlags} || jsonb_build_array(jsonb_build_object(
    'id', gen_random_uuid(), 'message', ${message}::text, 'at', ${at.toISOString()}::text,
    'paymentId', ${paymentId}::text))`;

/** Statuses an invoice can be paid in (isPayable of the shared schema, as SQL). */
const PAYABLE = ['sent', 'overdue'] as const;

/**
 * Money records: payments, what they do to their invoice (and so to its subscription), the
 * Stripe events already handled, and the Stripe side of a client (customer, saved card).
 */
export function createPaymentRepository(db: Database) {
  /**
   * Runs `effect` in one transaction with the record of the event that caused it: a replayed
   * or concurrently delivered event finds the id taken (the second insert waits for the first
   * transaction, then conflicts) and has no effect. Without an event, just a transaction.
   */
  async function once<T>(
    event: StripeEventKey | undefined,
    effect: (tx: Transaction) => Promise<T>,
  ): Promise<{ duplicate: true } | { duplicate: false; result: T }> {
    return db.transaction(async (tx) => {
      if (event) {
        const inserted = await tx
          .insert(stripeEvents)
          .values({ id: event.id, type: event.type })
          .onConflictDoNothing()
          .returning({ id: stripeEvents.id });
        if (inserted.length === 0) return { duplicate: true as const };
      }
      return { duplicate: false as const, result: await effect(tx) };
    });
  }

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
    };
  }

  const lockInvoice = async (tx: Transaction, id: string) =>
    (await tx.select().from(invoices).where(eq(invoices.id, id)).for('update'))[0];

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
          const [flagged] = await tx
            .update(invoices)
            .set({
              paymentFlags: withFlag(flag, input.paidAt, payment.id),
              updatedAt: input.paidAt,
            })
            .where(eq(invoices.id, invoice.id))
            .returning();
          return { kind: 'recorded', invoice: flagged!, payment, becamePaid: false };
        }
        const amountPaid = invoice.amountPaid + input.amount;
        const becamePaid = invoice.status !== 'paid' && amountPaid >= invoice.total;
        const [updated] = await tx
          .update(invoices)
          .set({
            amountPaid,
            ...(becamePaid ? { status: 'paid' as const, paidAt: input.paidAt } : {}),
            updatedAt: input.paidAt,
          })
          .where(eq(invoices.id, invoice.id))
          .returning();
        if (becamePaid && updated!.subscriptionId) await settle(tx, updated!, input.paidAt);
        return { kind: 'recorded', invoice: updated!, payment, becamePaid };
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
        const refunded = Math.min(amountRefunded, payment.amount);
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
        const amountPaid = payment.flag ? invoice.amountPaid : invoice.amountPaid - newlyRefunded;
        const reopened = invoice.status === 'paid' && amountPaid < invoice.total;
        const [updated] = await tx
          .update(invoices)
          .set({
            amountPaid,
            ...(reopened ? { status: 'sent' as const, paidAt: null } : {}),
            ...(full
              ? {}
              : { paymentFlags: withFlag(partialFlag(refunded, payment), at, payment.id) }),
            updatedAt: at,
          })
          .where(eq(invoices.id, invoice.id))
          .returning();
        return { invoice: updated!, reopened };
      }).catch((error: unknown) => {
        if (error instanceof UnknownPayment) return 'unknown' as const;
        throw error;
      });
      if (outcome === 'unknown') return 'unknown';
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
        const [updated] = await tx
          .update(invoices)
          .set({ paymentFlags: withFlag(flag(payment), at, payment.id), updatedAt: at })
          .where(eq(invoices.id, payment.invoiceId))
          .returning();
        return updated ?? null;
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
        await tx
          .update(invoices)
          .set({
            paymentFlags: flags.filter((flag) => !removed.includes(flag)),
            updatedAt: at,
          })
          .where(eq(invoices.id, invoiceId));
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

    async findInvoiceByPayTokenHash(hash: string): Promise<InvoiceRow | null> {
      const [row] = await db
        .select()
        .from(invoices)
        .where(
          and(
            eq(invoices.payTokenHash, hash),
            inArray(invoices.status, ['sent', 'overdue', 'paid']),
          ),
        );
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
        await tx
          .update(invoices)
          .set({ openCheckoutSessionId: sessionId })
          .where(eq(invoices.id, invoiceId));
        return { earlier: invoice.openCheckoutSessionId };
      });
    },

    /** The Checkout page now open for the invoice; the one it replaces, if any. */
    async swapOpenCheckout(invoiceId: string, sessionId: string | null): Promise<string | null> {
      return db.transaction(async (tx) => {
        const invoice = await lockInvoice(tx, invoiceId);
        await tx
          .update(invoices)
          .set({ openCheckoutSessionId: sessionId })
          .where(eq(invoices.id, invoiceId));
        return invoice?.openCheckoutSessionId ?? null;
      });
    },

    /** The Checkout page `sessionId` is closed: forgotten, unless another took its place. */
    async clearOpenCheckout(invoiceId: string, sessionId: string): Promise<void> {
      await db
        .update(invoices)
        .set({ openCheckoutSessionId: null })
        .where(and(eq(invoices.id, invoiceId), eq(invoices.openCheckoutSessionId, sessionId)));
    },

    /** Which pay link of the invoice is current (its version), or null when there is no invoice. */
    async payLinkVersion(invoiceId: string): Promise<number | null> {
      const [row] = await db
        .select({ version: invoices.payLinkVersion })
        .from(invoices)
        .where(eq(invoices.id, invoiceId));
      return row?.version ?? null;
    },

    /**
     * The link of `version` is handed out (again): its hash is stored and it works until
     * `expiresAt`. False when a revoke moved the version on meanwhile (the link is worthless).
     */
    async storePayLink(
      invoiceId: string,
      version: number,
      hash: string,
      expiresAt: Date,
    ): Promise<boolean> {
      const rows = await db
        .update(invoices)
        .set({ payTokenHash: hash, payLinkExpiresAt: expiresAt })
        .where(and(eq(invoices.id, invoiceId), eq(invoices.payLinkVersion, version)))
        .returning({ id: invoices.id });
      return rows.length > 0;
    },

    /**
     * The invoice's pay link stops working: the next one handed out is another. The invoice
     * as it is now, or null when there is none.
     */
    async revokePayLink(invoiceId: string): Promise<InvoiceRow | null> {
      const [row] = await db
        .update(invoices)
        .set({
          payTokenHash: null,
          payLinkExpiresAt: null,
          payLinkVersion: sql`${invoices.payLinkVersion} + 1`,
        })
        .where(eq(invoices.id, invoiceId))
        .returning();
      return row ?? null;
    },

    /** The key pay-link tokens are derived with: made once, kept with the other secrets. */
    payLinkKey: () =>
      getOrCreateSecret(db, 'pay-link-key', () => crypto.randomBytes(32).toString('hex')),

    async findClient(userId: string) {
      const [row] = await db.select().from(users).where(eq(users.id, userId));
      return row ?? null;
    },

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
          await tx
            .update(invoices)
            .set({ paymentFlags: kept, updatedAt: at })
            .where(eq(invoices.id, invoice.id));
        }
        return row;
      });
    },

    async findClientByCustomer(customerId: string) {
      const [row] = await db.select().from(users).where(eq(users.stripeCustomerId, customerId));
      return row ?? null;
    },

    /** Keeps the client's Stripe customer unless another request stored one first; the one kept. */
    async setStripeCustomer(userId: string, customerId: string): Promise<string> {
      await db
        .update(users)
        .set({ stripeCustomerId: customerId })
        .where(and(eq(users.id, userId), isNull(users.stripeCustomerId)));
      const [row] = await db
        .select({ id: users.stripeCustomerId })
        .from(users)
        .where(eq(users.id, userId));
      return row?.id ?? customerId;
    },

    async saveCard(userId: string, card: SavedCardValues, event?: StripeEventKey) {
      return once(event, async (tx) => {
        await tx
          .update(users)
          .set({
            cardPaymentMethodId: card.paymentMethodId,
            cardBrand: card.brand,
            cardLast4: card.last4,
            cardExpMonth: card.expMonth,
            cardExpYear: card.expYear,
          })
          .where(eq(users.id, userId));
      });
    },

    /** Forgets the saved card when it is the one Stripe detached. */
    async clearCard(paymentMethodId: string, event: StripeEventKey) {
      return once(event, async (tx) => {
        await tx
          .update(users)
          .set({
            cardPaymentMethodId: null,
            cardBrand: null,
            cardLast4: null,
            cardExpMonth: null,
            cardExpYear: null,
          })
          .where(eq(users.cardPaymentMethodId, paymentMethodId));
      });
    },

    async setAutoPay(userId: string, autoPay: boolean): Promise<void> {
      await db.update(users).set({ autoPay }).where(eq(users.id, userId));
    },

    /**
     * Renewal invoices of auto-pay clients with a saved card whose charge is due today: the
     * first try on the due date, the retries on their day, while tries remain.
     */
    async dueForCharge(today: string, maxAttempts: number) {
      return db
        .select({ invoice: invoices, client: users })
        .from(invoices)
        .innerJoin(users, eq(users.id, invoices.userId))
        .where(
          and(
            inArray(invoices.status, PAYABLE),
            isNotNull(invoices.periodStart),
            sql`${invoices.paymentFlags} = '[]'::jsonb`,
            sql`${invoices.amountPaid} < ${invoices.total}`,
            eq(users.autoPay, true),
            isNotNull(users.cardPaymentMethodId),
            isNotNull(users.stripeCustomerId),
            sql`${invoices.chargeAttempts} < ${maxAttempts}`,
            or(
              and(eq(invoices.chargeAttempts, 0), lte(invoices.dueDate, today)),
              and(gt(invoices.chargeAttempts, 0), lte(invoices.nextChargeOn, today)),
            ),
          ),
        );
    },

    /**
     * Takes attempt number `attempt` of an invoice's charge for this process: only one run
     * gets it, so no two processes charge the same attempt. The invoice as it is now (what the
     * run read of it may be minutes old), or null when another took it.
     */
    async claimChargeAttempt(
      invoiceId: string,
      attempt: number,
      nextChargeOn: string | null,
    ): Promise<InvoiceRow | null> {
      const [row] = await db
        .update(invoices)
        .set({ chargeAttempts: attempt, nextChargeOn })
        .where(and(eq(invoices.id, invoiceId), eq(invoices.chargeAttempts, attempt - 1)))
        .returning();
      return row ?? null;
    },

    /**
     * Stripe took attempt `attempt` (succeeded, or processing): no retry is due, whatever
     * happens to the money later (a refund reopens the invoice, it does not charge again).
     */
    async chargeTaken(invoiceId: string, paymentIntentId: string): Promise<void> {
      await db
        .update(invoices)
        .set({ nextChargeOn: null, lastChargeIntentId: paymentIntentId })
        .where(eq(invoices.id, invoiceId));
    },

    /**
     * Gives back a claimed attempt whose request may not have reached Stripe: the next run
     * tries the same attempt with the same idempotency key, so Stripe answers it once.
     */
    async releaseChargeAttempt(invoiceId: string, attempt: number, nextChargeOn: string | null) {
      await db
        .update(invoices)
        .set({ chargeAttempts: attempt - 1, nextChargeOn })
        .where(and(eq(invoices.id, invoiceId), eq(invoices.chargeAttempts, attempt)));
    },

    /**
     * Overdue invoices that have reminders left, but none whose card retry is still to come
     * (a retry day today or past has had its run: reminders go on).
     */
    async overdueForReminders(maxReminders: number, today: string) {
      return db
        .select()
        .from(invoices)
        .where(
          and(
            eq(invoices.status, 'overdue'),
            sql`${invoices.remindersSent} < ${maxReminders}`,
            or(isNull(invoices.nextChargeOn), lte(invoices.nextChargeOn, today)),
          ),
        );
    },

    /** Moves an invoice's reminder count from `from` to `to`; false when another run did. */
    async claimReminder(invoiceId: string, from: number, to: number): Promise<boolean> {
      const rows = await db
        .update(invoices)
        .set({ remindersSent: to })
        .where(and(eq(invoices.id, invoiceId), eq(invoices.remindersSent, from)))
        .returning({ id: invoices.id });
      return rows.length > 0;
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

/**
 * What paying a subscription's invoice does to it (ADR 006): the first invoice of a pending
 * subscription starts it (one month from the payment); a renewal invoice extends it to the
 * end of the month it pays for, and brings a past-due subscription back to active.
 */
async function settle(tx: Transaction, invoice: InvoiceRow, paidAt: Date): Promise<void> {
  const [subscription] = await tx
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.id, invoice.subscriptionId!))
    .for('update');
  if (!subscription) return;
  if (!invoice.periodStart) {
    if (subscription.status !== 'pending') return;
    const activated = await tx
      .update(subscriptions)
      .set({
        status: 'active',
        currentPeriodStart: paidAt,
        currentPeriodEnd: addMonths(paidAt, 1),
        activatedAt: paidAt,
        updatedAt: paidAt,
      })
      .where(eq(subscriptions.id, subscription.id))
      .returning();
    await recordSubscriptionEvents(tx, 'activated', activated, paidAt);
    return;
  }
  const extendsTo = invoice.periodEnd;
  if (subscription.status !== 'active' && subscription.status !== 'past_due') return;
  if (!extendsTo || (subscription.currentPeriodEnd && subscription.currentPeriodEnd >= extendsTo)) {
    return;
  }
  const renewed = await tx
    .update(subscriptions)
    .set({ status: 'active', currentPeriodEnd: extendsTo, updatedAt: paidAt })
    .where(eq(subscriptions.id, subscription.id))
    .returning();
  await recordSubscriptionEvents(tx, 'renewed', renewed, paidAt);
}
