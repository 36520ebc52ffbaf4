import { Link } from 'wouter';
import { PLANS, type PlanId } from '@shared/plans';
import { formatCents } from '@shared/money';
import { PlanCard } from '@/components/plan-card';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import { usePublicSettings } from '@/features/settings/public';
import { useSubscribe } from '@/features/subscriptions/api/subscribe';
import { useSubscription } from '@/features/subscriptions/api/get-subscription';
import { planName } from '@/features/subscriptions/components/subscription-status';
import { PortalPage } from '@/components/portal-page';

const ALREADY_ACTIVE = 'already have an active subscription';

/** /portal/subscribe: the three plans. */
export function SubscribePage() {
  const subscription = useSubscription();
  const subscribe = useSubscribe();
  const current = subscription.data;
  const { businessEmail } = usePublicSettings();

  const choose = (planId: PlanId) =>
    subscribe.mutate(planId, {
      onSuccess: ({ message }) =>
        toast({
          title: message.includes(ALREADY_ACTIVE) ? 'Already Subscribed' : 'Subscription Requested',
          description: message,
        }),
    });

  return (
    <PortalPage
      back={{ href: '/portal/dashboard', label: 'Back to Dashboard' }}
      title="Choose Your Plan"
    >
      <p className="text-muted-foreground">
        All plans are billed monthly. Cancel anytime. No setup fees.
      </p>
      {current?.status === 'active' && (
        <div
          role="status"
          className="mt-6 flex flex-wrap items-center justify-between gap-3 rounded-lg border border-primary/30 bg-primary/10 p-4"
        >
          <p>
            You have an active <strong>{planName(current)}</strong> subscription.
          </p>
          <Button variant="outline" asChild>
            <Link href="/portal/dashboard">Manage Subscription</Link>
          </Button>
        </div>
      )}
      {current?.status === 'pending' && (
        <p role="status" className="mt-6 rounded-lg border bg-card p-4">
          Your request for the <strong>{planName(current)}</strong> plan is pending: we will send
          your first invoice shortly. Choosing another plan replaces the request.
        </p>
      )}
      <ul className="mt-8 grid gap-6 md:grid-cols-3">
        {PLANS.map((plan) => (
          <PlanCard
            key={plan.id}
            plan={plan}
            heading="h2"
            size="md"
            price={formatCents(plan.priceCents)}
            features={plan.planFeatures}
            action={
              <Button
                variant={plan.popular ? 'default' : 'outline'}
                disabled={subscribe.isPending}
                onClick={() => choose(plan.id)}
              >
                Subscribe <span className="sr-only">to {plan.name}</span>
              </Button>
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
