import type { CreatedTicket } from '@shared/schemas/tickets';
import type { TicketRow } from '../../db/schema';
import type { IncomingFile } from '../attachments/attachments.service';
import type { ClockAt, NewTicket } from './ticket-lifecycle';
import type { WithFiles } from './ticket-files';
import { toTicket } from './ticket-views';
import type { TicketRepository } from './tickets.repository';
import type { EmailTicket, TicketEvents } from './tickets.service';

export interface OpenTicketDeps {
  repository: Pick<TicketRepository, 'create'>;
  events: Pick<TicketEvents, 'ticketCreated'>;
  withFiles: WithFiles;
  /** The response targets in force and the time now, read for each ticket opened. */
  clockAt: () => Promise<ClockAt>;
}

/** A ticket opened by the client: on the portal's form, or by an e-mail to support. */
export function createOpenTicket({ repository, events, withFiles, clockAt }: OpenTicketDeps) {
  return {
    /** The new ticket with the files kept on its request, and the files refused or renamed. */
    async create(
      userId: string,
      input: Omit<NewTicket, 'inboundMessageId'>,
      files: IncomingFile[] = [],
    ): Promise<CreatedTicket> {
      const {
        result: row,
        refused,
        renamed,
      } = await withFiles(files, async () => {
        const created = await repository.create(userId, input, await clockAt());
        return { result: created, ticketId: created.id, ticketMessageId: null };
      });
      const ticket = toTicket(row);
      events.ticketCreated(userId, ticket, { replyToken: row.replyToken, confirm: true });
      return { ...ticket, refused, renamed };
    },

    /**
     * A ticket opened by the client's e-mail: subject and body as they came (an empty subject
     * is "(no subject)"), priority normal. The agency hears of it; the client's confirmation
     * is the inbound feature's automatic answer (it knows the files kept and the sender's limit).
     */
    async openFromEmail(userId: string, input: EmailTicket): Promise<TicketRow> {
      const row = await repository.create(
        userId,
        {
          subject: input.subject.trim() || '(no subject)',
          description: input.description,
          priority: 'normal',
          // A client's e-mail is a question or problem: only the portal's form asks for an update.
          kind: 'question',
          inboundMessageId: input.inboundMessageId,
        },
        await clockAt(),
      );
      events.ticketCreated(userId, toTicket(row), { replyToken: row.replyToken, confirm: false });
      return row;
    },
  };
}
