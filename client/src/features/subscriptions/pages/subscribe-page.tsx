import { Link } from 'wouter';
import type { PlanId } from '@shared/plans';
import type { PublicPlan } from '@shared/schemas/plans';
import { usePlanLookup } from '@/features/plans/public';
import type { Subscription } from '@shared/schemas/subscriptions';
import { PlanCard } from '@/components/plan-card';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import { usePublicSettings } from '@/features/settings/public';
import { useChangePlan } from '@/features/subscriptions/api/change-plan';
import { useSubscribe } from '@/features/subscriptions/api/subscribe';
import { useSubscription } from '@/features/subscriptions/api/get-subscription';
import { usePlanName } from '@/features/subscriptions/components/subscription-status';
import { PortalPage } from '@/components/portal-page';
import { formatDate } from '@/lib/dates';
import { paths } from '@/lib/paths';

const ALREADY_ACTIVE = 'already have an active subscription';

/** A plan that runs (active or past due): its cards change plans instead of subscribing. */
const isRunning = (subscription: Subscription | null | undefined): subscription is Subscription =>
  subscription?.status === 'active' || subscription?.status === 'past_due';

/**
 * Why a running plan cannot change now, or null: only an active plan in good standing (not
 * ending, its period not over unpaid) changes, from its next period.
 */
function changeBlockedBecause(subscription: Subscription): string | null {
  if (subscription.cancelAtPeriodEnd) {
    return 'Your plan is set to end, so it cannot be changed.';
  }
  const periodOver =
    !subscription.currentPeriodEnd || new Date(subscription.currentPeriodEnd) <= new Date();
  if (subscription.status === 'past_due' || periodOver) {
    return 'Your renewal invoice is unpaid: please pay it before changing your plan.';
  }
  return null;
}

function RunningPlanBanner({ subscription }: { subscription: Subscription }) {
  const plans = usePlanLookup();
  const planName = usePlanName();
  const blocked = changeBlockedBecause(subscription);
  const nextPeriod = subscription.currentPeriodEnd && formatDate(subscription.currentPeriodEnd);
  return (
    <div
      role="status"
      className="mt-6 flex flex-wrap items-center justify-between gap-3 rounded-lg border border-primary/30 bg-primary/10 p-4"
    >
      <p>
        You have an active <strong>{planName(subscription)}</strong> subscription.{' '}
        {blocked ??
          (subscription.pendingTier && subscription.pendingTierFrom
            ? `It changes to ${plans.name(subscription.pendingTier)} on ${formatDate(subscription.pendingTierFrom)}.`
            : `Choose another plan to switch from your next billing period${nextPeriod ? ` (${nextPeriod})` : ''}.`)}
      </p>
      <Button variant="outline" asChild>
        <Link href={paths.portal.dashboard()}>Manage Subscription</Link>
      </Button>
    </div>
  );
}

/** The card's button (and marks) for a running subscription: switch, keep, or where it is. */
function ChangeAction({
  plan,
  subscription,
  busy,
  onChoose,
}: {
  plan: PublicPlan;
  subscription: Subscription;
  busy: boolean;
  onChoose: (planId: PlanId) => void;
}) {
  const current = plan.id === subscription.tier;
  const pending = plan.id === subscription.pendingTier;
  const blocked = changeBlockedBecause(subscription) !== null;
  const mark = current ? (
    <Badge className="mb-3 self-start">Current plan</Badge>
  ) : pending && subscription.pendingTierFrom ? (
    <Badge variant="warning" className="mb-3 self-start">
      From {formatDate(subscription.pendingTierFrom)}
    </Badge>
  ) : null;
  let button;
  if (current && subscription.pendingTier) {
    // Choosing the current plan again withdraws the change.
    button = (
      <Button variant="outline" disabled={busy} onClick={() => onChoose(plan.id)}>
        Keep {plan.name}
      </Button>
    );
  } else if (current || pending) {
    button = (
      <Button variant="outline" disabled>
        {current ? 'Current plan' : 'Change requested'}
      </Button>
    );
  } else {
    button = (
      <Button
        variant={plan.popular ? 'default' : 'outline'}
        disabled={busy || blocked}
        onClick={() => onChoose(plan.id)}
      >
        Switch to {plan.name}
      </Button>
    );
  }
  return (
    <>
      {mark}
      {button}
    </>
  );
}

/** /portal/subscribe: the three plans; for a running plan, the way to change it. */
export function SubscribePage() {
  const plans = usePlanLookup();
  const planName = usePlanName();
  const subscription = useSubscription();
  const subscribe = useSubscribe();
  const changePlan = useChangePlan();
  const current = subscription.data;
  const { businessEmail } = usePublicSettings();
  /** The plan asked for and awaiting its first invoice. */
  const requested = current?.status === 'pending' ? current.tier : null;
  const running = isRunning(current);
  /** The plan the client has: running, or asked for. */
  const chosen = (planId: PlanId) => (running ? current.tier : requested) === planId;

  const choose = (planId: PlanId) =>
    subscribe.mutate(planId, {
      onSuccess: ({ message }) =>
        toast({
          title: message.includes(ALREADY_ACTIVE) ? 'Already Subscribed' : 'Subscription Requested',
          description: message,
        }),
    });

  const change = (planId: PlanId) =>
    changePlan.mutate(planId, {
      onSuccess: ({ message, subscription: changed }) =>
        toast({
          title: changed?.pendingTier ? 'Plan Change Requested' : 'Plan Change Withdrawn',
          description: message,
        }),
    });

  return (
    <PortalPage
      back={{ href: paths.portal.dashboard(), label: 'Back to Dashboard' }}
      title="Choose Your Plan"
    >
      <p className="text-muted-foreground">
        All plans are billed monthly. Cancel anytime. No setup fees.
      </p>
      {running && <RunningPlanBanner subscription={current} />}
      {current?.status === 'pending' && (
        <p role="status" className="mt-6 rounded-lg border bg-card p-4">
          Your request for the <strong>{planName(current)}</strong> plan is pending: we will send
          your first invoice shortly. Choosing another plan replaces the request.
        </p>
      )}
      <ul className="mt-8 grid gap-6 md:grid-cols-3">
        {plans.plans.map((plan) => (
          <PlanCard
            key={plan.id}
            plan={plan}
            heading="h2"
            size="md"
            aria-current={chosen(plan.id) ? 'true' : undefined}
            className={chosen(plan.id) ? 'ring-2 ring-primary/40' : undefined}
            action={
              running ? (
                <ChangeAction
                  plan={plan}
                  subscription={current}
                  busy={changePlan.isPending}
                  onChoose={change}
                />
              ) : plan.id === requested ? (
                // The plan already asked for says so instead of offering "Subscribe" again.
                <>
                  <Badge variant="warning" className="mb-3 self-start">
                    Requested
                  </Badge>
                  <Button variant="outline" disabled>
                    Current plan
                  </Button>
                </>
              ) : (
                <Button
                  variant={plan.popular ? 'default' : 'outline'}
                  disabled={subscribe.isPending}
                  onClick={() => choose(plan.id)}
                >
                  Subscribe <span className="sr-only">to {plan.name}</span>
                </Button>
              )
            }
          />
        ))}
      </ul>
      <p className="mt-8 text-center text-sm text-muted-foreground">
        Not sure which plan fits?{' '}
        <a href={`mailto:${businessEmail}`} className="font-medium text-primary hover:underline">
          Contact us
        </a>{' '}
        at {businessEmail} for a free consultation.
      </p>
    </PortalPage>
  );
}
