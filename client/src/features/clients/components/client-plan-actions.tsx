import { useState, type FormEvent } from 'react';
import type { PlanId } from '@shared/plans';
import { useAdminPlanLookup } from '@/features/plans/public';
import { formatCents } from '@shared/money';
import type { ClientDetail } from '@shared/schemas/clients';
import type { PlanChangeStart } from '@shared/schemas/subscriptions';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { SelectField } from '@/components/ui/form-field';
import { toast } from '@/components/ui/use-toast';
import { formatDate } from '@/lib/dates';
import { useChangeClientSubscription, useGiveFreeMonths } from '../api/client-plan-actions';

type Subscription = NonNullable<ClientDetail['subscription']>;

/** Which confirmation is open: each action that cannot simply be undone asks first. */
type Asking = 'cancel' | 'end' | 'free' | null;

function ChangePlanForm({
  clientId,
  subscription,
}: {
  clientId: string;
  subscription: Subscription;
}) {
  const plans = useAdminPlanLookup();
  // Only an offered plan takes a client (the server refuses a retired one).
  const offered = plans.plans.filter((plan) => plan.status === 'active');
  const others = offered.filter((plan) => plan.id !== subscription.tier);
  const [planType, setPlanType] = useState<PlanId>(
    subscription.pendingTier ?? others[0]?.id ?? subscription.tier,
  );
  const [starts, setStarts] = useState<PlanChangeStart>('next_period');
  const change = useChangeClientSubscription(clientId);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    change.mutate(
      { planType, starts },
      { onSuccess: ({ message }) => toast({ title: 'Plan Changed', description: message }) },
    );
  };

  return (
    <form onSubmit={submit} className="space-y-3" aria-label="Change plan">
      <SelectField
        label="New plan"
        value={planType}
        onChange={(event) => setPlanType(event.target.value as PlanId)}
      >
        {offered.map((plan) => (
          <option key={plan.id} value={plan.id}>
            {plan.name} ({formatCents(plan.monthlyPrice)}/month)
            {plan.id === subscription.tier ? ' (current)' : ''}
          </option>
        ))}
      </SelectField>
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium">Starts</legend>
        <label className="flex items-start gap-2 text-sm">
          <input
            type="radio"
            name="starts"
            className="mt-1"
            checked={starts === 'next_period'}
            onChange={() => setStarts('next_period')}
          />
          <span>
            With the next period
            {subscription.currentPeriodEnd && ` (${formatDate(subscription.currentPeriodEnd)})`}, as
            the client can
          </span>
        </label>
        <label className="flex items-start gap-2 text-sm">
          <input
            type="radio"
            name="starts"
            className="mt-1"
            checked={starts === 'now'}
            onChange={() => setStarts('now')}
          />
          <span>Now (nothing is charged or refunded for this period)</span>
        </label>
      </fieldset>
      <Button type="submit" variant="outline" disabled={change.isPending}>
        {change.isPending ? 'Changing...' : 'Change plan'}
      </Button>
    </form>
  );
}

/**
 * The client page's plan actions: change the plan, cancel at the period end or take it back,
 * end it now, and give a month free. Each answers with what happened, in a toast.
 */
export function ClientPlanActions({
  clientId,
  subscription,
}: {
  clientId: string;
  subscription: ClientDetail['subscription'];
}) {
  const plans = useAdminPlanLookup();
  const [asking, setAsking] = useState<Asking>(null);
  const change = useChangeClientSubscription(clientId);
  const free = useGiveFreeMonths(clientId);
  if (!subscription) return null;
  const running = subscription.status === 'active' || subscription.status === 'past_due';
  if (!running) return null;

  const done = (title: string) => ({
    onSuccess: ({ message }: { message: string }) => {
      toast({ title, description: message });
      setAsking(null);
    },
  });
  const ends = subscription.currentPeriodEnd
    ? formatDate(subscription.currentPeriodEnd)
    : 'the end of the current period';
  const plan = plans.name(subscription.tier);

  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-lg">Manage plan</CardTitle>
      </CardHeader>
      <CardContent className="space-y-5">
        {subscription.cancelAtPeriodEnd ? (
          <div className="space-y-3 rounded-md border border-amber-300 bg-amber-50 p-3">
            <p className="text-sm font-medium text-amber-900">
              The {plan} plan ends on {ends}.
            </p>
            <Button
              variant="outline"
              disabled={change.isPending}
              onClick={() =>
                change.mutate({ cancelAtPeriodEnd: false }, done('Cancellation Taken Back'))
              }
            >
              Take cancellation back
            </Button>
          </div>
        ) : (
          subscription.status === 'active' && (
            <ChangePlanForm clientId={clientId} subscription={subscription} />
          )
        )}

        {!subscription.cancelAtPeriodEnd && (
          <div className="space-y-2 border-t pt-4">
            <p className="text-sm text-muted-foreground">
              {subscription.freeMonths > 0
                ? `${subscription.freeMonths === 1 ? '1 free month' : `${subscription.freeMonths} free months`} to be credited on the next renewal invoice${subscription.freeMonths === 1 ? '' : 's'}.`
                : 'A free month is credited on the next renewal invoice.'}
            </p>
            <Button variant="outline" onClick={() => setAsking('free')}>
              Give a month free
            </Button>
          </div>
        )}

        <div className="flex flex-wrap gap-3 border-t pt-4">
          {!subscription.cancelAtPeriodEnd && (
            <Button variant="outline" onClick={() => setAsking('cancel')}>
              Cancel at period end
            </Button>
          )}
          <Button variant="destructive" onClick={() => setAsking('end')}>
            End plan now
          </Button>
        </div>
      </CardContent>

      <ConfirmDialog
        open={asking === 'free'}
        onOpenChange={(open) => setAsking(open ? 'free' : null)}
        title="Give a month free?"
        description={`The next renewal invoice credits a month of the ${plan} plan (${formatCents(subscription.monthlyPrice ?? plans.find(subscription.tier)?.monthlyPrice ?? 0)}): nothing to pay for it. The client is e-mailed.`}
        cancelLabel="Back"
        confirmLabel="Give a month free"
        pendingLabel="Giving..."
        pending={free.isPending}
        onConfirm={() => free.mutate({ months: 1 }, done('Month Free Given'))}
      />
      <ConfirmDialog
        open={asking === 'cancel'}
        onOpenChange={(open) => setAsking(open ? 'cancel' : null)}
        title="Cancel at the period end?"
        description={`The ${plan} plan stays active until ${ends}, then ends; no renewal is billed. The client is e-mailed, and the cancellation can be taken back until then.`}
        cancelLabel="Back"
        confirmLabel="Cancel at period end"
        pendingLabel="Canceling..."
        pending={change.isPending}
        onConfirm={() => change.mutate({ cancelAtPeriodEnd: true }, done('Cancellation Recorded'))}
      />
      <ConfirmDialog
        open={asking === 'end'}
        onOpenChange={(open) => setAsking(open ? 'end' : null)}
        title="End the plan now?"
        description={`The ${plan} plan ends today, not on ${ends}. Nothing is refunded, and unpaid renewal invoices are removed. The client is e-mailed. This cannot be taken back: the client would request a plan again.`}
        cancelLabel="Back"
        confirmLabel="End plan now"
        pendingLabel="Ending..."
        pending={change.isPending}
        onConfirm={() => change.mutate({ endNow: true }, done('Plan Ended'))}
      />
    </Card>
  );
}
