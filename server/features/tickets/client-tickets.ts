import { pageOffset, type ListQuery } from '@shared/schemas/common';
import { describeTarget } from '@shared/response-targets';
import type { ClientResponseTime } from '@shared/schemas/response-times';
import type { ClientTicketSummary, TicketDetail, TicketPage } from '@shared/schemas/tickets';
import type { TicketRow } from '../../db/schema';
import { AppError } from '../../lib/errors';
import type { AttachmentService } from '../attachments/attachments.service';
import type { TicketRepository } from './tickets.repository';
import type { ResponseClock } from './tickets.service';
import { checkedId, clientFileUrl, TICKET_NOT_FOUND, toMessage, toTicket } from './ticket-views';

export interface ClientTicketDeps {
  repository: Pick<
    TicketRepository,
    'listForUser' | 'findForUser' | 'threadForUser' | 'currentPlan' | 'countUnresolved'
  >;
  attachments: Pick<AttachmentService, 'listForTicket'>;
  clock: Pick<ResponseClock, 'policy'>;
}

/** What the signed-in client reads of their own tickets; another's is a 404. */
export function createClientTickets({ repository, attachments, clock }: ClientTicketDeps) {
  async function ownTicket(userId: string, id: string): Promise<TicketRow> {
    const ticket = await repository.findForUser(userId, checkedId(id));
    if (!ticket) throw new AppError(404, TICKET_NOT_FOUND);
    return ticket;
  }

  /**
   * The client's ticket and its messages. The files are read beside the thread, not after it:
   * another client's are read for nothing and never shown.
   */
  async function detail(userId: string, id: string): Promise<TicketDetail> {
    const ticketId = checkedId(id);
    const [thread, files] = await Promise.all([
      repository.threadForUser(userId, ticketId),
      attachments.listForTicket(ticketId, clientFileUrl),
    ]);
    if (!thread) throw new AppError(404, TICKET_NOT_FOUND);
    return {
      ticket: toTicket(thread.ticket),
      attachments: files.opening,
      messages: thread.messages.map((message) => toMessage(message, files.byMessage)),
    };
  }

  /** One page of the client's tickets, newest first. */
  async function list(
    userId: string,
    { page, pageSize }: Pick<ListQuery, 'page' | 'pageSize'>,
  ): Promise<TicketPage> {
    const { rows, total } = await repository.listForUser(userId, {
      limit: pageSize,
      offset: pageOffset({ page, pageSize }),
    });
    return { items: rows.map(toTicket), total, page, pageSize };
  }

  /** What "We answer within …" says to the client, from their plan now. */
  async function responseTime(userId: string): Promise<ClientResponseTime> {
    const policy = await clock.policy();
    const plan = await repository.currentPlan(userId);
    return {
      normal: describeTarget(policy, plan, 'normal'),
      high: describeTarget(policy, plan, 'high'),
    };
  }

  async function summary(userId: string): Promise<ClientTicketSummary> {
    return { unresolved: await repository.countUnresolved(userId) };
  }

  return { ownTicket, detail, list, responseTime, summary };
}
export type ClientTickets = ReturnType<typeof createClientTickets>;
