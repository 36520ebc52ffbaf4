import { Link } from 'wouter';
import { NativeSelect } from '@/components/ui/native-select';
import { Label } from '@/components/ui/label';
import { QueryList } from '@/components/ui/query-list';
import { formatDate } from '@/lib/dates';
import { useAdminTickets } from '@/features/tickets/api/get-admin-tickets';
import { ticketNumber } from '@/features/tickets/components/ticket-card';
import {
  parseTicketStatus,
  PriorityBadge,
  TICKET_STATUS_LABEL,
  TicketStatusLabel,
  TicketStatusOptions,
} from '@/features/tickets/components/ticket-status';
import { useSearchParam } from '@/lib/use-search-param';

/** /admin/support: every client's tickets, most recent activity first. */
export function AdminSupportPage() {
  const [statusParam, setStatusParam] = useSearchParam('status');
  const status = parseTicketStatus(statusParam);
  const tickets = useAdminTickets(status);

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <h1 className="font-display text-3xl font-bold">Support</h1>
        <div className="w-48 space-y-2">
          <Label htmlFor="ticket-status-filter">Status</Label>
          <NativeSelect
            id="ticket-status-filter"
            value={status ?? ''}
            onChange={(event) => setStatusParam(event.target.value || null)}
          >
            <option value="">All tickets</option>
            <TicketStatusOptions />
          </NativeSelect>
        </div>
      </div>
      <QueryList
        query={tickets}
        what="The tickets"
        empty={
          status ? `No ${TICKET_STATUS_LABEL[status].toLowerCase()} tickets.` : 'No tickets yet.'
        }
      >
        {(items) => (
          <ul className="space-y-3">
            {items.map((ticket) => (
              <li key={ticket.id}>
                <Link
                  href={`/admin/support/${ticket.id}`}
                  className="block rounded-lg border bg-card p-5 shadow-sm transition-colors hover:bg-muted/50 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
                >
                  <div className="flex flex-wrap items-start justify-between gap-3">
                    <div>
                      <h2 className="font-semibold">{ticket.subject}</h2>
                      <p className="text-sm text-muted-foreground">
                        {ticket.client.name ?? 'Client'} · {ticket.client.email ?? 'no e-mail'}
                      </p>
                    </div>
                    <div className="flex items-center gap-3">
                      <PriorityBadge priority={ticket.priority} />
                      <TicketStatusLabel status={ticket.status} />
                    </div>
                  </div>
                  <p className="mt-3 flex flex-wrap gap-x-4 text-xs text-muted-foreground">
                    <span>{ticketNumber(ticket.id)}</span>
                    <span>Created {formatDate(ticket.createdAt)}</span>
                    <span>Last activity {formatDate(ticket.updatedAt)}</span>
                  </p>
                </Link>
              </li>
            ))}
          </ul>
        )}
      </QueryList>
    </div>
  );
}
