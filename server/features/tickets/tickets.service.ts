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
import { describeTarget, type ResponsePolicy } from '@shared/response-targets';
import type { ClientResponseTime } from '@shared/schemas/response-times';
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
    client: {
      id: client.id,
      name: fullName(client) || null,
      firstName: client.firstName ?? null,
      email: client.email,
    },
    planAtOpen: ticket.planAtOpen,
    responseDueAt: ticket.responseDueAt?.toISOString() ?? null,
    firstResponseAt: ticket.firstResponseAt?.toISOString() ?? null,
  };
}

/** Who hears of what happens to tickets (the mail feature's notifications). */
export interface TicketEvents {
  ticketCreated(userId: string, ticket: Ticket): void;
  agencyReplied(userId: string, ticket: Ticket, message: string): void;
}

/** The response targets in force (Settings) and the time the product runs on. */
export interface ResponseClock {
  policy(): Promise<ResponsePolicy>;
  now(): Date;
}

export function createTicketService(
  repository: TicketRepository,
  events: TicketEvents,
  audit: AuditTrail,
  clock: ResponseClock,
) {
  const clockAt = async () => ({ policy: await clock.policy(), at: clock.now() });

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

    /** What "We answer within …" says to the client, from their plan now. */
    async responseTime(userId: string): Promise<ClientResponseTime> {
      const policy = await clock.policy();
      const plan = await repository.currentPlan(userId);
      return {
        normal: describeTarget(policy, plan, 'normal'),
        high: describeTarget(policy, plan, 'high'),
      };
    },

    /** Due times for the tickets opened before response clocks existed (once, at start). */
    async startEarlierClocks(): Promise<number> {
      return repository.startEarlierClocks(await clock.policy());
    },

    async summary(userId: string): Promise<ClientTicketSummary> {
      return { unresolved: await repository.countUnresolved(userId) };
    },

    async create(userId: string, input: CreateTicket): Promise<Ticket> {
      const ticket = toTicket(await repository.create(userId, input, await clockAt()));
      events.ticketCreated(userId, ticket);
      return ticket;
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
        await clockAt(),
      );
      return detail(userId, id);
    },

    /** One page of every client's tickets, most recent activity first. */
    async adminList({
      q,
      status,
      client,
      sort,
      page,
      pageSize,
    }: AdminTicketListQuery): Promise<AdminTicketPage> {
      const { rows, total } = await repository.list({
        q,
        status,
        userId: client,
        sort,
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
      const updated = await repository.addMessage(
        checkedId(id),
        {
          message: reply.message,
          isAdminReply: true,
          authorAdminId: actor.adminId,
          source: 'admin',
        },
        (current) => {
          statusBefore = current.status;
          return reply.status ?? (current.status === 'open' ? 'in_progress' : current.status);
        },
        await clockAt(),
      );
      if (!updated) throw new AppError(404, TICKET_NOT_FOUND);
      await audit.record(actor, {
        kind: 'ticket.replied',
        targetType: 'ticket',
        targetId: updated.id,
        before: { status: statusBefore ?? null },
        after: { status: updated.status, message: reply.message },
      });
      events.agencyReplied(updated.userId, toTicket(updated), reply.message);
      return adminDetail(id);
    },

    async setStatus(
      actor: AuditActor,
      id: string,
      status: TicketStatus,
    ): Promise<AdminTicketDetail> {
      const changed = await repository.updateStatus(checkedId(id), status, await clockAt());
      if (!changed) throw new AppError(404, TICKET_NOT_FOUND);
      const { before, after: updated } = changed;
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
