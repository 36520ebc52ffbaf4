import { Plus } from 'lucide-react';
import { Link } from 'wouter';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { useTickets } from '@/features/tickets/api/get-tickets';
import { TicketCard } from '@/features/tickets/components/ticket-card';
import { TicketListSkeleton } from '@/features/tickets/components/ticket-list-skeleton';
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
      {tickets.isLoading ? (
        <TicketListSkeleton rows={3} />
      ) : tickets.isError ? (
        <p role="alert" className="text-destructive">
          Your tickets could not be loaded. Please reload the page.
        </p>
      ) : tickets.data?.length ? (
        <ul className="space-y-4">
          {tickets.data.map((ticket) => (
            <li key={ticket.id}>
              <TicketCard ticket={ticket} href={`/portal/support/${ticket.id}`} />
            </li>
          ))}
        </ul>
      ) : (
        <Card>
          <CardContent className="flex flex-col items-center gap-4 pt-6 text-center">
            <p className="text-muted-foreground">You have no support tickets yet.</p>
            <Button asChild>
              <Link href="/portal/support/new">Create Your First Ticket</Link>
            </Button>
          </CardContent>
        </Card>
      )}
    </PortalPage>
  );
}
