import { Plus } from 'lucide-react';
import { Link } from 'wouter';
import { DASHBOARD_TICKET_LIMIT } from '@shared/constants';
import { Button } from '@/components/ui/button';
import { QueryList } from '@/components/ui/query-list';
import { useTickets } from '../api/get-tickets';
import { TicketCard } from './ticket-card';
import { TicketListSkeleton } from './ticket-list-skeleton';
import { paths } from '@/lib/paths';

/** The dashboard's Support tab: the first five tickets. */
export function RecentTickets() {
  const tickets = useTickets({ pageSize: String(DASHBOARD_TICKET_LIMIT) });
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-xl font-semibold">Recent Tickets</h2>
        <Button asChild>
          <Link href={paths.portal.newTicket()}>
            <Plus className="h-4 w-4" aria-hidden="true" /> Create New Ticket
          </Link>
        </Button>
      </div>
      {tickets.isLoading ? (
        // The spec's three rows, where other lists show one block.
        <TicketListSkeleton rows={3} />
      ) : (
        <QueryList
          query={{ ...tickets, data: tickets.data?.items }}
          what="Your tickets"
          empty="No support tickets yet"
        >
          {(items) => (
            <>
              <ul className="space-y-3">
                {items.map((ticket) => (
                  <li key={ticket.id}>
                    <TicketCard ticket={ticket} href={paths.portal.ticket(ticket.id)} />
                  </li>
                ))}
              </ul>
              <Link
                href={paths.portal.support()}
                className="text-sm font-medium text-primary hover:underline"
              >
                View all tickets
              </Link>
            </>
          )}
        </QueryList>
      )}
    </div>
  );
}
