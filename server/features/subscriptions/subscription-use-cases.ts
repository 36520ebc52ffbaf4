import { formatDateIn } from '@shared/dates';
import type { PlanId } from '@shared/plans';
import type { SubscriptionRow } from '../../db/schema';
import type { PlanReader } from '../plans/plans.service';
import { AppError } from '../../lib/errors';
import type { AgencySubscriptionChange } from './subscriptions.emails';
import type { SubscriptionRepository } from './subscriptions.repository';

export const PAYMENT_PAGE_UNREACHABLE =
  "Stripe could not be reached to close your invoice's open payment page. Nothing was changed; please try again in a moment.";
export const INVOICE_JUST_PAID =
  'Your invoice has just been paid, so this can no longer be changed here. Please open a support ticket.';

/**
 * Who hears of subscription requests (the mail feature's notifications to the agency). Each
 * reads the plans' names from the catalogue before it hands its e-mail to the background.
 */
export interface SubscriptionEvents {
  subscriptionRequested(userId: string, tier: PlanId): Promise<void>;
  requestWithdrawn(userId: string, tier: PlanId): Promise<void>;
  cancellationRequested(userId: string, tier: PlanId, periodEnd: Date | null): Promise<void>;
  planChangeRequested(
    userId: string,
    from: PlanId,
    to: PlanId,
    startsOn: Date | null,
  ): Promise<void>;
  planChangeWithdrawn(userId: string, kept: PlanId, withdrawn: PlanId): Promise<void>;
  cancellationWithdrawn(userId: string, tier: PlanId): Promise<void>;
  /** To the client: what the agency changed on their plan. */
  subscriptionChangedByAgency(userId: string, change: AgencySubscriptionChange): Promise<void>;
}

/** What billing does when a subscription changes (the billing feature); awaited. */
export interface SubscriptionBilling {
  /**
   * Before a change that deletes unpaid invoices (the first month's, or the renewals from the
   * period's end): their open Checkout pages are closed, so nobody pays an invoice that goes.
   */
  closePaymentPages(
    subscription: SubscriptionRow,
    which: 'first' | 'renewals',
  ): Promise<'closed' | 'paid' | 'unreachable'>;
  subscriptionRequested(subscription: SubscriptionRow): Promise<void>;
  requestWithdrawn(subscription: SubscriptionRow): Promise<void>;
  cancellationRequested(subscription: SubscriptionRow): Promise<void>;
  /** The next period's renewal must bill the plan now chosen (changed or withdrawn). */
  nextPeriodPlanChanged(subscription: SubscriptionRow): Promise<void>;
}

/** What every subscription use case works with (subscriptions.service.ts builds it once). */
export interface SubscriptionUseCaseDeps {
  repository: SubscriptionRepository;
  events: SubscriptionEvents;
  billing: SubscriptionBilling;
  /** The plan catalogue: names for the answers, and which plans take new subscribers. */
  plans: PlanReader;
  now: () => Date;
  /** The business's time zone: the dates in the answers' messages are written in it. */
  timeZone: string;
}

/** A date in an answer's message, on the business's calendar. */
export function displayDate(deps: Pick<SubscriptionUseCaseDeps, 'timeZone'>, value: Date) {
  return formatDateIn(value, deps.timeZone);
}

/**
 * Closes the payment pages of the invoices the change may delete, before anything changes:
 * when Stripe cannot be reached nothing changes (503); money already on its way for one of
 * them refuses the change (409) unless `whenPaid` is 'go-on' (the invoice then stays).
 */
export async function closePaymentPages(
  { billing }: Pick<SubscriptionUseCaseDeps, 'billing'>,
  subscription: SubscriptionRow | null,
  which: 'first' | 'renewals',
  whenPaid: 'refuse' | 'go-on' = 'refuse',
): Promise<void> {
  if (!subscription) return;
  const state = await billing.closePaymentPages(subscription, which);
  if (state === 'unreachable') throw new AppError(503, PAYMENT_PAGE_UNREACHABLE);
  if (state === 'paid' && whenPaid === 'refuse') throw new AppError(409, INVOICE_JUST_PAID);
}

/**
 * A request a signed proposal made is billed by the proposal's first invoice, which holds its
 * deposit too: replacing or withdrawing the request would delete that invoice, so the client
 * is told to pay it (or ask the agency) instead (409).
 */
export async function refuseWhileProposalInvoiceUnpaid(
  { repository }: Pick<SubscriptionUseCaseDeps, 'repository'>,
  subscription: SubscriptionRow | null,
): Promise<void> {
  if (subscription?.status !== 'pending') return;
  const first = await repository.proposalFirstInvoice(subscription.id);
  if (!first) return;
  const invoice = first.invoiceNumber ? `invoice ${first.invoiceNumber}` : 'its first invoice';
  throw new AppError(
    409,
    `This plan was agreed in your proposal "${first.title}" and starts when ${invoice} (with its deposit) is paid. Pay that invoice first, then change your plan; or contact us.`,
  );
}

/** The plans' names as the answers write them (the catalogue read once). */
export async function planNames(deps: Pick<SubscriptionUseCaseDeps, 'plans'>) {
  return (await deps.plans.catalogue()).name;
}
