import { useState } from 'react';
import { Link } from 'wouter';
import { formatPlanPrice } from '@shared/plans';
import { usePlanLookup } from '@/features/plans/public';
import type { Subscription } from '@shared/schemas/subscriptions';
import { Button } from '@/components/ui/button';
import { Detail } from '@/components/ui/detail';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/use-toast';
import { formatDate } from '@/lib/dates';
import { useCancelSubscription } from '../api/cancel-subscription';
import { useSubscription } from '../api/get-subscription';
import { usePlanName, SubscriptionNote, SubscriptionStatusBadge } from './subscription-status';
import { paths } from '@/lib/paths';

function NoSubscription({ action }: { action: 'View Plans' | 'Subscribe Now' }) {
  return (
    <div className="space-y-3">
      <p className="text-muted-foreground">You do not have a subscription yet.</p>
      <Button asChild>
        <Link href={paths.portal.subscribe()}>{action}</Link>
      </Button>
    </div>
  );
}

/** The Overview tab's Subscription Status card body. */
export function SubscriptionSummary() {
  const planName = usePlanName();
  const { data: subscription, isLoading } = useSubscription();
  if (isLoading) return <Skeleton className="h-12 w-full" />;
  if (!subscription) return <NoSubscription action="View Plans" />;
  return (
    <div className="space-y-2">
      <p className="flex items-center gap-3 text-lg font-semibold">
        {planName(subscription)} <SubscriptionStatusBadge subscription={subscription} />
      </p>
      <SubscriptionNote subscription={subscription} />
      {subscription.status === 'canceled' && (
        <Button variant="outline" asChild>
          <Link href={paths.portal.subscribe()}>View Plans</Link>
        </Button>
      )}
    </div>
  );
}

function CancelSubscription({ subscription }: { subscription: Subscription }) {
  const planName = usePlanName();
  const [open, setOpen] = useState(false);
  const cancel = useCancelSubscription();
  const pending = subscription.status === 'pending';

  const confirm = () =>
    cancel.mutate(undefined, {
      onSuccess: ({ message }) => {
        toast({
          title: pending ? 'Request Withdrawn' : 'Cancellation Requested',
          description: message,
        });
        setOpen(false);
      },
    });

  return (
    <>
      <Button variant="outline" onClick={() => setOpen(true)}>
        Cancel Subscription
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title="Cancel your subscription?"
        description={
          pending
            ? 'Your plan request will be withdrawn. Nothing has been billed.'
            : `Your ${planName(subscription)} plan stays active until ${
                subscription.currentPeriodEnd
                  ? formatDate(subscription.currentPeriodEnd)
                  : 'the end of the current period'
              }, then ends.${
                subscription.pendingTier ? ' Your requested plan change is withdrawn too.' : ''
              } We will be in touch to confirm.`
        }
        cancelLabel="Go Back"
        confirmLabel={pending ? 'Withdraw Request' : 'Cancel Subscription'}
        pendingLabel="Canceling..."
        pending={cancel.isPending}
        onConfirm={confirm}
      />
    </>
  );
}

/** The Subscription tab: plan, status, period, next billing date, and what can be done. */
export function SubscriptionPanel() {
  const plans = usePlanLookup();
  const { data: subscription, isLoading } = useSubscription();
  if (isLoading) return <Skeleton className="h-32 w-full" />;
  if (!subscription) return <NoSubscription action="Subscribe Now" />;

  const plan = plans.find(subscription.tier);
  const period =
    subscription.currentPeriodStart && subscription.currentPeriodEnd
      ? `${formatDate(subscription.currentPeriodStart)} to ${formatDate(subscription.currentPeriodEnd)}`
      : 'Starts when the first invoice is paid';
  const nextBilling =
    subscription.status === 'active' &&
    !subscription.cancelAtPeriodEnd &&
    subscription.currentPeriodEnd
      ? formatDate(subscription.currentPeriodEnd)
      : 'None scheduled';
  const canCancel =
    subscription.status === 'pending' ||
    ((subscription.status === 'active' || subscription.status === 'past_due') &&
      !subscription.cancelAtPeriodEnd);

  return (
    <div className="space-y-6">
      <dl className="grid gap-4 sm:grid-cols-2">
        <Detail label={subscription.withdrawn ? 'Requested Plan' : 'Current Plan'}>
          {`${plan?.name ?? subscription.tier} (${formatPlanPrice(subscription.monthlyPrice ?? plan?.monthlyPrice ?? 0)})`}
        </Detail>
        <Detail label="Status">
          <SubscriptionStatusBadge subscription={subscription} />
        </Detail>
        {/* A withdrawn request never started: it has no period to show. */}
        {!subscription.withdrawn && <Detail label="Current Period">{period}</Detail>}
        <Detail label="Next Billing Date">{nextBilling}</Detail>
      </dl>
      <SubscriptionNote subscription={subscription} />
      <div className="flex flex-wrap gap-3">
        <Button asChild>
          <Link href={paths.portal.subscribe()}>Change Plan</Link>
        </Button>
        {canCancel && <CancelSubscription subscription={subscription} />}
      </div>
    </div>
  );
}
