import { Link } from 'wouter';
import type { Ticket } from '@shared/schemas/tickets';
import { formatDate } from '@/lib/dates';
import { PriorityBadge, TicketKindBadge, TicketStatusLabel } from './ticket-status';

/**
 * 'Ticket #' and the ticket's number: the one e-mail subjects carry and people say (the spec's
 * first 8 characters of the id were neither; docs/spec-deviations.md).
 */
export function ticketNumber(ticket: Pick<Ticket, 'number'>): string {
  return `Ticket #${ticket.number}`;
}

/**
 * A ticket in a list: the whole card links to its page. Its subject is a heading one level
 * below the list's own (an h2 straight under the page's h1, an h3 under a section's h2).
 */
export function TicketCard({
  ticket,
  href,
  headingLevel = 3,
}: {
  ticket: Ticket;
  href: string;
  headingLevel?: 2 | 3;
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const created = formatDate(ticket.createdAt);
  const updated = formatDate(ticket.updatedAt);
  return (
    <Link
      href={href}
      className="block rounded-lg border bg-card p-5 shadow-sm transition-colors hover:bg-muted/50 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <Heading className="font-semibold">{ticket.subject}</Heading>
        <div className="flex flex-wrap items-center gap-3">
          <TicketKindBadge kind={ticket.kind} updatesOnly />
          <PriorityBadge priority={ticket.priority} />
          <TicketStatusLabel status={ticket.status} />
        </div>
      </div>
      <p className="mt-2 line-clamp-2 text-sm text-muted-foreground">{ticket.description}</p>
      <p className="mt-3 flex flex-wrap gap-x-4 gap-y-1 text-xs text-muted-foreground">
        <span>{ticketNumber(ticket)}</span>
        <span>Created {created}</span>
        {updated !== created && <span>Updated {updated}</span>}
      </p>
    </Link>
  );
}
