import { pageOffset } from '@shared/schemas/common';
import type {
  AdminTicketDetail,
  AdminTicketListQuery,
  AdminTicketPage,
} from '@shared/schemas/tickets';
import { AppError } from '../../lib/errors';
import type { AttachmentService } from '../attachments/attachments.service';
import type { TicketRepository } from './tickets.repository';
import {
  adminFileUrl,
  checkedId,
  TICKET_NOT_FOUND,
  toAdminTicket,
  toMessage,
} from './ticket-views';

export interface AdminTicketDeps {
  repository: Pick<TicketRepository, 'list' | 'findWithClient' | 'listMessages' | 'countByStatus'>;
  attachments: Pick<AttachmentService, 'listForTicket'>;
}

/** What the agency reads of every client's tickets. */
export function createAdminTickets({ repository, attachments }: AdminTicketDeps) {
  /** A ticket, whose it is, its messages and its files with why one is held. */
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

  /** One page of every client's tickets, most recent activity first. */
  async function adminList({
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
  }

  async function openCount(): Promise<number> {
    return repository.countByStatus('open');
  }

  return { adminDetail, adminList, openCount };
}
export type AdminTickets = ReturnType<typeof createAdminTickets>;
