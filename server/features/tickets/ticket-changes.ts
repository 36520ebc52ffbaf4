import type { AdminTicketDetail, TicketStatus, UpdateTicketStatus } from '@shared/schemas/tickets';
import type { AuditActor, AuditTrail } from '../../lib/audit-trail';
import { AppError } from '../../lib/errors';
import type { AdminTickets } from './admin-tickets';
import type { ClockAt } from './ticket-lifecycle';
import { checkedId, TICKET_NOT_FOUND } from './ticket-views';
import type { TicketRepository } from './tickets.repository';

export const BILLED_STAYS_AN_UPDATE =
  'This update is billed as an extra update: it stays a website update.';

export interface TicketChangeDeps {
  repository: Pick<TicketRepository, 'updateStatus' | 'updateKind'>;
  tickets: Pick<AdminTickets, 'adminDetail'>;
  audit: AuditTrail;
  clockAt: () => Promise<ClockAt>;
}

/** The admin sets a ticket's status or kind; each change is audited. */
export function createTicketChanges({ repository, tickets, audit, clockAt }: TicketChangeDeps) {
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
    return tickets.adminDetail(id);
  }

  /**
   * PATCH /api/admin/tickets/{id}: the kind (a website update counts against the plan's
   * month), then the status; each change audited.
   */
  async function update(
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
    return status ? setStatus(actor, id, status) : tickets.adminDetail(checkedId(id));
  }

  return { setStatus, update };
}
