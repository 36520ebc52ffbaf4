export const PLAN_IDS = ['essentials', 'signature', 'prestige'] as const;
export type PlanId = (typeof PLAN_IDS)[number];

export interface Plan {
  id: PlanId;
  name: string;
  /** Monthly price in integer cents. */
  priceCents: number;
  description: string;
  /** Features listed on the landing page's pricing cards. */
  landingFeatures: readonly string[];
  /** Features listed on the portal's plan-selection cards. */
  planFeatures: readonly string[];
  popular: boolean;
}

export const PLANS: readonly Plan[] = [
  {
    id: 'essentials',
    name: 'Essentials',
    priceCents: 19_900,
    description: 'A polished, dependable website for businesses getting established online.',
    landingFeatures: [
      'Template-based website',
      'Basic SEO',
      'Limited monthly updates',
      'Hosting included',
    ],
    planFeatures: ['5 pages', 'Email support', 'Monthly updates', 'Basic SEO'],
    popular: false,
  },
  {
    id: 'signature',
    name: 'Signature',
    priceCents: 39_900,
    description: 'A semi-custom site and a partner who checks in on your strategy.',
    landingFeatures: [
      'Semi-custom design',
      'Strategy check-ins',
      'Mid-level updates',
      'Priority support',
    ],
    planFeatures: [
      '10 pages',
      'Bi-weekly updates',
      'Advanced SEO',
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
    landingFeatures: [
      'Fully custom design',
      'Unlimited updates',
      'Advanced integrations',
      'Monthly consulting',
    ],
    planFeatures: [
      'Unlimited pages',
      'Weekly updates',
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
