import { usePlanLookup } from '@/features/plans/public';
import type { Subscription } from '@shared/schemas/subscriptions';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { SubscriptionStatusBadge as StatusBadge } from '@/components/ui/status-badge';
import { toast } from '@/components/ui/use-toast';
import { formatDate } from '@/lib/dates';
import { useKeepSubscription } from '../api/keep-subscription';
import { useWithdrawPlanChange } from '../api/withdraw-plan-change';

/** A subscription's plan name, from the offered plans (the id while they load). */
export function usePlanName(): (subscription: Pick<Subscription, 'tier'>) => string {
  const plans = usePlanLookup();
  return (subscription) => plans.name(subscription.tier);
}

/** The status as the admin panel shows it too; a request the client took back says so. */
export function SubscriptionStatusBadge({ subscription }: { subscription: Subscription }) {
  if (subscription.withdrawn) return <Badge variant="secondary">Request withdrawn</Badge>;
  return <StatusBadge status={subscription.status} />;
}

/**
 * 'Changes to Prestige on Dec 7, 2026', with the way back. While the period it starts with has
 * not begun (its renewal unpaid), the date may be past: then it changes once that is paid.
 */
export function PendingPlanChange({ subscription }: { subscription: Subscription }) {
  const nameOf = usePlanLookup().name;
  const withdraw = useWithdrawPlanChange();
  if (!subscription.pendingTier) return null;
  const from = subscription.pendingTierFrom;
  const when =
    from && new Date(from) > new Date()
      ? `on ${formatDate(from)}`
      : 'once your renewal invoice is paid';
  return (
    <div className="flex flex-wrap items-center justify-between gap-3 rounded-md border border-primary/30 bg-primary/5 p-3">
      <p className="text-sm font-medium">
        Changes to {nameOf(subscription.pendingTier)} {when}.
      </p>
      <Button
        variant="outline"
        size="sm"
        disabled={withdraw.isPending}
        onClick={() =>
          withdraw.mutate(undefined, {
            onSuccess: ({ message }) =>
              toast({ title: 'Plan Change Withdrawn', description: message }),
          })
        }
      >
        {withdraw.isPending ? 'Withdrawing...' : 'Withdraw change'}
      </Button>
    </div>
  );
}

/**
 * A cancellation at the period end: 'Your plan ends on Dec 1, 2026.', with "Keep my plan" to
 * take it back while the period lasts.
 */
export function EndingPlan({ subscription }: { subscription: Subscription }) {
  const keep = useKeepSubscription();
  return (
    <div className="flex flex-wrap items-center justify-between gap-3 rounded-md border border-amber-300 bg-amber-50 p-3">
      <p className="text-sm font-medium text-amber-900">
        Your plan ends
        {subscription.currentPeriodEnd
          ? ` on ${formatDate(subscription.currentPeriodEnd)}`
          : ' at the end of the current period'}
        .
      </p>
      <Button
        size="sm"
        disabled={keep.isPending}
        onClick={() =>
          keep.mutate(undefined, {
            onSuccess: ({ message }) => toast({ title: 'Plan Kept', description: message }),
          })
        }
      >
        {keep.isPending ? 'Keeping...' : 'Keep my plan'}
      </Button>
    </div>
  );
}

/** What the client should know beyond the status: a pending start, a change or a coming end. */
export function SubscriptionNote({ subscription }: { subscription: Subscription }) {
  if (subscription.withdrawn) {
    return (
      <p className="text-sm text-muted-foreground">
        You withdrew this plan request before it started: nothing was billed.
      </p>
    );
  }
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
    return <EndingPlan subscription={subscription} />;
  }
  if (subscription.status === 'canceled') {
    return <p className="text-sm text-muted-foreground">This plan has ended.</p>;
  }
  return <PendingPlanChange subscription={subscription} />;
}
