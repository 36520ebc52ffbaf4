import { findPlan } from '@shared/plans';
import type { Subscription } from '@shared/schemas/subscriptions';
import { Badge } from '@/components/ui/badge';
import { formatDate } from '@/lib/dates';

export function planName(subscription: Subscription): string {
  return findPlan(subscription.tier)?.name ?? subscription.tier;
}

/** The status as text; highlighted when active, secondary otherwise (spec section 4). */
export function SubscriptionStatusBadge({ subscription }: { subscription: Subscription }) {
  return (
    <Badge variant={subscription.status === 'active' ? 'default' : 'secondary'}>
      {subscription.status.replace('_', ' ')}
    </Badge>
  );
}

/** What the client should know beyond the status: a pending start or a coming end. */
export function SubscriptionNote({ subscription }: { subscription: Subscription }) {
  if (subscription.status === 'pending') {
    return (
      <p className="text-sm text-muted-foreground">
        Requested. Your plan starts once its first invoice is paid.
      </p>
    );
  }
  if (subscription.status === 'past_due') {
    return (
      <p className="text-sm font-medium text-destructive">
        Payment overdue: your renewal invoice is unpaid. Please pay it to keep your plan running, or
        open a support ticket if something is wrong.
      </p>
    );
  }
  if (subscription.status !== 'canceled' && subscription.cancelAtPeriodEnd) {
    return (
      <p className="text-sm font-medium text-amber-800">
        Cancellation requested: your plan ends
        {subscription.currentPeriodEnd
          ? ` on ${formatDate(subscription.currentPeriodEnd)}`
          : ' at the end of the current period'}
        .
      </p>
    );
  }
  if (subscription.status === 'canceled') {
    return <p className="text-sm text-muted-foreground">This plan has ended.</p>;
  }
  return null;
}
