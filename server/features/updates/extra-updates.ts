import { formatMonthName, monthIn } from '@shared/dates';
import type { AuditActor, AuditTrail } from '../../lib/audit-trail';
import { AppError } from '../../lib/errors';
import { existingId } from '../../lib/ids';
import { fullName } from '../../lib/format';
import type { InvoiceService } from '../invoices/invoices.service';
import type { UpdatesMeterQuery } from './updates-meter';
import type { UpdatesRepository } from './updates.repository';

export const TICKET_NOT_FOUND = 'Ticket not found';
export const NOT_AN_UPDATE = 'Only a website update can be billed as an extra update.';
export const BILLED_MEANWHILE = 'This update was billed at the same moment: reload the page.';
export const NO_EXTRA_UPDATE_PRICE = 'Set the price of an extra update in Settings first.';

/** An invoice line's description is at most 500 characters. */
const MAX_LINE = 500;

export interface ExtraUpdateDeps {
  repository: UpdatesRepository;
  meter: UpdatesMeterQuery;
  invoices: Pick<InvoiceService, 'addToDraft'>;
  audit: AuditTrail;
  /**
   * Runs each billing alone among every instance's (a database lock in services.ts): a double
   * click bills once, and two updates of one client land on one new draft.
   */
  serialize: <T>(work: () => Promise<T>) => Promise<T>;
  timeZone: string;
}

/**
 * "Bill as extra update": an update request beyond the plan becomes the line "Extra update:
 * <subject>" at the extra-update price on the client's draft invoice (the newest; a new one
 * without), once. The ticket keeps the invoice it went on.
 */
export function createExtraUpdates({
  repository,
  meter,
  invoices,
  audit,
  serialize,
  timeZone,
}: ExtraUpdateDeps) {
  async function billable(ticketId: string) {
    const ticket = await repository.findTicket(ticketId);
    if (!ticket) throw new AppError(404, TICKET_NOT_FOUND);
    if (ticket.kind !== 'update') throw new AppError(409, NOT_AN_UPDATE);
    if (ticket.extraUpdateInvoiceId) {
      throw new AppError(
        409,
        ticket.invoiceNumber
          ? `Already billed on invoice ${ticket.invoiceNumber}.`
          : 'Already billed on the draft invoice.',
      );
    }
    return ticket;
  }

  return async function billExtraUpdate(
    actor: AuditActor,
    id: string,
  ): Promise<{ invoiceId: string }> {
    const ticketId = existingId(id, TICKET_NOT_FOUND);
    await billable(ticketId); // the plain refusals before waiting for the lock
    const billed = await serialize(async () => {
      const ticket = await billable(ticketId);
      const month = monthIn(ticket.createdAt, timeZone);
      const { meter: used, requests } = await meter.monthOf(ticket.userId, month);
      const request = requests.find((candidate) => candidate.ticketId === ticket.id);
      if (!request?.beyondPlan) {
        throw new AppError(
          409,
          used.included === null
            ? 'This update is included in the plan: its updates are unlimited.'
            : `This update is included in the plan: one of its ${used.included} in ${formatMonthName(month)}.`,
        );
      }
      if (used.extraUpdatePriceCents <= 0) throw new AppError(409, NO_EXTRA_UPDATE_PRICE);
      const client = await repository.findClient(ticket.userId);
      if (!client?.email) {
        throw new AppError(409, 'This client has no e-mail address to put on an invoice.');
      }
      const description = `Extra update: ${ticket.subject}`.slice(0, MAX_LINE);
      const { invoiceId } = await invoices.addToDraft(
        {
          userId: client.id,
          name: fullName(client) || client.businessName || client.email,
          email: client.email,
        },
        { description, unitPrice: used.extraUpdatePriceCents },
        actor,
        // In the line's own transaction: the line and the ticket's mark are committed together.
        async (tx, draftId) => {
          if (!(await repository.markBilled(tx, ticket.id, draftId))) {
            throw new AppError(409, BILLED_MEANWHILE);
          }
        },
      );
      return { invoiceId, description, amount: used.extraUpdatePriceCents };
    });
    await audit.record(actor, {
      kind: 'ticket.extra_update_billed',
      targetType: 'ticket',
      targetId: ticketId,
      before: { invoiceId: null },
      after: {
        invoiceId: billed.invoiceId,
        line: billed.description,
        amount: billed.amount,
      },
    });
    return { invoiceId: billed.invoiceId };
  };
}
