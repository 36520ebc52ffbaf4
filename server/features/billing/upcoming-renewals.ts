import { addDays } from 'date-fns';
import { calendarDateIn } from '@shared/dates';
import { pageOffset } from '@shared/schemas/common';
import type { CreateInvoice } from '@shared/schemas/invoices';
import {
  UPCOMING_RENEWAL_DAYS,
  type UpcomingRenewal,
  type UpcomingRenewalPage,
  type UpcomingRenewalsQuery,
} from '@shared/schemas/renewals';
import type { SubscriptionRow, User } from '../../db/schema';
import { fullName } from '../../lib/format';
import type { PlanCatalogue } from '../plans/plans.service';
import type { BillingRepository } from './billing.repository';

/** The invoice the run would write for a renewal (billing.service's monthInvoiceDraft). */
type RenewalDraft = (
  subscription: SubscriptionRow,
  client: User,
  periodEnd: Date,
) => Promise<{ plan: { id: string; name: string }; free: boolean; input: CreateInvoice } | null>;

/**
 * Upcoming renewals (issue 37): the subscriptions renewing in the next 30 days, each with what
 * its renewal invoice asks for. Before the daily run makes that invoice, its preview is a dry
 * run of the run's own steps: the same draft (plan, price, free month, terms) priced by the
 * invoices' own pricing, never a second calculation; once made, the invoice itself.
 */
export function createUpcomingRenewals({
  repository,
  draft,
  price,
  catalogue,
  now,
  timeZone,
}: {
  repository: Pick<BillingRepository, 'upcomingRenewals'>;
  draft: RenewalDraft;
  /** The plan catalogue, for the names of plans whose renewal is already made. */
  catalogue: () => Promise<PlanCatalogue>;
  price: (
    input: CreateInvoice,
    clientId: string,
  ) => Promise<{
    lineItems: Array<{ description: string; quantity: number; unitPrice: number; total: number }>;
    subtotal: number;
    total: number;
  }>;
  now: () => Date;
  timeZone: string;
}) {
  return async function upcomingRenewals(
    query: UpcomingRenewalsQuery,
  ): Promise<UpcomingRenewalPage> {
    const { rows, total } = await repository.upcomingRenewals(
      addDays(now(), UPCOMING_RENEWAL_DAYS),
      { limit: query.pageSize, offset: pageOffset(query) },
    );
    const plans = await catalogue();
    const items = await Promise.all(
      rows.map(async ({ subscription, client, invoice }): Promise<UpcomingRenewal> => {
        const periodEnd = subscription.currentPeriodEnd!;
        const made = invoice?.id ? invoice : null;
        // Once made, the run took the free month off: the invoice says what it asks for.
        const drawn = made ? null : await draft(subscription, client, periodEnd);
        const priced = drawn ? await price(drawn.input, client.id) : null;
        const planId = drawn?.plan.id ?? subscription.pendingTier ?? subscription.tier;
        const planName = drawn?.plan.name ?? plans.name(planId);
        return {
          subscriptionId: subscription.id,
          clientId: client.id,
          clientName: fullName(client) || client.businessName || client.email || 'Client',
          clientEmail: client.email,
          planId,
          planName,
          renewalDate: calendarDateIn(periodEnd, timeZone),
          amount: made ? made.total : (priced?.total ?? null),
          freeMonth: drawn ? drawn.free : made?.total === 0,
          invoice: made && {
            id: made.id,
            invoiceNumber: made.invoiceNumber,
            status: made.status,
            total: made.total,
            amountPaid: made.amountPaid,
          },
          preview:
            drawn && priced
              ? {
                  lineItems: priced.lineItems.map(
                    ({ description, quantity, unitPrice, total }) => ({
                      description,
                      quantity,
                      unitPrice,
                      total,
                    }),
                  ),
                  subtotal: priced.subtotal,
                  total: priced.total,
                  dueDate: drawn.input.dueDate,
                  notes: drawn.input.notes,
                }
              : null,
        };
      }),
    );
    return { items, total, page: query.page, pageSize: query.pageSize };
  };
}
