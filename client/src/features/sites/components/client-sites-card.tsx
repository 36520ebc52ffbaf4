import { AlertTriangle, Pause, Play, RefreshCw, Trash2 } from 'lucide-react';
import { useRef, useState, type ReactNode, type RefObject } from 'react';
import { Link } from 'wouter';
import { MAX_SITES_PER_CLIENT, type AdminSite } from '@shared/schemas/sites';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { DialogActions } from '@/components/ui/confirm-dialog';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog';
import { QueryState } from '@/components/ui/query-state';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/use-toast';
import { formatDateTime, formatTimeAgo } from '@/lib/dates';
import { paths } from '@/lib/paths';
import { cn } from '@/lib/utils';
import { useCheckSite } from '../api/check-site';
import { useClientSites } from '../api/get-client-sites';
import { useDeleteSite } from '../api/delete-site';
import { useUpdateSite } from '../api/update-site';
import { DomainExpiryDialog } from './domain-expiry-dialog';
import { AddSiteDialog, EditSiteDialog } from './site-form-dialog';
import { SiteHistoryDialog } from './site-history-dialog';
import {
  ExpiryFact,
  formatResponse,
  formatUptime,
  missingCertificate,
  siteWarnings,
  SiteStatusBadge,
} from './site-facts';

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="contents">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="min-w-0 break-words">{children}</dd>
    </div>
  );
}

/** "Remove" and its confirmation; the focus goes back to the section's title after. */
function RemoveSiteDialog({
  site,
  afterRemoval,
}: {
  site: AdminSite;
  afterRemoval: RefObject<HTMLHeadingElement | null>;
}) {
  const [open, setOpen] = useState(false);
  const remove = useDeleteSite();
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="outline" size="sm" className="text-destructive">
          <Trash2 className="h-4 w-4" aria-hidden="true" /> Remove
        </Button>
      </DialogTrigger>
      <DialogContent
        onCloseAutoFocus={(event) => {
          if (!remove.isSuccess) return;
          event.preventDefault();
          afterRemoval.current?.focus();
        }}
      >
        <DialogHeader>
          <DialogTitle>Remove this website?</DialogTitle>
          <DialogDescription>
            <span className="break-all">{site.url}</span> is no longer checked, and its checks and
            incidents are deleted. The client&apos;s dashboard stops showing it.
          </DialogDescription>
        </DialogHeader>
        <DialogActions
          label="Remove website"
          pendingLabel="Removing..."
          variant="destructive"
          pending={remove.isPending}
          onClick={() =>
            remove.mutate(site.id, {
              onSuccess: () => {
                toast({ title: 'Website Removed', description: site.url });
                setOpen(false);
              },
            })
          }
        />
      </DialogContent>
    </Dialog>
  );
}

/** One site: its status and facts, what needs attention, and what the admin can do. */
function SiteItem({
  site,
  titleRef,
}: {
  site: AdminSite;
  titleRef: RefObject<HTMLHeadingElement | null>;
}) {
  const check = useCheckSite();
  const pause = useUpdateSite(
    site.paused ? 'The checks could not be resumed' : 'The checks could not be paused',
  );
  const warnings = siteWarnings(site);
  const headingId = `site-${site.id}`;
  const failing = !site.paused && site.status !== 'down' && site.consecutiveFailures > 0;

  return (
    <li>
      <article aria-labelledby={headingId} className="space-y-3 rounded-lg border p-4">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <h3 id={headingId} className="min-w-0 break-all font-semibold">
            {site.url}
          </h3>
          <SiteStatusBadge site={site} />
        </div>

        {site.openIncident && (
          <p className="rounded-md border border-destructive/40 bg-destructive/5 p-3 text-sm">
            Down since {formatDateTime(site.openIncident.startedAt)}: {site.openIncident.reason}
            {site.openIncident.ticketId && (
              <>
                {' · '}
                <Link
                  href={paths.admin.ticket(site.openIncident.ticketId)}
                  className="text-primary underline underline-offset-2 hover:decoration-2"
                >
                  Its ticket
                </Link>
              </>
            )}
          </p>
        )}
        {(warnings.length > 0 || failing) && (
          <ul className="space-y-1 text-sm" aria-label="Needs attention">
            {failing && (
              <li className="flex gap-2 text-amber-800">
                <AlertTriangle className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
                <span>
                  The last {site.consecutiveFailures === 1 ? 'check' : 'checks'} failed
                  {site.lastError ? `: ${site.lastError}` : '.'} It is marked down after more
                  failures in a row.
                </span>
              </li>
            )}
            {warnings.map((warning) => (
              <li
                key={warning.text}
                className={cn(
                  'flex gap-2',
                  warning.level === 'expired' ? 'text-destructive' : 'text-amber-800',
                )}
              >
                <AlertTriangle className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
                <span className="min-w-0 break-words">{warning.text}</span>
              </li>
            ))}
          </ul>
        )}

        <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1 text-sm">
          <Fact label="Last check">
            {site.lastCheckedAt ? formatTimeAgo(site.lastCheckedAt) : 'Not yet'}
          </Fact>
          <Fact label="Response">
            {site.responseMs === null ? 'None yet' : formatResponse(site.responseMs)}
          </Fact>
          <Fact label="Uptime (30 days)">{formatUptime(site.uptime30d)}</Fact>
          <Fact label="Certificate">
            <ExpiryFact
              what="certificate"
              at={site.certificateExpiresAt}
              warningDays={site.certificateWarningDays}
              missing={missingCertificate(site.url)}
            />
          </Fact>
          <Fact label="Domain">
            <ExpiryFact
              what="domain"
              at={site.domainExpiresAt}
              missing="Not known: the registry may have no RDAP"
              note={site.domainExpirySource === 'manual' ? '(set by hand)' : undefined}
            />
          </Fact>
          <Fact label="Keyword">
            {site.keyword ? (
              <span className="break-words">“{site.keyword}”</span>
            ) : (
              <span className="text-muted-foreground">None</span>
            )}
          </Fact>
        </dl>

        {/* Every site has the same buttons: the group names the site they act on. */}
        <div className="flex flex-wrap gap-2" role="group" aria-label={`Actions for ${site.url}`}>
          <Button
            variant="outline"
            size="sm"
            // A paused site is not checked (the server refuses): resume it first.
            disabled={check.isPending || site.paused}
            onClick={() =>
              check.mutate(site.id, {
                onSuccess: (checked) =>
                  toast({
                    title: checked.lastError ? 'Check Failed' : 'Check Passed',
                    description:
                      checked.lastError ??
                      (checked.responseMs === null
                        ? checked.url
                        : `Answered in ${formatResponse(checked.responseMs)}.`),
                  }),
              })
            }
          >
            <RefreshCw
              className={cn('h-4 w-4', check.isPending && 'animate-spin')}
              aria-hidden="true"
            />
            {check.isPending ? 'Checking...' : 'Check now'}
          </Button>
          <SiteHistoryDialog site={site} />
          <EditSiteDialog site={site} />
          <Button
            variant="outline"
            size="sm"
            disabled={pause.isPending}
            onClick={() =>
              pause.mutate(
                { id: site.id, body: { paused: !site.paused } },
                {
                  onSuccess: (saved) =>
                    toast({ title: saved.paused ? 'Checks Paused' : 'Checks Resumed' }),
                },
              )
            }
          >
            {site.paused ? (
              <Play className="h-4 w-4" aria-hidden="true" />
            ) : (
              <Pause className="h-4 w-4" aria-hidden="true" />
            )}
            {site.paused ? 'Resume checks' : 'Pause checks'}
          </Button>
          <DomainExpiryDialog site={site} />
          <RemoveSiteDialog site={site} afterRemoval={titleRef} />
        </div>
      </article>
    </li>
  );
}

/**
 * "Websites" on the client's page: every site watched for them, newest first, with what
 * needs attention in words; add, edit, pause, check, date the domain and remove.
 */
export function ClientSitesCard({ clientId }: { clientId: string }) {
  const sites = useClientSites(clientId);
  const titleRef = useRef<HTMLHeadingElement>(null);
  const full = (sites.data?.length ?? 0) >= MAX_SITES_PER_CLIENT;
  return (
    <Card role="group" aria-labelledby="websites-title">
      <CardHeader>
        <div className="flex flex-wrap items-center justify-between gap-3">
          {/* Where the focus lands once a site is removed (its buttons are gone). */}
          <h2
            id="websites-title"
            ref={titleRef}
            tabIndex={-1}
            className="text-xl font-semibold leading-tight outline-none"
          >
            Websites
          </h2>
          <AddSiteDialog clientId={clientId} disabled={!sites.data || full} />
        </div>
        <CardDescription>
          {full
            ? `A client can have at most ${MAX_SITES_PER_CLIENT} websites.`
            : 'Checked every few minutes; the client sees them on their dashboard.'}
        </CardDescription>
      </CardHeader>
      <CardContent>
        <QueryState query={sites} what="websites" loading={<Skeleton className="h-32 w-full" />}>
          {(list) =>
            list.length === 0 ? (
              <p className="text-sm text-muted-foreground">
                No websites yet. Add the client&apos;s website to watch it.
              </p>
            ) : (
              <ul className="space-y-3" aria-label="Websites">
                {list.map((site) => (
                  <SiteItem key={site.id} site={site} titleRef={titleRef} />
                ))}
              </ul>
            )
          }
        </QueryState>
      </CardContent>
    </Card>
  );
}
