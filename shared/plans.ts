import { formatCents } from './money';
import type { PlanResponseTimes } from './schemas/response-times';

/**
 * The plan catalogue is data (the `plans` table, issue 37; server/features/plans reads it).
 * What is here are only the defaults: the spec's three plans as the first migration seeds them
 * and a fresh install shows them. Nothing reads a plan's price or name from here at run time.
 */
export const DEFAULT_PLAN_IDS = ['essentials', 'signature', 'prestige'] as const;

/** A plan's id: a stable slug (the catalogue's primary key). */
export type PlanId = string;

export interface DefaultPlan {
  id: (typeof DEFAULT_PLAN_IDS)[number];
  name: string;
  /** Monthly price in integer cents. */
  monthlyPrice: number;
  description: string;
  /**
   * What the plan includes, as every place lists it (the landing page's pricing, the portal's
   * plan selection): the spec's two lists merged into one (docs/spec-deviations.md).
   */
  features: readonly string[];
  popular: boolean;
  /** Website updates included per month (issue 28); null is unlimited. */
  updatesPerMonth: number | null;
  /** Support response targets (issue 27). */
  responseTimes: PlanResponseTimes;
}

export const DEFAULT_PLANS: readonly DefaultPlan[] = [
  {
    id: 'essentials',
    name: 'Essentials',
    monthlyPrice: 19_900,
    description: 'A polished, dependable website for businesses getting established online.',
    features: [
      'Template-based website',
      '5 pages',
      'Hosting included',
      'Basic SEO',
      'Monthly updates',
      'Email support',
    ],
    popular: false,
    updatesPerMonth: 1,
    responseTimes: {
      aroundTheClock: false,
      firstResponse: { amount: 2, unit: 'days' },
      nextResponse: { amount: 2, unit: 'days' },
    },
  },
  {
    id: 'signature',
    name: 'Signature',
    monthlyPrice: 39_900,
    description: 'A semi-custom site and a partner who checks in on your strategy.',
    features: [
      'Semi-custom design',
      '10 pages',
      'Hosting included',
      'Advanced SEO',
      'Bi-weekly updates',
      'Strategy check-ins',
      'Priority email and chat support',
      'Social integration',
      'Analytics setup',
    ],
    popular: true,
    updatesPerMonth: 2,
    responseTimes: {
      aroundTheClock: false,
      firstResponse: { amount: 1, unit: 'days' },
      nextResponse: { amount: 1, unit: 'days' },
    },
  },
  {
    id: 'prestige',
    name: 'Prestige',
    monthlyPrice: 59_900,
    description: 'A fully custom web presence with hands-on consulting every month.',
    features: [
      'Fully custom design',
      'Unlimited pages',
      'Hosting included',
      'Advanced SEO with monthly audits',
      'Unlimited updates',
      'Monthly consulting',
      '24/7 support',
      'E-commerce',
      'Custom integrations',
      'Monthly reports',
      'Dedicated account manager',
    ],
    popular: false,
    updatesPerMonth: null,
    responseTimes: {
      aroundTheClock: true,
      firstResponse: { amount: 4, unit: 'hours' },
      nextResponse: { amount: 4, unit: 'hours' },
    },
  },
];

/** A monthly price as every screen and e-mail writes it, e.g. "$399.00/month". */
export function formatPlanPrice(monthlyPriceCents: number): string {
  return `${formatCents(monthlyPriceCents)}/month`;
}
