import { Mail, Phone } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { formatCents } from '@shared/money';
import { formatPlanPrice } from '@shared/plans';
import { AdminPlanName } from '@/features/plans/public';
import { type ClientDetail } from '@shared/schemas/clients';
import { SUBSCRIPTION_EVENT_LABELS } from '@shared/schemas/subscriptions';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Detail } from '@/components/ui/detail';
import { formatDate, formatDateTime } from '@/lib/dates';
import { SubscriptionStatusBadge } from './subscription-status-badge';

/** A plan's name from the catalogue, 'None' without one. */
export const planName = (tier: string | null) => (tier ? <AdminPlanName id={tier} /> : 'None');

/** A card holding the latest rows of one of the client's lists, and a link to all of them. */
export function RecentCard({
  title,
  total,
  shown,
  allHref,
  allLabel,
  empty,
  children,
}: {
  title: string;
  total: number;
  shown: number;
  allHref?: string;
  allLabel?: string;
  empty: string;
  children: ReactNode;
}) {
  return (
    <Card>
      <CardHeader className="flex-row flex-wrap items-baseline justify-between gap-2 space-y-0">
        <CardTitle className="text-lg">{title}</CardTitle>
        {total > 0 && (
          <span className="text-sm text-muted-foreground">
            {total > shown
              ? `Latest ${shown} of ${total.toLocaleString('en-US')}`
              : `${total.toLocaleString('en-US')} in all`}
          </span>
        )}
      </CardHeader>
      <CardContent className="space-y-3">
        {total === 0 ? <p className="text-sm text-muted-foreground">{empty}</p> : children}
        {allHref && total > shown && (
          <Link href={allHref} className="text-sm font-medium text-primary hover:underline">
            {allLabel}
          </Link>
        )}
      </CardContent>
    </Card>
  );
}

/** One row of a recent list: what it is on the left, its state and date on the right. */
export function RecentRow({ main, side }: { main: ReactNode; side: ReactNode }) {
  return (
    <li className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 py-2">
      <div className="min-w-0 break-words">{main}</div>
      <div className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">{side}</div>
    </li>
  );
}

export function ClientProfile({ profile }: { profile: ClientDetail['profile'] }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-lg">Profile</CardTitle>
      </CardHeader>
      <CardContent>
        <dl className="grid gap-4 sm:grid-cols-2">
          <Detail label="Email">
            {profile.email ? (
              <a
                href={`mailto:${profile.email}`}
                className="inline-flex items-center gap-1 break-all text-primary hover:underline"
              >
                <Mail className="h-4 w-4 shrink-0" aria-hidden="true" /> {profile.email}
              </a>
            ) : (
              'No e-mail'
            )}
            {profile.email && !profile.emailVerified && (
              <span className="block text-xs font-normal text-muted-foreground">Not verified</span>
            )}
          </Detail>
          <Detail label="Phone">
            {profile.phoneNumber ? (
              <a
                href={`tel:${profile.phoneNumber}`}
                className="inline-flex items-center gap-1 text-primary hover:underline"
              >
                <Phone className="h-4 w-4 shrink-0" aria-hidden="true" /> {profile.phoneNumber}
              </a>
            ) : (
              'Not given'
            )}
          </Detail>
          <Detail label="Business">{profile.businessName ?? 'Not given'}</Detail>
          <Detail label="Client since">{formatDate(profile.createdAt)}</Detail>
          <Detail label="Saved card">
            {profile.card
              ? `${profile.card.brand} ending ${profile.card.last4} (expires ${profile.card.expMonth}/${profile.card.expYear})`
              : 'None'}
          </Detail>
          {/* Automatic payment charges the saved card: without one it cannot be on. */}
          <Detail label="Automatic payment">
            {profile.card && profile.autoPay ? 'On' : 'Off'}
          </Detail>
        </dl>
      </CardContent>
    </Card>
  );
}

export function ClientSubscriptionCard({ detail }: { detail: ClientDetail }) {
  const { subscription, history } = detail;
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-lg">Subscription</CardTitle>
      </CardHeader>
      <CardContent className="space-y-4">
        {subscription ? (
          <dl className="grid gap-4 sm:grid-cols-2">
            <Detail label="Plan">{planName(subscription.tier)}</Detail>
            <Detail label="Status">
              {subscription.withdrawn ? (
                'Request withdrawn'
              ) : (
                <SubscriptionStatusBadge status={subscription.status} />
              )}
            </Detail>
            {subscription.currentPeriodStart && subscription.currentPeriodEnd && (
              <Detail label="Current period">
                {formatDate(subscription.currentPeriodStart)} –{' '}
                {formatDate(subscription.currentPeriodEnd)}
              </Detail>
            )}
            {subscription.cancelAtPeriodEnd && subscription.currentPeriodEnd && (
              <Detail label="Ends">{formatDate(subscription.currentPeriodEnd)}</Detail>
            )}
            {subscription.pendingTier && (
              <Detail label="Changing to">
                {planName(subscription.pendingTier)}
                {subscription.pendingTierFrom && ` on ${formatDate(subscription.pendingTierFrom)}`}
              </Detail>
            )}
          </dl>
        ) : (
          <p className="text-sm text-muted-foreground">No plan yet.</p>
        )}
        {history.total > 0 && (
          <div>
            <h3 className="mb-1 text-sm font-medium">History</h3>
            <ol className="divide-y text-sm" aria-label="Subscription history">
              {history.items.map((event) => (
                <RecentRow
                  key={event.id}
                  main={
                    <>
                      {SUBSCRIPTION_EVENT_LABELS[event.kind]} · {planName(event.tier)} (
                      {formatPlanPrice(event.monthlyPriceCents)})
                    </>
                  }
                  side={formatDateTime(event.occurredAt)}
                />
              ))}
            </ol>
          </div>
        )}
      </CardContent>
    </Card>
  );
}

export function ClientMoney({ money }: { money: ClientDetail['money'] }) {
  return (
    <dl className="grid gap-4 sm:grid-cols-3">
      {(
        [
          ['Balance due', money.balance],
          ['Overdue', money.overdue],
          ['Paid so far', money.paid],
        ] as const
      ).map(([label, cents]) => (
        // A card that is the dt/dd group itself: a dl holds only dt, dd and div groups of them.
        <Card key={label} className="p-6">
          <dt className="text-sm text-muted-foreground">{label}</dt>
          <dd
            className={
              label === 'Overdue' && cents > 0
                ? 'text-2xl font-bold text-destructive'
                : 'text-2xl font-bold'
            }
          >
            {formatCents(cents)}
          </dd>
        </Card>
      ))}
    </dl>
  );
}
