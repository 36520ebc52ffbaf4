import { Plus } from 'lucide-react';
import { Link } from 'wouter';
import { Button } from '@/components/ui/button';
import { PagedList } from '@/components/ui/paged-list';
import { useListParams } from '@/lib/list-params';
import { useTickets } from '@/features/tickets/api/get-tickets';
import { TicketCard } from '@/features/tickets/components/ticket-card';
import { PortalPage } from '@/components/portal-page';
import { paths } from '@/lib/paths';

const PARAMS = ['page'] as const;

/** /portal/support?page=: the client's tickets, newest first, a page at a time. */
export function SupportListPage() {
  const { params, update } = useListParams(PARAMS);
  const tickets = useTickets(params);
  return (
    <PortalPage
      back={{ href: paths.portal.dashboard(), label: 'Back to Dashboard' }}
      title="Support Tickets"
      action={
        <Button asChild>
          <Link href={paths.portal.newTicket()}>
            <Plus className="h-4 w-4" aria-hidden="true" /> New Ticket
          </Link>
        </Button>
      }
    >
      <PagedList
        query={tickets}
        what="Your tickets"
        empty="You have no support tickets yet."
        filtered={false}
        onPage={(page) => update({ page: String(page) })}
      >
        {(items) => (
          <ul className="space-y-4">
            {items.map((ticket) => (
              <li key={ticket.id}>
                <TicketCard
                  ticket={ticket}
                  href={paths.portal.ticket(ticket.id)}
                  headingLevel={2}
                />
              </li>
            ))}
          </ul>
        )}
      </PagedList>
      {tickets.data?.total === 0 && (
        <Button asChild className="mt-4">
          <Link href={paths.portal.newTicket()}>Create Your First Ticket</Link>
        </Button>
      )}
    </PortalPage>
  );
}
