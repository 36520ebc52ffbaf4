import type { Ticket } from '@shared/schemas/tickets';
import { formatDate } from '@/lib/dates';
import { ticketNumber } from './ticket-card';
import { PriorityBadge, TicketKindBadge, TicketStatusLabel } from './ticket-status';

/** The ticket's subject, number, state and description. */
export function TicketHeader({ ticket }: { ticket: Ticket }) {
  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-center gap-3">
        <TicketStatusLabel status={ticket.status} />
        <TicketKindBadge kind={ticket.kind} />
        <PriorityBadge priority={ticket.priority} />
        <span className="text-sm text-muted-foreground">{ticketNumber(ticket)}</span>
        <span className="text-sm text-muted-foreground">
          Created {formatDate(ticket.createdAt)}
          {ticket.source === 'email' && ' by e-mail'}
        </span>
      </div>
      <p className="whitespace-pre-wrap break-words">{ticket.description}</p>
    </div>
  );
}
