import { Plus } from 'lucide-react';
import { Link } from 'wouter';
import { Button } from '@/components/ui/button';
import { QueryList } from '@/components/ui/query-list';
import { useTickets } from '@/features/tickets/api/get-tickets';
import { TicketCard } from '@/features/tickets/components/ticket-card';
import { PortalPage } from '@/components/portal-page';

/** /portal/support: every ticket of the client. */
export function SupportListPage() {
  const tickets = useTickets();
  return (
    <PortalPage
      back={{ href: '/portal/dashboard', label: 'Back to Dashboard' }}
      title="Support Tickets"
      action={
        <Button asChild>
          <Link href="/portal/support/new">
            <Plus className="h-4 w-4" aria-hidden="true" /> New Ticket
          </Link>
        </Button>
      }
    >
      <QueryList query={tickets} what="Your tickets" empty="You have no support tickets yet.">
        {(items) => (
          <ul className="space-y-4">
            {items.map((ticket) => (
              <li key={ticket.id}>
                <TicketCard ticket={ticket} href={`/portal/support/${ticket.id}`} />
              </li>
            ))}
          </ul>
        )}
      </QueryList>
      {tickets.data?.length === 0 && (
        <Button asChild className="mt-4">
          <Link href="/portal/support/new">Create Your First Ticket</Link>
        </Button>
      )}
    </PortalPage>
  );
}
