import { addMonthsToMonth, monthIn, startOfMonthIn } from '@shared/dates';
import type { UpdateAllowanceSettings, UpdateRequest, UpdatesMeter } from '@shared/schemas/updates';
import { isBeyondPlan } from '@shared/updates-meter';
import type { PlanReader } from '../plans/plans.service';
import type { UpdatesRepository } from './updates.repository';

export interface UpdatesMeterDeps {
  repository: UpdatesRepository;
  /** The price of an update beyond the month (Settings). */
  allowance: () => Promise<UpdateAllowanceSettings>;
  /** The plan catalogue: each plan's updates per month. */
  plans: PlanReader;
  now: () => Date;
  /** BILLING_TIMEZONE: a request counts in the month it was asked for there. */
  timeZone: string;
}

/**
 * The month's update requests of a client against what their plan includes: the plan they
 * have now (an upgrade counts for the whole month), its updates per month (the plan's). The
 * requests after the first `included` of the month, in the order they came, are beyond it.
 */
export function createUpdatesMeter({
  repository,
  allowance,
  plans,
  now,
  timeZone,
}: UpdatesMeterDeps) {
  return {
    /** 'YYYY-MM' now, in the business time zone. */
    currentMonth: () => monthIn(now(), timeZone),

    /** The meter of `month` ('2026-11') and its requests, oldest first. */
    async monthOf(
      userId: string,
      month: string,
    ): Promise<{ meter: UpdatesMeter; requests: UpdateRequest[] }> {
      const from = startOfMonthIn(month, timeZone);
      const to = startOfMonthIn(addMonthsToMonth(month, 1), timeZone);
      const [settings, catalogue, plan, rows] = await Promise.all([
        allowance(),
        plans.catalogue(),
        repository.currentPlan(userId),
        repository.requestsBetween(userId, from, to),
      ]);
      const meter: UpdatesMeter = {
        month,
        used: rows.length,
        included: plan ? (catalogue.find(plan)?.updatesPerMonth ?? null) : null,
        plan,
        extraUpdatePriceCents: settings.extraUpdatePriceCents,
      };
      return {
        meter,
        requests: rows.map((row, position) => ({
          ticketId: row.id,
          number: row.number,
          subject: row.subject,
          createdAt: row.createdAt.toISOString(),
          beyondPlan: isBeyondPlan(meter, position),
          invoiceId: row.extraUpdateInvoiceId,
        })),
      };
    },
  };
}
export type UpdatesMeterQuery = ReturnType<typeof createUpdatesMeter>;
