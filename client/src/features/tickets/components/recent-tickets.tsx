import { Plus } from 'lucide-react';
import { Link } from 'wouter';
import { DASHBOARD_TICKET_LIMIT } from '@shared/constants';
import { Button } from '@/components/ui/button';
import { useTickets } from '../api/get-tickets';
import { TicketCard } from './ticket-card';
import { TicketListSkeleton } from './ticket-list-skeleton';

/** The dashboard's Support tab: the first five tickets. */
export function RecentTickets() {
  const tickets = useTickets();
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-xl font-semibold">Recent Tickets</h2>
        <Button asChild>
          <Link href="/portal/support/new">
            <Plus className="h-4 w-4" aria-hidden="true" /> Create New Ticket
          </Link>
        </Button>
      </div>
      {tickets.isLoading ? (
        <TicketListSkeleton rows={3} />
      ) : tickets.isError ? (
        <p role="alert" className="text-destructive">
          Your tickets could not be loaded. Please reload the page.
        </p>
      ) : tickets.data?.length ? (
        <>
          <ul className="space-y-3">
            {tickets.data.slice(0, DASHBOARD_TICKET_LIMIT).map((ticket) => (
              <li key={ticket.id}>
                <TicketCard ticket={ticket} href={`/portal/support/${ticket.id}`} />
              </li>
            ))}
          </ul>
          <Link href="/portal/support" className="text-sm font-medium text-primary hover:underline">
            View all tickets
          </Link>
        </>
      ) : (
        <p className="text-muted-foreground">No support tickets yet</p>
      )}
    </div>
  );
}

/** The open-ticket count for the Overview's Support card. */
export function useOpenTicketCount(): number | undefined {
  const tickets = useTickets();
  return tickets.data?.filter((ticket) => ticket.status !== 'resolved').length;
}
