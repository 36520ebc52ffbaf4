import { History } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'wouter';
import type { AdminSite, SiteCheck, SiteIncident } from '@shared/schemas/sites';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog';
import { PagedList } from '@/components/ui/paged-list';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { formatDateTime } from '@/lib/dates';
import { paths } from '@/lib/paths';
import { useSiteChecks, useSiteIncidents } from '../api/get-site-history';
import { checkFacts, formatDuration } from './site-facts';

function CheckItem({ check }: { check: SiteCheck }) {
  const facts = checkFacts(check);
  return (
    <li className="space-y-1 py-2 text-sm">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span>{formatDateTime(check.checkedAt)}</span>
        <Badge variant={check.ok ? 'success' : 'destructive'}>{check.ok ? 'OK' : 'Failed'}</Badge>
      </div>
      {facts && <p className="break-words text-muted-foreground">{facts}</p>}
    </li>
  );
}

function IncidentItem({ incident }: { incident: SiteIncident }) {
  return (
    <li className="space-y-1 py-2 text-sm">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span>
          {incident.endedAt
            ? `${formatDateTime(incident.startedAt)} to ${formatDateTime(incident.endedAt)}`
            : `Since ${formatDateTime(incident.startedAt)}`}
        </span>
        {incident.endedAt ? (
          <Badge variant="secondary">
            Down {formatDuration(incident.startedAt, incident.endedAt)}
          </Badge>
        ) : (
          <Badge variant="destructive">Still down</Badge>
        )}
      </div>
      <p className="break-words text-muted-foreground">
        {incident.reason}
        {incident.ticketId && (
          <>
            {' · '}
            <Link
              href={paths.admin.ticket(incident.ticketId)}
              className="text-primary underline underline-offset-2 hover:decoration-2"
            >
              Its ticket
            </Link>
          </>
        )}
      </p>
    </li>
  );
}

function Checks({ siteId }: { siteId: string }) {
  const [page, setPage] = useState(1);
  const checks = useSiteChecks(siteId, page);
  return (
    <PagedList
      query={checks}
      what="Checks"
      filtered={false}
      empty="No checks yet."
      onPage={setPage}
    >
      {(items) => (
        <ul className="divide-y" aria-label="Checks">
          {items.map((check) => (
            <CheckItem key={check.checkedAt} check={check} />
          ))}
        </ul>
      )}
    </PagedList>
  );
}

function Incidents({ siteId }: { siteId: string }) {
  const [page, setPage] = useState(1);
  const incidents = useSiteIncidents(siteId, page);
  return (
    <PagedList
      query={incidents}
      what="Incidents"
      filtered={false}
      empty="No incidents: it has not been down."
      onPage={setPage}
    >
      {(items) => (
        <ul className="divide-y" aria-label="Incidents">
          {items.map((incident) => (
            <IncidentItem key={incident.id} incident={incident} />
          ))}
        </ul>
      )}
    </PagedList>
  );
}

/** A site's recent checks and its incidents, the latest first, a page at a time. */
export function SiteHistoryDialog({ site }: { site: AdminSite }) {
  return (
    <Dialog>
      <DialogTrigger asChild>
        <Button variant="outline" size="sm">
          <History className="h-4 w-4" aria-hidden="true" /> Checks and incidents
        </Button>
      </DialogTrigger>
      <DialogContent className="sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>Checks and incidents</DialogTitle>
          <DialogDescription className="break-all">{site.url}</DialogDescription>
        </DialogHeader>
        <Tabs defaultValue="checks">
          <TabsList>
            <TabsTrigger value="checks">Checks</TabsTrigger>
            <TabsTrigger value="incidents">Incidents</TabsTrigger>
          </TabsList>
          <TabsContent value="checks" className="mt-4">
            <Checks siteId={site.id} />
          </TabsContent>
          <TabsContent value="incidents" className="mt-4">
            <Incidents siteId={site.id} />
          </TabsContent>
        </Tabs>
      </DialogContent>
    </Dialog>
  );
}
