import type { AdminReply, AdminReplyResult, TicketStatus } from '@shared/schemas/tickets';
import type { AuditActor, AuditTrail } from '../../lib/audit-trail';
import { AppError } from '../../lib/errors';
import type { IncomingFile } from '../attachments/attachments.service';
import type { AdminTickets } from './admin-tickets';
import type { ClockAt } from './ticket-lifecycle';
import type { WithFiles } from './ticket-files';
import { checkedId, TICKET_NOT_FOUND, toTicket } from './ticket-views';
import type { TicketRepository } from './tickets.repository';
import type { TicketEvents } from './tickets.service';

export interface AdminReplyDeps {
  repository: Pick<TicketRepository, 'findWithClient' | 'addMessage'>;
  tickets: Pick<AdminTickets, 'adminDetail'>;
  events: Pick<TicketEvents, 'agencyReplied' | 'newMessageId'>;
  audit: AuditTrail;
  withFiles: WithFiles;
  clockAt: () => Promise<ClockAt>;
}

/**
 * The agency's reply, audited and e-mailed to the client: an open ticket moves to
 * in_progress unless a status is chosen.
 */
export function createAdminReply({
  repository,
  tickets,
  events,
  audit,
  withFiles,
  clockAt,
}: AdminReplyDeps) {
  return async function reply(
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
    return { ...(await tickets.adminDetail(id)), refused, renamed };
  };
}
