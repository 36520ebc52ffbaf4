import type { Ticket } from '@shared/schemas/tickets';
import type { ResponsePolicy } from '@shared/response-targets';
import type { AttachmentService } from '../attachments/attachments.service';
import type { AuditTrail } from '../../lib/audit-trail';
import { createAdminReply } from './admin-reply';
import { createAdminTickets } from './admin-tickets';
import { createClientMessages } from './client-messages';
import { createClientTickets } from './client-tickets';
import { createOpenTicket } from './open-ticket';
import { createTicketChanges } from './ticket-changes';
import { createWithFiles } from './ticket-files';
import type { TicketRepository } from './tickets.repository';

/** What an e-mail about a ticket needs beyond the ticket: where answers go, what it answers. */
export interface TicketMail {
  /** The ticket's reply token: answers go to support+t_<token>@… */
  replyToken: string;
  /** The Message-ID of the client's e-mail this one answers, if one. */
  inReplyTo?: string;
  /** An automatic answer to an e-mail: marked Auto-Submitted so no robot answers it. */
  automatic?: boolean;
}

/** Who hears of what happens to tickets (the mail feature's notifications). */
export interface TicketEvents {
  /** The agency hears of a new ticket; the client gets a confirmation when `confirm`. */
  ticketCreated(userId: string, ticket: Ticket, mail: TicketMail & { confirm: boolean }): void;
  /** The client gets the agency's reply, sent as the Message-ID recorded on it. */
  agencyReplied(
    userId: string,
    ticket: Ticket,
    message: string,
    mail: TicketMail & { messageId: string },
  ): void;
  /** The Message-ID the next e-mail about a ticket goes out with. */
  newMessageId(): Promise<string>;
}

/** A client's e-mail that opens a ticket: kept whole (the typed-input limits do not apply). */
export interface EmailTicket {
  subject: string;
  description: string;
  inboundMessageId: string;
}

/** A client's e-mail added to a ticket. */
export interface EmailTicketMessage {
  message: string;
  inboundMessageId: string;
  /** Its Message-ID: a later answer's In-Reply-To finds the ticket by it. */
  emailMessageId: string | null;
}

/** The response targets in force (Settings) and the time the product runs on. */
export interface ResponseClock {
  policy(): Promise<ResponsePolicy>;
  now(): Date;
}

/**
 * Support tickets, one file per use case: the client's reads (client-tickets.ts), opening a
 * ticket on the portal or by e-mail (open-ticket.ts), the client's messages
 * (client-messages.ts), the agency's reads (admin-tickets.ts), its reply (admin-reply.ts) and
 * its changes of status and kind (ticket-changes.ts). Files go with a ticket or message
 * through ticket-files.ts; every status is written by ticket-lifecycle.ts.
 */
export function createTicketService(
  repository: TicketRepository,
  events: TicketEvents,
  audit: AuditTrail,
  attachments: AttachmentService,
  clock: ResponseClock,
) {
  const clockAt = async () => ({ policy: await clock.policy(), at: clock.now() });
  const withFiles = createWithFiles(attachments);
  const client = createClientTickets({ repository, attachments, clock });
  const admin = createAdminTickets({ repository, attachments });
  const open = createOpenTicket({ repository, events, withFiles, clockAt });
  const messages = createClientMessages({ repository, tickets: client, withFiles, clockAt });
  const changes = createTicketChanges({ repository, tickets: admin, audit, clockAt });
  const reply = createAdminReply({ repository, tickets: admin, events, audit, withFiles, clockAt });

  return {
    list: client.list,
    responseTime: client.responseTime,
    summary: client.summary,
    detail: client.detail,
    /** Due times for the tickets opened before response clocks existed (once, at start). */
    startEarlierClocks: async (): Promise<number> =>
      repository.startEarlierClocks(await clock.policy()),
    create: open.create,
    openFromEmail: open.openFromEmail,
    addEmailMessage: messages.addEmailMessage,
    addClientMessage: messages.addClientMessage,
    adminList: admin.adminList,
    openCount: admin.openCount,
    adminDetail: admin.adminDetail,
    reply,
    setStatus: changes.setStatus,
    update: changes.update,
  };
}
export type TicketService = ReturnType<typeof createTicketService>;
