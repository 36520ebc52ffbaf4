import { Check, Star } from 'lucide-react';
import { Link } from 'wouter';
import { PLANS, type PlanId } from '@shared/plans';
import { formatCents } from '@shared/money';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import { cn } from '@/lib/utils';
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
          <li
            key={plan.id}
            className={cn(
              'relative flex flex-col rounded-lg bg-card p-6',
              plan.popular ? 'border-2 border-primary shadow-lg' : 'border shadow-sm',
            )}
          >
            {plan.popular && (
              <p className="absolute -top-3 left-1/2 flex -translate-x-1/2 items-center gap-1 rounded-full bg-primary px-3 py-1 text-xs font-semibold text-primary-foreground">
                <Star className="h-3 w-3" aria-hidden="true" /> Most Popular
              </p>
            )}
            <h2 className="text-xl font-semibold">{plan.name}</h2>
            <p className="mt-2 text-sm text-muted-foreground">{plan.description}</p>
            <p className="mt-4">
              <span className="text-3xl font-bold">{formatCents(plan.priceCents)}</span>
              <span className="text-muted-foreground">/month</span>
            </p>
            <ul className="mt-4 flex-1 space-y-2">
              {plan.planFeatures.map((feature) => (
                <li key={feature} className="flex items-start gap-2 text-sm">
                  <Check className="mt-0.5 h-4 w-4 shrink-0 text-primary" aria-hidden="true" />
                  {feature}
                </li>
              ))}
            </ul>
            <Button
              className="mt-6"
              variant={plan.popular ? 'default' : 'outline'}
              disabled={subscribe.isPending}
              onClick={() => choose(plan.id)}
            >
              Subscribe <span className="sr-only">to {plan.name}</span>
            </Button>
          </li>
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
