import { addDays, subDays } from 'date-fns';
import type { Logger } from 'pino';
import { addDaysToDate, addMonthsIn, calendarDateIn } from '@shared/dates';
import type { PlanId } from '@shared/plans';
import type { CreateInvoice } from '@shared/schemas/invoices';
import type { User } from '../../db/schema';
import type { InvoiceService, PaymentPageState } from '../invoices/invoices.service';
import type { PlanReader } from '../plans/plans.service';
import type { TaxService } from '../tax/tax.service';
import type { BillingRepository } from './billing.repository';
import { createWaiveLateFee, type LateFeeRun } from './late-fees';
import type { RenewalCharges } from './renewal-charges';
import { createUpcomingRenewals } from './upcoming-renewals';
import { fullName } from '../../lib/format';

/** The credit line of a renewal invoice whose month the agency gave free. */
export const FREE_MONTH_LINE = 'Free month (credit)';

/** Days a first invoice gives the client to pay. */
const FIRST_INVOICE_TERMS_DAYS = 7;
/** Days after the period ended before an unpaid subscription becomes past_due. */
export const PAST_DUE_AFTER_DAYS = 14;

export interface BillingRun {
  invoicesOverdue: number;
  periodsStarted: number;
  subscriptionsEnded: number;
  subscriptionsPastDue: number;
  renewalsCreated: number;
  renewalsSent: number;
  renewalsNotSent: number;
  /** Auto-pay renewals charged to the saved card (recorded when Stripe's webhook arrives). */
  renewalsCharged: number;
  renewalsDeclined: number;
  /** Charges that did not reach Stripe (tried again on the next retry day). */
  renewalsChargeFailed: number;
  remindersSent: number;
  /** Renewals a free month left with nothing to pay, marked paid (their month is on us). */
  freeRenewalsSettled: number;
  /** Late-fee invoices made and e-mailed (late-fees.ts), and those left as drafts. */
  lateFeesApplied: number;
  lateFeesNotSent: number;
}

/** A subscription as billing needs it. */
export interface BilledSubscription {
  id: string;
  userId: string;
  tier: PlanId;
  /** The plan asked for from the next period: renewal invoices bill it. */
  pendingTier?: PlanId | null;
  currentPeriodEnd: Date | null;
  /** Months the agency gave free: the next renewal invoice credits one. */
  freeMonths?: number;
  /** What this subscription pays a month (its own price, not the plan's today). */
  monthlyPriceCents: number;
  /** A new price arranged from the period starting scheduledPriceFrom (with a plan change too). */
  scheduledPriceCents?: number | null;
  scheduledPriceFrom?: Date | null;
}

/**
 * The price a month of the subscription bills: the price arranged for it (a plan change's, or
 * the agency's move to the plan's current price) from the period it starts in, else its own.
 * A plan change asked for before prices were per subscription bills the new plan's price.
 */
export function monthPrice(
  subscription: BilledSubscription,
  month: { start: Date } | null,
  pendingPlanPrice: number | undefined,
): number {
  if (!month) return subscription.monthlyPriceCents;
  const { scheduledPriceCents, scheduledPriceFrom } = subscription;
  if (scheduledPriceCents != null && scheduledPriceFrom && scheduledPriceFrom <= month.start) {
    return scheduledPriceCents;
  }
  if (subscription.pendingTier && pendingPlanPrice !== undefined) return pendingPlanPrice;
  return subscription.monthlyPriceCents;
}

export interface BillingServiceDeps {
  repository: BillingRepository;
  invoices: InvoiceService;
  /** The plan catalogue: the plan's name on the invoice line. */
  plans: PlanReader;
  /** The run's step that charges auto-pay renewals to saved cards (renewal-charges.ts). */
  chargeDueRenewals: () => Promise<RenewalCharges>;
  /** The run's step that reminds clients of overdue invoices (payment-reminders.ts). */
  sendReminders: () => Promise<number>;
  /** The run's step that charges each invoice's late fee once (late-fees.ts); none by default. */
  applyLateFees?: () => Promise<LateFeeRun>;
  /** Days before the period ends that the next month's invoice is made. */
  renewalLeadDays: number;
  /** The business's calendar (BILLING_TIMEZONE): its days are the due and overdue days. */
  timeZone: string;
  logger: Logger;
  now?: () => Date;
  /**
   * The rates a plan's invoice applies (the tax service's): the client's own, else the
   * agency's defaults; none for an exempt client. Without it: none.
   */
  taxes?: Pick<TaxService, 'renewalRateIds'>;
}

function clientName(client: User): string {
  return fullName(client) || client.businessName || client.email || 'Client';
}

/** PostgreSQL's unique_violation, whether the driver error arrives bare or wrapped by drizzle. */
function isUniqueViolation(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  if ('code' in error && error.code === '23505') return true;
  return 'cause' in error && isUniqueViolation(error.cause);
}

/**
 * How a month of a plan is invoiced: the line, the due date (a first invoice gives a week, a
 * renewal is due when its month starts) and the note to the client. Its days are those of the
 * business's calendar (`timeZone`), as the invoice's date of issue is.
 */
export function planMonthTerms(
  plan: { name: string },
  issued: Date,
  month: { start: Date; end: Date } | null,
  timeZone: string,
) {
  const day = (instant: Date) => calendarDateIn(instant, timeZone);
  return month
    ? {
        description: `${plan.name} plan, ${day(month.start)} to ${day(month.end)}`,
        dueDate: day(month.start),
        notes: 'Monthly renewal. Thank you for being with us.',
      }
    : {
        description: `${plan.name} plan, first month`,
        dueDate: addDaysToDate(day(issued), FIRST_INVOICE_TERMS_DAYS),
        notes: 'Your plan starts on the day this invoice is paid.',
      };
}

/**
 * Billing: subscriptions meet invoices. A request gets its first-month invoice, and one daily
 * billing run moves every subscription along its months: invoices overdue, periods rolled,
 * cancelled plans ended, past due, renewal invoices made and sent, auto-pay renewals charged
 * (renewal-charges.ts), reminders sent (payment-reminders.ts). Every step of the run is
 * idempotent, so running it twice in a day changes nothing.
 */
export function createBillingService({
  repository,
  invoices,
  plans,
  chargeDueRenewals,
  sendReminders,
  applyLateFees = async () => ({ applied: 0, notSent: 0 }),
  renewalLeadDays,
  timeZone,
  logger,
  now = () => new Date(),
  taxes = { renewalRateIds: async () => [] },
}: BillingServiceDeps) {
  /**
   * The invoice of a month of the subscription's plan as the run writes it (its input and its
   * link to the subscription), or null when none is made (no plan, no e-mail address). The
   * run creates it; the upcoming renewals' dry run prices it without writing anything.
   */
  async function monthInvoiceDraft(
    subscription: BilledSubscription,
    client: User,
    month: { start: Date; end: Date } | null,
  ) {
    const catalogue = await plans.catalogue();
    const plan = catalogue.find((month && subscription.pendingTier) || subscription.tier);
    if (!plan || !client.email) return null;
    const { description, dueDate, notes } = planMonthTerms(plan, now(), month, timeZone);
    // The subscription's own price, never the plan's today (issue 37).
    const price = monthPrice(subscription, month, plan.monthlyPriceCents);
    // A month the agency gave free: a credit line of the month's price, nothing to pay.
    const free = month !== null && (subscription.freeMonths ?? 0) > 0;
    // The plan says whether its month is taxed; the rates are the client's or the defaults.
    const lineItems = [{ description, quantity: 1, unitPrice: price, taxable: plan.taxable }];
    if (free) {
      lineItems.push({
        description: FREE_MONTH_LINE,
        quantity: 1,
        unitPrice: -price,
        taxable: plan.taxable,
      });
    }
    const input: CreateInvoice = {
      clientName: clientName(client),
      clientEmail: client.email,
      planType: plan.id,
      dueDate,
      notes: free ? `${notes} This month is free: nothing to pay.` : notes,
      lineItems,
      taxRateIds: await taxes.renewalRateIds(client.id),
      tax: 0,
      discount: 0,
    };
    const link = {
      userId: client.id,
      subscriptionId: subscription.id,
      periodStart: month?.start ?? null,
      periodEnd: month?.end ?? null,
    };
    return { plan, free, input, link };
  }

  async function monthInvoice(
    subscription: BilledSubscription,
    client: User,
    month: { start: Date; end: Date } | null,
  ) {
    const draft = await monthInvoiceDraft(subscription, client, month);
    return draft ? invoices.create(draft.input, draft.link) : null;
  }

  /** The month a renewal bills: from the current period's end, one month of the calendar. */
  const renewalMonth = (periodEnd: Date) => ({
    start: periodEnd,
    end: addMonthsIn(periodEnd, 1, timeZone),
  });

  return {
    /**
     * Before a change deletes the subscription's unpaid first-month invoices ('first') or its
     * renewals from the current period's end ('renewals'): their Checkout pages are closed.
     */
    async closePaymentPages(
      subscription: BilledSubscription,
      which: 'first' | 'renewals',
    ): Promise<PaymentPageState> {
      if (which === 'first') return invoices.closePaymentPagesOf(subscription.id, null);
      if (!subscription.currentPeriodEnd) return 'closed';
      return invoices.closePaymentPagesOf(subscription.id, subscription.currentPeriodEnd);
    },

    /** A client asked for a plan: a draft invoice for its first month, addressed to them. */
    async subscriptionRequested(subscription: BilledSubscription): Promise<void> {
      await invoices.removeUnpaidFirstInvoices(subscription.id);
      const client = await repository.findClient(subscription.userId);
      const created = client ? await monthInvoice(subscription, client, null) : null;
      if (!created) {
        logger.warn(
          { subscriptionId: subscription.id },
          'no first invoice: the client has no e-mail address',
        );
      }
    },

    /** A pending request was withdrawn: its unpaid first invoice goes too. */
    async requestWithdrawn(subscription: BilledSubscription): Promise<void> {
      await invoices.removeUnpaidFirstInvoices(subscription.id);
    },

    /** The plan ends at the period end: no unpaid invoice for a month after it remains. */
    async cancellationRequested(subscription: BilledSubscription): Promise<void> {
      if (subscription.currentPeriodEnd) {
        await invoices.removeUnpaidRenewals(subscription.id, subscription.currentPeriodEnd);
      }
    },

    /**
     * The plan of the next period changed (a plan change, or its withdrawal): an unpaid
     * renewal already made for it goes, and the daily run makes it again at the plan's price.
     */
    async nextPeriodPlanChanged(subscription: BilledSubscription): Promise<void> {
      if (subscription.currentPeriodEnd) {
        await invoices.removeUnpaidRenewals(subscription.id, subscription.currentPeriodEnd);
      }
    },

    /**
     * The next `days` days' renewals, a page at a time (upcoming-renewals.ts): each with the
     * renewal invoice the run made, or the one it will make, drawn up by `monthInvoiceDraft`
     * and priced by the invoices' own pricing, as the run's `create` does: a dry run.
     */
    upcomingRenewals: createUpcomingRenewals({
      repository,
      draft: (subscription, client, periodEnd) =>
        monthInvoiceDraft(subscription, client, renewalMonth(periodEnd)),
      price: (input, clientId) => invoices.price(input, clientId),
      catalogue: () => plans.catalogue(),
      now,
      timeZone,
    }),

    /** POST /invoices/:id/waive-late-fee: a late-fee invoice voided with the reason. */
    waiveLateFee: createWaiveLateFee(invoices),

    /** The daily lifecycle run (a pg-boss schedule in production, a fixed clock in tests). */
    async runDaily(): Promise<BillingRun> {
      const at = now();
      const run: BillingRun = {
        invoicesOverdue: await repository.markOverdue(calendarDateIn(at, timeZone), at),
        periodsStarted: await repository.rollPeriods(at),
        subscriptionsEnded: await repository.endCancelled(at),
        subscriptionsPastDue: await repository.markPastDue(subDays(at, PAST_DUE_AFTER_DAYS), at),
        renewalsCreated: 0,
        renewalsSent: 0,
        renewalsNotSent: 0,
        renewalsCharged: 0,
        renewalsDeclined: 0,
        renewalsChargeFailed: 0,
        remindersSent: 0,
        freeRenewalsSettled: 0,
        lateFeesApplied: 0,
        lateFeesNotSent: 0,
      };
      const autoSend = await repository.autoSendRenewals();
      for (const { subscription, client } of await repository.dueForRenewal(
        addDays(at, renewalLeadDays),
      )) {
        const start = subscription.currentPeriodEnd!;
        let created;
        try {
          created = await monthInvoice(subscription, client, renewalMonth(start));
        } catch (error) {
          // Another run made this month's invoice first: nothing left to do for it.
          if (isUniqueViolation(error)) continue;
          throw error;
        }
        if (!created) continue;
        run.renewalsCreated += 1;
        if ((subscription.freeMonths ?? 0) > 0) {
          await repository.takeFreeMonth(subscription.id);
        }
        if (!autoSend) continue;
        try {
          await invoices.email(created.invoice.id);
          run.renewalsSent += 1;
        } catch (error) {
          run.renewalsNotSent += 1;
          logger.error(
            { err: error, invoiceId: created.invoice.id },
            'renewal invoice left as a draft: it could not be e-mailed',
          );
        }
      }
      run.freeRenewalsSettled = await repository.settleFreeRenewals(at);
      const charges = await chargeDueRenewals();
      run.renewalsCharged = charges.charged;
      run.renewalsDeclined = charges.declined;
      run.renewalsChargeFailed = charges.failed;
      const fees = await applyLateFees();
      run.lateFeesApplied = fees.applied;
      run.lateFeesNotSent = fees.notSent;
      run.remindersSent = await sendReminders();
      return run;
    },
  };
}
export type BillingService = ReturnType<typeof createBillingService>;
