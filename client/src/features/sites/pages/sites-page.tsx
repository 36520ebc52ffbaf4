import { Link } from 'wouter';
import {
  SITE_LIST_FILTERS,
  SLOW_RESPONSE_MS,
  type SiteListFilter,
  type SiteListItem,
} from '@shared/schemas/sites';
import { Card, CardContent } from '@/components/ui/card';
import { DataTable, dataColumns } from '@/components/ui/data-table';
import { ListFilter, ListToolbar, PagedList } from '@/components/ui/paged-list';
import { formatDateTime, formatTimeAgo } from '@/lib/dates';
import { useListParams } from '@/lib/list-params';
import { paths } from '@/lib/paths';
import { SITE_LIST_PARAMS, useSites } from '../api/get-sites';
import {
  ExpiryFact,
  formatResponse,
  formatUptime,
  missingCertificate,
  SiteStatusBadge,
} from '../components/site-facts';

const FILTER_LABELS: Record<SiteListFilter, string> = {
  down: 'Down',
  expiring: 'Certificate or domain lapsing',
  slow: `Slow (over ${SLOW_RESPONSE_MS / 1000} s)`,
  paused: 'Paused',
};

/** What an empty filtered list says. */
const NO_MATCH: Record<SiteListFilter, string> = {
  down: 'No website is down.',
  expiring: 'No certificate or domain is about to lapse.',
  slow: 'No website is slow.',
  paused: 'No website is paused.',
};

const column = dataColumns<SiteListItem>();
const columns = column.columns([
  column.display({
    id: 'site',
    header: 'Website',
    meta: { className: 'min-w-[14rem]' },
    cell: ({ row: { original: site } }) => (
      <>
        <Link
          href={paths.admin.client(site.clientId)}
          className="break-all font-medium text-primary hover:underline"
        >
          {site.url}
        </Link>
        <span className="block break-words text-xs text-muted-foreground">
          {site.clientName} · <span className="break-all">{site.clientEmail}</span>
        </span>
      </>
    ),
  }),
  column.display({
    id: 'status',
    header: 'Status',
    cell: ({ row: { original: site } }) => (
      <>
        <SiteStatusBadge site={site} />
        {site.openIncident && (
          <span className="mt-1 block text-xs text-muted-foreground">
            since {formatDateTime(site.openIncident.startedAt)}
          </span>
        )}
        {site.lastError && (
          <span className="mt-1 block break-words text-xs text-muted-foreground">
            {site.lastError}
          </span>
        )}
      </>
    ),
  }),
  column.accessor('responseMs', {
    header: 'Response',
    meta: { className: 'whitespace-nowrap' },
    cell: (cell) => {
      const ms = cell.getValue();
      return ms === null ? 'None' : formatResponse(ms);
    },
  }),
  column.accessor('uptime30d', {
    header: 'Uptime (30 days)',
    meta: { className: 'whitespace-nowrap' },
    cell: (cell) => formatUptime(cell.getValue()),
  }),
  column.display({
    id: 'certificate',
    header: 'Certificate',
    cell: ({ row: { original: site } }) => (
      <ExpiryFact
        what="certificate"
        at={site.certificateExpiresAt}
        warningDays={site.certificateWarningDays}
        missing={missingCertificate(site.url)}
      />
    ),
  }),
  column.display({
    id: 'domain',
    header: 'Domain',
    cell: ({ row: { original: site } }) => (
      <ExpiryFact
        what="domain"
        at={site.domainExpiresAt}
        missing="Not known"
        note={site.domainExpirySource === 'manual' ? '(set by hand)' : undefined}
      />
    ),
  }),
  column.accessor('lastCheckedAt', {
    header: 'Last check',
    cell: (cell) => {
      const at = cell.getValue();
      return at ? formatTimeAgo(at) : 'Not yet';
    },
  }),
]);

/**
 * /admin/sites?q=&status=&page=: every client's websites, the worst first (down, then a
 * certificate or domain lapsing soonest, then the slowest), searchable by address and client;
 * each opens its client's page.
 */
export function SitesPage() {
  const { params, update } = useListParams(SITE_LIST_PARAMS);
  const sites = useSites(params);
  const status = SITE_LIST_FILTERS.find((filter) => filter === params.status);

  return (
    <div className="space-y-6">
      <div>
        <h1 className="font-display text-3xl font-bold">Websites</h1>
        <p className="text-muted-foreground">
          Every client&apos;s website, the worst first: down, then certificates and domains about to
          lapse, then the slowest.
        </p>
      </div>
      <ListToolbar
        search={{
          label: 'Search websites',
          placeholder: 'Address, client name or e-mail',
          value: params.q ?? '',
          onSearch: (q) => update({ q }, { replace: true }),
        }}
      >
        <ListFilter
          label="Show"
          all="All websites"
          value={status}
          options={SITE_LIST_FILTERS}
          labelOf={(filter) => FILTER_LABELS[filter]}
          onChange={(next) => update({ status: next })}
        />
      </ListToolbar>
      <PagedList
        query={sites}
        what="Websites"
        filtered={Boolean(params.q || status)}
        noMatch={status && !params.q ? NO_MATCH[status] : undefined}
        onPage={(page) => update({ page: String(page) })}
        empty={
          <Card>
            <CardContent className="pt-6 text-center text-muted-foreground">
              No websites watched yet. Add a client&apos;s website from{' '}
              <Link
                href={paths.admin.clients()}
                className="text-primary underline underline-offset-2 hover:decoration-2"
              >
                their page
              </Link>
              .
            </CardContent>
          </Card>
        }
      >
        {(items) => (
          <Card>
            <CardContent className="pt-6">
              <DataTable
                phoneLayout="cards"
                variant="relaxed"
                caption="Websites"
                columns={columns}
                data={items}
                getRowId={(site) => site.id}
              />
            </CardContent>
          </Card>
        )}
      </PagedList>
    </div>
  );
}
