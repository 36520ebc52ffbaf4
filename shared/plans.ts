import { formatCents } from './money';

export const PLAN_IDS = ['essentials', 'signature', 'prestige'] as const;
export type PlanId = (typeof PLAN_IDS)[number];

export interface Plan {
  id: PlanId;
  name: string;
  /** Monthly price in integer cents. */
  priceCents: number;
  description: string;
  /**
   * What the plan includes, as every place lists it (the landing page's pricing, the portal's
   * plan selection): the spec's two lists merged into one (docs/spec-deviations.md).
   */
  features: readonly string[];
  popular: boolean;
}

export const PLANS: readonly Plan[] = [
  {
    id: 'essentials',
    name: 'Essentials',
    priceCents: 19_900,
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
  },
  {
    id: 'signature',
    name: 'Signature',
    priceCents: 39_900,
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
  },
  {
    id: 'prestige',
    name: 'Prestige',
    priceCents: 59_900,
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
  },
];

export function findPlan(id: string): Plan | undefined {
  return PLANS.find((plan) => plan.id === id);
}

/** A plan's price as every screen and e-mail writes it, e.g. "$399.00/month". */
export function formatPlanPrice(plan: Pick<Plan, 'priceCents'>): string {
  return `${formatCents(plan.priceCents)}/month`;
}
