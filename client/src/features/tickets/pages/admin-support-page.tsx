import { Link } from 'wouter';
import { ADMIN_TICKET_LIST_PARAMS, TICKET_SORTS, TICKET_STATUSES } from '@shared/schemas/tickets';
import { Button } from '@/components/ui/button';
import { ListFilter, ListToolbar, PagedList } from '@/components/ui/paged-list';
import { formatDate } from '@/lib/dates';
import { useListParams } from '@/lib/list-params';
import { useAdminTickets } from '@/features/tickets/api/get-admin-tickets';
import { ResponseDue } from '@/features/tickets/components/response-due';
import { ticketNumber } from '@/features/tickets/components/ticket-card';
import {
  parseTicketStatus,
  PriorityBadge,
  TicketKindBadge,
  TICKET_STATUS_LABEL,
  TicketStatusLabel,
} from '@/features/tickets/components/ticket-status';
import { paths } from '@/lib/paths';

const SORT_LABEL = { due: 'Due soonest' } as const;

/**
 * /admin/support?q=&status=&client=&sort=&page=: every client's tickets, most recent activity
 * first (or the answer due soonest first, `?sort=due`), a page at a time, each saying when
 * its answer is due.
 */
export function AdminSupportPage() {
  const { params, update } = useListParams(ADMIN_TICKET_LIST_PARAMS);
  const status = parseTicketStatus(params.status ?? null);
  const sort = TICKET_SORTS.find((key) => key === params.sort);
  const tickets = useAdminTickets(params);

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-2">
        <h1 className="font-display text-3xl font-bold">Support</h1>
        <Link
          href={paths.admin.inbound()}
          className="text-sm font-medium text-primary underline underline-offset-2 hover:decoration-2"
        >
          Inbound e-mail
        </Link>
      </div>
      <ListToolbar
        search={{
          label: 'Search tickets',
          placeholder: 'Subject, client name or e-mail',
          value: params.q ?? '',
          onSearch: (q) => update({ q }, { replace: true }),
        }}
      >
        <ListFilter
          label="Status"
          all="All tickets"
          value={status ?? undefined}
          options={TICKET_STATUSES}
          labelOf={(option) => TICKET_STATUS_LABEL[option]}
          onChange={(next) => update({ status: next })}
        />
        <ListFilter
          label="Sort by"
          all="Latest activity"
          value={sort}
          options={TICKET_SORTS}
          labelOf={(option) => SORT_LABEL[option]}
          onChange={(next) => update({ sort: next })}
        />
        {params.client && (
          <Button variant="outline" size="sm" onClick={() => update({ client: undefined })}>
            One client's tickets · Show all
          </Button>
        )}
      </ListToolbar>
      <PagedList
        query={tickets}
        what="Tickets"
        empty="No tickets yet."
        filtered={Boolean(params.q || status || params.client)}
        noMatch={
          status && !params.q
            ? `No ${TICKET_STATUS_LABEL[status].toLowerCase()} tickets.`
            : 'No tickets match this search.'
        }
        onPage={(page) => update({ page: String(page) })}
      >
        {(items) => (
          <ul className="space-y-3">
            {items.map((ticket) => (
              <li key={ticket.id}>
                <Link
                  href={paths.admin.ticket(ticket.id)}
                  className="block rounded-lg border bg-card p-5 shadow-sm transition-colors hover:bg-muted/50 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
                >
                  <div className="flex flex-wrap items-start justify-between gap-3">
                    <div>
                      <h2 className="font-semibold">{ticket.subject}</h2>
                      <p className="break-all text-sm text-muted-foreground">
                        {ticket.client.name ?? 'Client'} · {ticket.client.email ?? 'no e-mail'}
                      </p>
                    </div>
                    <div className="flex flex-wrap items-center gap-3">
                      <TicketKindBadge kind={ticket.kind} updatesOnly />
                      <PriorityBadge priority={ticket.priority} />
                      <TicketStatusLabel status={ticket.status} />
                    </div>
                  </div>
                  <p className="mt-3 text-sm">
                    <ResponseDue ticket={ticket} />
                  </p>
                  <p className="mt-2 flex flex-wrap gap-x-4 text-xs text-muted-foreground">
                    <span>{ticketNumber(ticket)}</span>
                    <span>Created {formatDate(ticket.createdAt)}</span>
                    <span>Last activity {formatDate(ticket.updatedAt)}</span>
                  </p>
                </Link>
              </li>
            ))}
          </ul>
        )}
      </PagedList>
    </div>
  );
}
