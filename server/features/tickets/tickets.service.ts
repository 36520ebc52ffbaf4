import { pageOffset, type ListQuery } from '@shared/schemas/common';
import type {
  AdminReply,
  AdminReplyResult,
  AdminTicket,
  AdminTicketDetail,
  AdminTicketListQuery,
  AdminTicketPage,
  ClientTicketSummary,
  Attachment,
  CreatedTicket,
  Ticket,
  TicketDetail,
  TicketMessageEntry,
  TicketMessageResult,
  TicketPage,
  TicketStatus,
  UpdateTicketStatus,
} from '@shared/schemas/tickets';
import { describeTarget, type ResponsePolicy } from '@shared/response-targets';
import type { ClientResponseTime } from '@shared/schemas/response-times';
import type { TicketMessageRow, TicketRow } from '../../db/schema';
import type {
  AttachmentService,
  IncomingFile,
  PreparedFile,
} from '../attachments/attachments.service';
import type { AuditActor, AuditTrail } from '../../lib/audit-trail';
import { AppError } from '../../lib/errors';
import { existingId } from '../../lib/ids';
import type { NewTicket } from './ticket-lifecycle';
import type { TicketRepository, TicketWithClient } from './tickets.repository';
import { fullName } from '../../lib/format';

export const TICKET_NOT_FOUND = 'Ticket not found';
export const BILLED_STAYS_AN_UPDATE =
  'This update is billed as an extra update: it stays a website update.';
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
    kind: row.kind,
    source: row.inboundMessageId ? 'email' : 'portal',
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function toMessage(row: TicketMessageRow, files: Map<string, Attachment[]>): TicketMessageEntry {
  return {
    id: row.id,
    message: row.message,
    isAdminReply: row.isAdminReply,
    source: row.source,
    createdAt: row.createdAt.toISOString(),
    attachments: files.get(row.id) ?? [],
  };
}

/** Where each side downloads a file: the admin's session lives under /api/admin. */
const clientFileUrl = (id: string) => `/api/attachments/${id}`;
const adminFileUrl = (id: string) => `/api/admin/attachments/${id}`;

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

export function createTicketService(
  repository: TicketRepository,
  events: TicketEvents,
  audit: AuditTrail,
  attachments: AttachmentService,
  clock: ResponseClock,
) {
  const clockAt = async () => ({ policy: await clock.policy(), at: clock.now() });

  /**
   * Runs `save` with the files checked and stored first, then names them on what it saved; a
   * storage outage (503) saves nothing, a refusal of the message removes the stored files.
   */
  async function withFiles<T>(
    files: IncomingFile[],
    save: () => Promise<{ result: T; ticketId: string; ticketMessageId: string | null }>,
  ) {
    const { prepared, refused, renamed } = await attachments.prepare(files);
    let saved: Awaited<ReturnType<typeof save>>;
    try {
      saved = await save();
    } catch (error) {
      await attachments.discard(prepared);
      throw error;
    }
    await recordFiles(saved, prepared);
    return { result: saved.result, refused, renamed };
  }

  async function recordFiles(
    target: { ticketId: string; ticketMessageId: string | null },
    prepared: PreparedFile[],
  ) {
    if (prepared.length === 0) return;
    try {
      await attachments.record(target, prepared);
    } catch (error) {
      await attachments.discard(prepared);
      throw error;
    }
  }

  async function ownTicket(userId: string, id: string): Promise<TicketRow> {
    const ticket = await repository.findForUser(userId, checkedId(id));
    if (!ticket) throw new AppError(404, TICKET_NOT_FOUND);
    return ticket;
  }

  async function detail(userId: string, id: string): Promise<TicketDetail> {
    const ticket = await ownTicket(userId, id);
    const messages = await repository.listMessages(ticket.id);
    const files = await attachments.listForTicket(ticket.id, clientFileUrl);
    return {
      ticket: toTicket(ticket),
      attachments: files.opening,
      messages: messages.map((message) => toMessage(message, files.byMessage)),
    };
  }

  /** The status the admin set, audited when it changed. */
  async function setStatus(
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
  }

  async function adminDetail(id: string): Promise<AdminTicketDetail> {
    const row = await repository.findWithClient(checkedId(id));
    if (!row) throw new AppError(404, TICKET_NOT_FOUND);
    const messages = await repository.listMessages(id);
    const files = await attachments.listForTicket(id, adminFileUrl, { withDetail: true });
    return {
      ticket: toAdminTicket(row),
      attachments: files.opening,
      messages: messages.map((message) => toMessage(message, files.byMessage)),
    };
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

    /** The client's ticket and its messages. */
    detail,

    /** The client's message; refused once the ticket is resolved. */
    async addClientMessage(
      userId: string,
      id: string,
      message: string,
      files: IncomingFile[] = [],
    ): Promise<TicketMessageResult> {
      const ticket = await ownTicket(userId, id);
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
      return { ...(await detail(userId, id)), refused, renamed };
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
    async reply(
      actor: AuditActor,
      id: string,
      reply: AdminReply,
      files: IncomingFile[] = [],
    ): Promise<AdminReplyResult> {
      let statusBefore: TicketStatus | undefined;
      if (!(await repository.findWithClient(checkedId(id)))) {
        throw new AppError(404, TICKET_NOT_FOUND);
      }
      // Recorded with the message before it is sent: the client's answer finds it by this.
      const messageId = await events.newMessageId();
      const {
        result: updated,
        refused,
        renamed,
      } = await withFiles(files, async () => {
        const added = await repository.addMessage(
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
          await clockAt(),
        );
        if (!added) throw new AppError(404, TICKET_NOT_FOUND);
        return {
          result: added.ticket,
          ticketId: added.ticket.id,
          ticketMessageId: added.messageId,
        };
      });
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
      return { ...(await adminDetail(id)), refused, renamed };
    },

    setStatus,

    /**
     * PATCH /api/admin/tickets/{id}: the kind (a website update counts against the plan's
     * month), then the status; each change audited.
     */
    async update(
      actor: AuditActor,
      id: string,
      { status, kind }: UpdateTicketStatus,
    ): Promise<AdminTicketDetail> {
      if (kind) {
        const changed = await repository.updateKind(checkedId(id), kind);
        if (!changed) throw new AppError(404, TICKET_NOT_FOUND);
        if (changed === 'billed') throw new AppError(409, BILLED_STAYS_AN_UPDATE);
        if (changed.before !== changed.after) {
          await audit.record(actor, {
            kind: 'ticket.kind_changed',
            targetType: 'ticket',
            targetId: id,
            before: { kind: changed.before },
            after: { kind: changed.after },
          });
        }
      }
      return status ? setStatus(actor, id, status) : adminDetail(checkedId(id));
    },
  };
}
export type TicketService = ReturnType<typeof createTicketService>;
