import { DEFAULT_TIME_ZONE, addMonthsToMonth, monthIn, startOfMonthIn } from '@shared/dates';
import type { PlanId } from '@shared/plans';
import { catalogueOf, type PlanReader } from '../plans/plans.service';
import type { ResponseStats } from '@shared/schemas/response-stats';
import { TREND_MONTHS, type DashboardStats, type DashboardTrends } from '@shared/schemas/dashboard';
import type { DashboardRepository, TrendMonth } from './dashboard.repository';
import { createSetupChecklist, type SetupChecklistDeps } from './setup-checklist';

/** What the set-up checklist reads beyond the dashboard's own tables. */
export type SetupFacts = Omit<SetupChecklistDeps, 'clientCount'>;

/** A fresh install's facts, for callers that never show the checklist (query tests). */
const NOTHING_SET_UP: SetupFacts = {
  businessDetailsSaved: async () => false,
  paymentInstructions: async () => '',
  onlinePayments: false,
  smtpConfigured: false,
  legalPagesReviewed: async () => false,
  siteSamplesReplaced: async () => false,
};

/**
 * The last TREND_MONTHS calendar months in the business's time zone (BILLING_TIMEZONE), oldest
 * first: a month begins at midnight of its 1st there, so a payment at 8 PM on the 31st in New
 * Orleans counts in that month although it is the 1st in UTC. This one ends at its end too: a
 * payment recorded today is dated noon (UTC) of today, which may still be ahead.
 */
export function trendMonths(now: Date, timeZone: string): TrendMonth[] {
  const current = monthIn(now, timeZone);
  return Array.from({ length: TREND_MONTHS }, (_, index) => {
    const month = addMonthsToMonth(current, index - (TREND_MONTHS - 1));
    const next = addMonthsToMonth(month, 1);
    return {
      month,
      start: startOfMonthIn(month, timeZone),
      end: startOfMonthIn(next, timeZone),
      endDay: `${next}-01`,
    };
  });
}

/** The admin dashboard's figures, computed from the database on every call (never stored). */
/** A catalogue with no plans (a dashboard built without one lists none). */
const NO_PLANS: PlanReader = {
  catalogue: async () => catalogueOf([]),
  activePlan: () => Promise.reject(new Error('No plan catalogue')),
};

export function createDashboardService(
  repository: DashboardRepository,
  now: () => Date = () => new Date(),
  setup: SetupFacts = NOTHING_SET_UP,
  /** The business's time zone (BILLING_TIMEZONE), whose calendar the months follow. */
  timeZone: string = DEFAULT_TIME_ZONE,
  /** The plan catalogue: the plans the distribution and the response figures list. */
  plans: PlanReader = NO_PLANS,
) {
  // The months change once a month, and working them out takes some seventy time-zone
  // conversions (most of a dashboard request's own time): kept until the month turns.
  let kept: { current: string; months: TrendMonth[] } | undefined;
  function monthsAt(at: Date): TrendMonth[] {
    const current = monthIn(at, timeZone);
    if (kept?.current !== current) kept = { current, months: trendMonths(at, timeZone) };
    return kept.months;
  }

  return {
    setupChecklist: createSetupChecklist({ ...setup, clientCount: repository.clientCount }),

    async stats(): Promise<DashboardStats> {
      const months = monthsAt(now());
      const thisMonth = months.at(-1)!.start;
      const since = months[0]!.start;
      // A fixed number of queries whatever the number of subscriptions and invoices.
      const [byTier, conversion, money, catalogue] = await Promise.all([
        repository.activeByTier(),
        repository.conversion(since, timeZone),
        repository.money(thisMonth),
        plans.catalogue(),
      ]);
      const active = new Map(byTier.map((tier) => [tier.tier, tier.active]));
      const listed = catalogue.plans
        .filter((plan) => plan.status === 'active' || (active.get(plan.id) ?? 0) > 0)
        .map((plan) => plan.id);
      // A plan the catalogue read does not know still counts (never dropped from the total).
      const unlisted = byTier.map((tier) => tier.tier).filter((id) => !listed.includes(id));
      const planDistribution = Object.fromEntries(
        [...listed, ...unlisted].map((id) => [id, active.get(id) ?? 0]),
      );
      // What the active subscriptions pay, each at its own price.
      const mrr = byTier.reduce((sum, tier) => sum + tier.monthly, 0);
      return {
        activeSubscribers: byTier.reduce((sum, { active }) => sum + active, 0),
        mrr,
        arr: mrr * 12,
        conversionRate: conversion.requests === 0 ? 0 : conversion.converted / conversion.requests,
        consultationRequests: conversion.requests,
        convertedRequests: conversion.converted,
        conversionSince: since.toISOString(),
        ...money,
        planDistribution,
      };
    },

    /**
     * This month's first answers per plan at opening: each plan listed (zeros without
     * tickets), and the tickets opened without a plan when there are any.
     */
    async responseTimes(): Promise<ResponseStats> {
      const at = now();
      const { month, start, end } = monthsAt(at).at(-1)!;
      const [rows, catalogue] = await Promise.all([
        repository.firstResponses(start, end, at),
        plans.catalogue(),
      ]);
      const of = (plan: PlanId | null) => {
        const row = rows.find((r) => r.plan === plan);
        return {
          plan,
          opened: row?.opened ?? 0,
          answered: row?.answered ?? 0,
          medianFirstResponseMinutes:
            row?.medianMinutes == null ? null : Math.round(Number(row.medianMinutes)),
          due: row?.due ?? 0,
          answeredInTime: row?.answeredInTime ?? 0,
        };
      };
      const noPlan = of(null);
      return {
        month,
        plans: [
          ...catalogue.plans
            .filter((plan) => plan.status === 'active' || rows.some((r) => r.plan === plan.id))
            .map((plan) => of(plan.id)),
          ...(noPlan.opened > 0 ? [noPlan] : []),
        ],
      };
    },

    /** The last twelve months' MRR, new and churned clients, collected and outstanding. */
    async trends(): Promise<DashboardTrends> {
      const months = monthsAt(now());
      const [subscriptions, money] = await Promise.all([
        repository.subscriptionTrends(months),
        repository.moneyTrends(months),
      ]);
      const byMonth = <T extends { month: string }>(rows: T[]) =>
        new Map(rows.map((row) => [row.month, row]));
      const subscriptionsOf = byMonth(subscriptions);
      const moneyOf = byMonth(money);
      return {
        months: months.map(({ month }) => ({
          month,
          mrr: subscriptionsOf.get(month)?.mrr ?? 0,
          newClients: subscriptionsOf.get(month)?.newClients ?? 0,
          churnedClients: subscriptionsOf.get(month)?.churnedClients ?? 0,
          collected: moneyOf.get(month)?.collected ?? 0,
          outstanding: moneyOf.get(month)?.outstanding ?? 0,
        })),
      };
    },
  };
}
export type DashboardService = ReturnType<typeof createDashboardService>;
