import type { AdminTicket } from '@shared/schemas/tickets';
import type { SavedReplyVariable } from '@shared/schemas/saved-replies';
import { paths } from '@/lib/paths';

/**
 * What a saved reply's variables say on this ticket: the client's first name, the ticket's
 * number (as people say it, '42'), and the ticket's address in the client's portal.
 */
export function replyVariables(
  ticket: Pick<AdminTicket, 'id' | 'number' | 'client'>,
  origin: string = window.location.origin,
): Record<SavedReplyVariable, string | null> {
  return {
    firstName: ticket.client.firstName,
    ticketNumber: String(ticket.number),
    portalLink: `${origin}${paths.portal.ticket(ticket.id)}`,
  };
}
