import type { TicketMessageResult } from '@shared/schemas/tickets';
import type { TicketRow } from '../../db/schema';
import { AppError } from '../../lib/errors';
import type { IncomingFile } from '../attachments/attachments.service';
import type { ClientTickets } from './client-tickets';
import type { ClockAt } from './ticket-lifecycle';
import type { WithFiles } from './ticket-files';
import { TICKET_NOT_FOUND } from './ticket-views';
import type { TicketRepository } from './tickets.repository';
import type { EmailTicketMessage } from './tickets.service';

export const TICKET_RESOLVED = 'This ticket has been resolved and is closed for new messages.';

export interface ClientMessageDeps {
  repository: Pick<TicketRepository, 'addMessage'>;
  tickets: Pick<ClientTickets, 'ownTicket' | 'detail'>;
  withFiles: WithFiles;
  clockAt: () => Promise<ClockAt>;
}

/** The client writes on their ticket: on the portal, or by answering one of its e-mails. */
export function createClientMessages({
  repository,
  tickets,
  withFiles,
  clockAt,
}: ClientMessageDeps) {
  return {
    /** The client's message; refused once the ticket is resolved. */
    async addClientMessage(
      userId: string,
      id: string,
      message: string,
      files: IncomingFile[] = [],
    ): Promise<TicketMessageResult> {
      const ticket = await tickets.ownTicket(userId, id);
      if (ticket.status === 'resolved') throw new AppError(409, TICKET_RESOLVED);
      const { refused, renamed } = await withFiles(files, async () => {
        const added = await repository.addMessage(
          ticket.id,
          { message, isAdminReply: false, authorAdminId: null },
          (current) => {
            if (current.status === 'resolved') throw new AppError(409, TICKET_RESOLVED);
            return current.status;
          },
          await clockAt(),
        );
        if (!added) throw new AppError(404, TICKET_NOT_FOUND);
        return { result: added, ticketId: ticket.id, ticketMessageId: added.messageId };
      });
      return { ...(await tickets.detail(userId, id)), refused, renamed };
    },

    /**
     * The client's e-mail on their ticket. A resolved ticket opens again: the client wrote,
     * so the agency has something to answer (docs/support-mail.md).
     */
    async addEmailMessage(
      ticketId: string,
      input: EmailTicketMessage,
    ): Promise<{ ticket: TicketRow; messageId: string }> {
      const added = await repository.addMessage(
        ticketId,
        { ...input, isAdminReply: false, authorAdminId: null, source: 'email' },
        (current) => (current.status === 'resolved' ? 'open' : current.status),
        await clockAt(),
      );
      if (!added) throw new AppError(404, TICKET_NOT_FOUND);
      return { ticket: added.ticket, messageId: added.messageId };
    },
  };
}
