import { CheckCircle2, Globe } from 'lucide-react';
import { Link } from 'wouter';
import type { SiteCareSummary } from '@shared/schemas/sites';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { QueryState } from '@/components/ui/query-state';
import { Skeleton } from '@/components/ui/skeleton';
import { daysUntil, formatDate, formatDateTime, formatTimeAgo } from '@/lib/dates';
import { paths } from '@/lib/paths';
import { useSiteCareSummary } from '../api/get-site-care-summary';
import { daysLeftText } from './site-facts';

const WHAT = { certificate: 'Certificate', domain: 'Domain' } as const;

/** The list holds the first ones only: how many more there are. */
function More({ shown, count }: { shown: number; count: number }) {
  if (count <= shown) return null;
  return <p className="text-sm text-muted-foreground">And {count - shown} more.</p>;
}

function Summary({ summary }: { summary: SiteCareSummary }) {
  if (summary.sites === 0) {
    return (
      <p className="text-sm text-muted-foreground">
        No websites watched yet. Add a client&apos;s website from their page.
      </p>
    );
  }
  return (
    <div className="space-y-4">
      {summary.down.length === 0 ? (
        <p className="flex items-center gap-2 font-medium text-emerald-800">
          <CheckCircle2 className="h-5 w-5" aria-hidden="true" /> All sites are up
        </p>
      ) : (
        <section aria-labelledby="site-care-down" className="space-y-2">
          <h3 id="site-care-down" className="font-semibold text-destructive">
            {summary.downCount} {summary.downCount === 1 ? 'site' : 'sites'} down
          </h3>
          <ul className="space-y-2 text-sm">
            {summary.down.map((site) => (
              <li key={site.id} className="min-w-0">
                <span className="break-all font-medium">{site.url}</span>{' '}
                <span className="text-muted-foreground">({site.clientName})</span>
                <span className="block text-muted-foreground">
                  Down since {formatDateTime(site.since)}, {formatTimeAgo(site.since)}
                </span>
              </li>
            ))}
          </ul>
          <More shown={summary.down.length} count={summary.downCount} />
        </section>
      )}
      {summary.expiring.length === 0 ? (
        <p className="text-sm text-muted-foreground">No certificate or domain about to lapse.</p>
      ) : (
        <section aria-labelledby="site-care-expiring" className="space-y-2">
          <h3 id="site-care-expiring" className="font-semibold text-amber-800">
            About to lapse
          </h3>
          <ul className="space-y-2 text-sm">
            {summary.expiring.map((item) => (
              <li key={`${item.id}-${item.what}`} className="min-w-0">
                {WHAT[item.what]} of <span className="break-all font-medium">{item.url}</span>{' '}
                <span className="text-muted-foreground">({item.clientName})</span>
                <span className="block text-muted-foreground">
                  {formatDate(item.expiresAt)} · {daysLeftText(daysUntil(item.expiresAt))}
                </span>
              </li>
            ))}
          </ul>
          <More shown={summary.expiring.length} count={summary.expiringCount} />
        </section>
      )}
    </div>
  );
}

/**
 * The admin dashboard's "Site care": the websites down and since when, the certificates and
 * domains about to lapse; all is well said in so many words.
 */
export function SiteCareCard() {
  const summary = useSiteCareSummary();
  const sites = summary.data?.sites;
  return (
    <Card role="group" aria-labelledby="site-care-title">
      <CardHeader>
        <div className="flex items-center justify-between gap-3">
          <CardTitle id="site-care-title">Site care</CardTitle>
          <Globe className="h-5 w-5 text-primary" aria-hidden="true" />
        </div>
        <CardDescription>
          {sites === undefined
            ? "The clients' websites."
            : `${sites} ${sites === 1 ? 'website' : 'websites'} watched.`}
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        <QueryState
          query={summary}
          what="websites' status"
          loading={<Skeleton className="h-20 w-full" />}
        >
          {(data) => <Summary summary={data} />}
        </QueryState>
        <Link
          href={paths.admin.sites()}
          className="inline-block text-sm font-medium text-primary hover:underline"
        >
          See every website
        </Link>
      </CardContent>
    </Card>
  );
}
