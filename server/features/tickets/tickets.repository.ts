import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import type { CreateTicket, TicketStatus } from '../../../shared/schemas/tickets';
import type { Database } from '../../db/client';
import { ticketMessages, tickets, users, type TicketMessageRow } from '../../db/schema';

const ticketWithClient = {
  ticket: tickets,
  client: {
    id: users.id,
    email: users.email,
    firstName: users.firstName,
    lastName: users.lastName,
  },
};

export type TicketWithClient = Awaited<
  ReturnType<ReturnType<typeof createTicketRepository>['listAll']>
>[number];

export function createTicketRepository(db: Database) {
  /**
   * Adds a message and records the activity on the ticket, in one transaction holding the
   * ticket's row: `decide` sees the ticket as it is now and answers the status to leave it in
   * (or throws to refuse the message).
   */
  async function addMessage(
    ticketId: string,
    message: Pick<TicketMessageRow, 'message' | 'isAdminReply' | 'authorAdminId'>,
    decide: (ticket: typeof tickets.$inferSelect) => TicketStatus,
  ) {
    return db.transaction(async (tx) => {
      const [ticket] = await tx
        .select()
        .from(tickets)
        .where(eq(tickets.id, ticketId))
        .for('update');
      if (!ticket) return null;
      const status = decide(ticket);
      await tx.insert(ticketMessages).values({ ticketId, ...message });
      const [updated] = await tx
        .update(tickets)
        .set({ status, updatedAt: sql`now()` })
        .where(eq(tickets.id, ticketId))
        .returning();
      return updated ?? null;
    });
  }

  // A client's portal reads these on every visit: prepared once per connection instead of
  // built and parsed per request.
  const ticketsOfUser = db
    .select()
    .from(tickets)
    .where(eq(tickets.userId, sql.placeholder('userId')))
    .orderBy(desc(tickets.createdAt))
    .prepare('tickets_of_user');
  const ticketOfUser = db
    .select()
    .from(tickets)
    .where(
      and(eq(tickets.id, sql.placeholder('id')), eq(tickets.userId, sql.placeholder('userId'))),
    )
    .prepare('ticket_of_user');
  const messagesOfTicket = db
    .select()
    .from(ticketMessages)
    .where(eq(ticketMessages.ticketId, sql.placeholder('ticketId')))
    .orderBy(asc(ticketMessages.createdAt), asc(ticketMessages.id))
    .prepare('messages_of_ticket');

  return {
    async listForUser(userId: string) {
      return ticketsOfUser.execute({ userId });
    },

    async create(userId: string, input: CreateTicket) {
      const [row] = await db
        .insert(tickets)
        .values({ userId, ...input })
        .returning();
      if (!row) throw new Error('Ticket insert returned no row');
      return row;
    },

    async findForUser(userId: string, id: string) {
      const [row] = await ticketOfUser.execute({ id, userId });
      return row ?? null;
    },

    async listMessages(ticketId: string) {
      return messagesOfTicket.execute({ ticketId });
    },

    addMessage,

    /** Every client's tickets, most recent activity first. */
    async listAll(status?: TicketStatus) {
      return db
        .select(ticketWithClient)
        .from(tickets)
        .innerJoin(users, eq(users.id, tickets.userId))
        .where(status ? eq(tickets.status, status) : undefined)
        .orderBy(desc(tickets.updatedAt));
    },

    async findWithClient(id: string) {
      const [row] = await db
        .select(ticketWithClient)
        .from(tickets)
        .innerJoin(users, eq(users.id, tickets.userId))
        .where(eq(tickets.id, id));
      return row ?? null;
    },

    async updateStatus(id: string, status: TicketStatus) {
      const [row] = await db
        .update(tickets)
        .set({ status, updatedAt: sql`now()` })
        .where(eq(tickets.id, id))
        .returning();
      return row ?? null;
    },

    async countByStatus(status: TicketStatus): Promise<number> {
      const [row] = await db.select({ n: count() }).from(tickets).where(eq(tickets.status, status));
      return row?.n ?? 0;
    },
  };
}
export type TicketRepository = ReturnType<typeof createTicketRepository>;
