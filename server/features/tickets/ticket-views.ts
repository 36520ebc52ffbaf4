import type { AdminTicket, Attachment, Ticket, TicketMessageEntry } from '@shared/schemas/tickets';
import type { TicketMessageRow, TicketRow } from '../../db/schema';
import { fullName } from '../../lib/format';
import { existingId } from '../../lib/ids';
import type { TicketWithClient } from './tickets.repository';

export const TICKET_NOT_FOUND = 'Ticket not found';

/** A client learns nothing about tickets that are not theirs: 404 for those and for bad ids. */
export const checkedId = (id: string) => existingId(id, TICKET_NOT_FOUND);

/** Where each side downloads a file: the admin's session lives under /api/admin. */
export const clientFileUrl = (id: string) => `/api/attachments/${id}`;
export const adminFileUrl = (id: string) => `/api/admin/attachments/${id}`;

/** A ticket as both sides see it. */
export function toTicket(
  row: Pick<
    TicketRow,
    | 'id'
    | 'number'
    | 'subject'
    | 'description'
    | 'priority'
    | 'status'
    | 'kind'
    | 'inboundMessageId'
    | 'createdAt'
    | 'updatedAt'
  >,
): Ticket {
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

/** A message of the thread, with the files sent with it. */
export function toMessage(
  row: Pick<TicketMessageRow, 'id' | 'message' | 'isAdminReply' | 'source' | 'createdAt'>,
  files: Map<string, Attachment[]>,
): TicketMessageEntry {
  return {
    id: row.id,
    message: row.message,
    isAdminReply: row.isAdminReply,
    source: row.source,
    createdAt: row.createdAt.toISOString(),
    attachments: files.get(row.id) ?? [],
  };
}

/** The admin's view: whose ticket it is and where its response clock stands. */
export function toAdminTicket({ ticket, client }: TicketWithClient): AdminTicket {
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
