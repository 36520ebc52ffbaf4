import { CheckCircle2, CircleDashed, PauseCircle, XCircle } from 'lucide-react';
import type { ReactNode } from 'react';
import type { ClientSite } from '@shared/schemas/sites';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { QueryState } from '@/components/ui/query-state';
import { useSubscription } from '@/features/subscriptions/public';
import { daysUntil, firstOfNextMonth, formatDate, formatTimeAgo } from '@/lib/dates';
import { cn } from '@/lib/utils';
import { useMySites } from '../api/get-my-sites';
import { ResponseSparkline } from './response-sparkline';
import { daysLeftText, formatUptime, missingCertificate, siteLookOf } from './site-facts';

/** The status now, in the client's words. */
const STATUS_NOW = {
  up: { icon: CheckCircle2, className: 'text-emerald-800', text: 'Your website is up.' },
  down: {
    icon: XCircle,
    className: 'text-destructive',
    text: 'Your website is down. We have been told and are on it.',
  },
  unknown: {
    icon: CircleDashed,
    className: 'text-muted-foreground',
    text: 'Not checked yet: the first check runs in a few minutes.',
  },
  paused: {
    icon: PauseCircle,
    className: 'text-muted-foreground',
    text: 'Checks are paused for now.',
  },
} as const;

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="contents">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="min-w-0 break-words">{children}</dd>
    </div>
  );
}

/** '54 days left, until Jan 30, 2027'; 'Expired 2 days ago, on Dec 5, 2026'. */
function DaysLeft({ at, missing }: { at: string | null; missing: string }) {
  if (!at) return <span className="text-muted-foreground">{missing}</span>;
  const days = daysUntil(at);
  const text = daysLeftText(days);
  return (
    <span className={cn(days < 0 && 'font-medium text-destructive')}>
      {text.charAt(0).toUpperCase() + text.slice(1)}
      <span className="font-normal text-muted-foreground">
        , {days > 0 ? 'until ' : days < 0 ? 'on ' : ''}
        {formatDate(at)}
      </span>
    </span>
  );
}

/**
 * One website: how it is now, its month, its dates and, while a plan is served, the next
 * report's date.
 */
function YourWebsiteCard({ site }: { site: ClientSite }) {
  // Reports come with a plan (as the Reports card says): no next one without.
  const status = useSubscription().data?.status;
  const onPlan = status === 'active' || status === 'past_due';
  const now = STATUS_NOW[siteLookOf(site)];
  const Icon = now.icon;
  const headingId = `your-website-${site.id}`;
  return (
    <Card role="group" aria-labelledby={headingId}>
      <CardHeader>
        <CardTitle id={headingId}>Your website</CardTitle>
        <CardDescription className="break-all">{site.url}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        <div>
          <p className={cn('flex items-start gap-2 font-medium', now.className)}>
            <Icon className="mt-0.5 h-5 w-5 shrink-0" aria-hidden="true" />
            {now.text}
          </p>
          {site.lastCheckedAt && (
            <p className="ml-7 text-sm text-muted-foreground">
              Last checked {formatTimeAgo(site.lastCheckedAt)}.
            </p>
          )}
        </div>
        <dl className="grid grid-cols-[auto_minmax(0,1fr)] items-center gap-x-4 gap-y-2 text-sm">
          <Fact label="Uptime, last 30 days">{formatUptime(site.uptime30d)}</Fact>
          <Fact label="Response time">
            <ResponseSparkline days={site.responseSparkline} />
          </Fact>
          <Fact label="Certificate">
            <DaysLeft at={site.certificateExpiresAt} missing={missingCertificate(site.url)} />
          </Fact>
          <Fact label="Domain">
            <DaysLeft at={site.domainExpiresAt} missing="Not known yet" />
          </Fact>
          {onPlan && <Fact label="Next report">{formatDate(firstOfNextMonth())}</Fact>}
        </dl>
      </CardContent>
    </Card>
  );
}

/**
 * "Your website" on the portal's dashboard, one card per site the agency watches; nothing at
 * all for a client without one.
 */
export function YourWebsiteCards() {
  const sites = useMySites();
  if (sites.isLoading || sites.data?.length === 0) return null;
  if (!sites.data) {
    return (
      <Card>
        <CardHeader>
          <CardTitle>Your website</CardTitle>
        </CardHeader>
        <CardContent>
          <QueryState query={sites} what="website's status" />
        </CardContent>
      </Card>
    );
  }
  return (
    <>
      {sites.data.map((site) => (
        <YourWebsiteCard key={site.id} site={site} />
      ))}
    </>
  );
}
