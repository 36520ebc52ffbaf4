import { randomUUID } from 'node:crypto';
import { pageOffset, type ListQuery } from '@shared/schemas/common';
import type {
  AdminReply,
  AdminTicket,
  AdminTicketDetail,
  AdminTicketListQuery,
  AdminTicketPage,
  ClientTicketSummary,
  CreateTicket,
  Ticket,
  TicketDetail,
  TicketMessageEntry,
  TicketPage,
  TicketStatus,
} from '@shared/schemas/tickets';
import type { TicketMessageRow, TicketRow } from '../../db/schema';
import type { AuditActor, AuditTrail } from '../../lib/audit-trail';
import { AppError } from '../../lib/errors';
import { existingId } from '../../lib/ids';
import type { TicketRepository, TicketWithClient } from './tickets.repository';
import { fullName } from '../../lib/format';

export const TICKET_NOT_FOUND = 'Ticket not found';
export const TICKET_RESOLVED = 'This ticket has been resolved and is closed for new messages.';

// A client learns nothing about tickets that are not theirs: 404 for those and for bad ids.
const checkedId = (id: string) => existingId(id, TICKET_NOT_FOUND);

function toTicket(row: TicketRow): Ticket {
  return {
    id: row.id,
    number: row.number,
    subject: row.subject,
    description: row.description,
    priority: row.priority,
    status: row.status,
    source: row.inboundMessageId ? 'email' : 'portal',
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function toMessage(row: TicketMessageRow): TicketMessageEntry {
  return {
    id: row.id,
    message: row.message,
    isAdminReply: row.isAdminReply,
    source: row.source,
    createdAt: row.createdAt.toISOString(),
  };
}

function toAdminTicket({ ticket, client }: TicketWithClient): AdminTicket {
  return {
    ...toTicket(ticket),
    client: { id: client.id, name: fullName(client) || null, email: client.email },
  };
}

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

export function createTicketService(
  repository: TicketRepository,
  events: TicketEvents,
  audit: AuditTrail,
) {
  async function ownTicket(userId: string, id: string): Promise<TicketRow> {
    const ticket = await repository.findForUser(userId, checkedId(id));
    if (!ticket) throw new AppError(404, TICKET_NOT_FOUND);
    return ticket;
  }

  async function detail(userId: string, id: string): Promise<TicketDetail> {
    const ticket = await ownTicket(userId, id);
    const messages = await repository.listMessages(ticket.id);
    return { ticket: toTicket(ticket), messages: messages.map(toMessage) };
  }

  async function adminDetail(id: string): Promise<AdminTicketDetail> {
    const row = await repository.findWithClient(checkedId(id));
    if (!row) throw new AppError(404, TICKET_NOT_FOUND);
    const messages = await repository.listMessages(id);
    return { ticket: toAdminTicket(row), messages: messages.map(toMessage) };
  }

  return {
    /** One page of the client's tickets, newest first. */
    async list(
      userId: string,
      { page, pageSize }: Pick<ListQuery, 'page' | 'pageSize'>,
    ): Promise<TicketPage> {
      const { rows, total } = await repository.listForUser(userId, {
        limit: pageSize,
        offset: pageOffset({ page, pageSize }),
      });
      return { items: rows.map(toTicket), total, page, pageSize };
    },

    async summary(userId: string): Promise<ClientTicketSummary> {
      return { unresolved: await repository.countUnresolved(userId) };
    },

    async create(userId: string, input: CreateTicket): Promise<Ticket> {
      const row = await repository.create(userId, input);
      const ticket = toTicket(row);
      events.ticketCreated(userId, ticket, { replyToken: row.replyToken, confirm: true });
      return ticket;
    },

    /**
     * A ticket opened by the client's e-mail: subject and body as they came (an empty subject
     * is "(no subject)"), priority normal. The agency hears of it; the client's confirmation
     * is the inbound feature's automatic answer (it knows the files kept and the sender's limit).
     */
    async openFromEmail(userId: string, input: EmailTicket): Promise<TicketRow> {
      const row = await repository.create(userId, {
        subject: input.subject.trim() || '(no subject)',
        description: input.description,
        priority: 'normal',
        inboundMessageId: input.inboundMessageId,
      });
      events.ticketCreated(userId, toTicket(row), { replyToken: row.replyToken, confirm: false });
      return row;
    },

    /**
     * The client's e-mail on their ticket. A resolved ticket opens again: the client wrote,
     * so the agency has something to answer (docs/support-mail.md).
     */
    async addEmailMessage(
      ticketId: string,
      input: EmailTicketMessage,
    ): Promise<{ ticket: TicketRow; messageId: string }> {
      const messageId = randomUUID();
      const updated = await repository.addMessage(
        ticketId,
        { id: messageId, ...input, isAdminReply: false, authorAdminId: null, source: 'email' },
        (current) => (current.status === 'resolved' ? 'open' : current.status),
      );
      if (!updated) throw new AppError(404, TICKET_NOT_FOUND);
      return { ticket: updated, messageId };
    },

    /** The client's ticket and its messages. */
    detail,

    /** The client's message; refused once the ticket is resolved. */
    async addClientMessage(userId: string, id: string, message: string): Promise<TicketDetail> {
      const ticket = await ownTicket(userId, id);
      await repository.addMessage(
        ticket.id,
        { message, isAdminReply: false, authorAdminId: null },
        (current) => {
          if (current.status === 'resolved') throw new AppError(409, TICKET_RESOLVED);
          return current.status;
        },
      );
      return detail(userId, id);
    },

    /** One page of every client's tickets, most recent activity first. */
    async adminList({
      q,
      status,
      client,
      page,
      pageSize,
    }: AdminTicketListQuery): Promise<AdminTicketPage> {
      const { rows, total } = await repository.list({
        q,
        status,
        userId: client,
        limit: pageSize,
        offset: pageOffset({ page, pageSize }),
      });
      return { items: rows.map(toAdminTicket), total, page, pageSize };
    },

    async openCount(): Promise<number> {
      return repository.countByStatus('open');
    },

    adminDetail,

    /** The agency's reply: an open ticket moves to in_progress unless a status is chosen. */
    async reply(actor: AuditActor, id: string, reply: AdminReply): Promise<AdminTicketDetail> {
      let statusBefore: TicketStatus | undefined;
      // Recorded with the message before it is sent: the client's answer finds it by this.
      const messageId = await events.newMessageId();
      const updated = await repository.addMessage(
        checkedId(id),
        {
          message: reply.message,
          isAdminReply: true,
          authorAdminId: actor.adminId,
          source: 'admin',
          emailMessageId: messageId,
        },
        (current) => {
          statusBefore = current.status;
          return reply.status ?? (current.status === 'open' ? 'in_progress' : current.status);
        },
      );
      if (!updated) throw new AppError(404, TICKET_NOT_FOUND);
      await audit.record(actor, {
        kind: 'ticket.replied',
        targetType: 'ticket',
        targetId: updated.id,
        before: { status: statusBefore ?? null },
        after: { status: updated.status, message: reply.message },
      });
      events.agencyReplied(updated.userId, toTicket(updated), reply.message, {
        replyToken: updated.replyToken,
        messageId,
      });
      return adminDetail(id);
    },

    async setStatus(
      actor: AuditActor,
      id: string,
      status: TicketStatus,
    ): Promise<AdminTicketDetail> {
      const before = (await repository.findWithClient(checkedId(id)))?.ticket;
      if (!before) throw new AppError(404, TICKET_NOT_FOUND);
      const updated = await repository.updateStatus(before.id, status);
      if (!updated) throw new AppError(404, TICKET_NOT_FOUND);
      if (before.status !== updated.status) {
        await audit.record(actor, {
          kind: 'ticket.status_changed',
          targetType: 'ticket',
          targetId: updated.id,
          before: { status: before.status },
          after: { status: updated.status },
        });
      }
      return adminDetail(id);
    },
  };
}
export type TicketService = ReturnType<typeof createTicketService>;
