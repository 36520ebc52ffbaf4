import { Check, Star } from 'lucide-react';
import type { LiHTMLAttributes, ReactNode } from 'react';
import { formatCents } from '@shared/money';
import { cn } from '@/lib/utils';

/** What a card shows of a plan (the catalogue's PublicPlan, or a default plan). */
interface CardPlan {
  name: string;
  description: string;
  monthlyPrice: number;
  features: readonly string[];
  popular: boolean;
}

const SIZES = {
  /** The landing page's pricing section. */
  lg: { card: 'p-8', price: 'mt-6', amount: 'text-4xl', list: 'mt-6 space-y-3', action: 'mt-8' },
  /** The portal's plan selection. */
  md: { card: 'p-6', price: 'mt-4', amount: 'text-3xl', list: 'mt-4 space-y-2', action: 'mt-6' },
};

/**
 * One plan as a card of a list (an <li>): name, description, monthly price, features and the
 * place's own action. Every place shows the one catalogue (GET /api/plans) the same way. The popular plan is outlined and flagged 'Most Popular'. The landing page
 * draws it too, so it stays light: no schemas, no query library.
 */
export function PlanCard({
  plan,
  action,
  heading: Heading,
  size,
  className,
  ...item
}: {
  plan: CardPlan;
  /** The card's button. */
  action: ReactNode;
  /** The level of the plan's name in the page's outline. */
  heading: 'h2' | 'h3';
  size: keyof typeof SIZES;
} & LiHTMLAttributes<HTMLLIElement>) {
  const sized = SIZES[size];
  return (
    <li
      {...item}
      className={cn(
        'relative flex flex-col rounded-lg bg-card',
        sized.card,
        plan.popular ? 'border-2 border-primary shadow-lg' : 'border shadow-sm',
        className,
      )}
    >
      {plan.popular && (
        <p className="absolute -top-3 left-1/2 flex -translate-x-1/2 items-center gap-1 rounded-full bg-primary px-3 py-1 text-xs font-semibold text-primary-foreground">
          <Star className="h-3 w-3" aria-hidden="true" /> Most Popular
        </p>
      )}
      <Heading className="text-xl font-semibold">{plan.name}</Heading>
      <p className="mt-2 text-sm text-muted-foreground">{plan.description}</p>
      <p className={sized.price}>
        <span className={cn('font-bold', sized.amount)}>{formatCents(plan.monthlyPrice)}</span>
        <span className="text-muted-foreground">/month</span>
      </p>
      <ul className={cn('flex-1', sized.list)}>
        {plan.features.map((feature) => (
          <li key={feature} className="flex items-start gap-2 text-sm">
            <Check className="mt-0.5 h-4 w-4 shrink-0 text-primary" aria-hidden="true" />
            {feature}
          </li>
        ))}
      </ul>
      <div className={cn('flex flex-col', sized.action)}>{action}</div>
    </li>
  );
}
