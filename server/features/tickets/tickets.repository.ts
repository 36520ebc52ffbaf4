import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import {
  TicketMessageEntrySchema,
  TicketSchema,
  type CreateTicket,
  type TicketStatus,
} from '@shared/schemas/tickets';
import type { Database } from '../../db/client';
import { jsonArray, jsonRow, jsonText } from '../../db/json';
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

  // A client's portal reads these on every visit: prepared once per connection, the answers'
  // JSON built by the database (server/db/json.ts).
  const ticketJson = jsonRow(tickets, TicketSchema);
  const ticketsOfUserJson = db
    .select({
      json: jsonText(jsonArray(ticketJson, sql`${tickets.createdAt} desc`)),
    })
    .from(tickets)
    .where(eq(tickets.userId, sql.placeholder('userId')))
    .prepare('tickets_of_user_json');
  const ticketOfUser = db
    .select()
    .from(tickets)
    .where(
      and(eq(tickets.id, sql.placeholder('id')), eq(tickets.userId, sql.placeholder('userId'))),
    )
    .prepare('ticket_of_user');
  const messagesJson = sql`(select ${jsonArray(
    jsonRow(ticketMessages, TicketMessageEntrySchema),
    sql`${ticketMessages.createdAt}, ${ticketMessages.id}`,
  )} from ${ticketMessages} where ${ticketMessages.ticketId} = ${tickets.id})`;
  const ticketDetailOfUserJson = db
    .select({
      json: jsonText(sql`json_build_object('ticket', ${ticketJson}, 'messages', ${messagesJson})`),
    })
    .from(tickets)
    .where(
      and(eq(tickets.id, sql.placeholder('id')), eq(tickets.userId, sql.placeholder('userId'))),
    )
    .prepare('ticket_detail_of_user_json');
  const messagesOfTicket = db
    .select()
    .from(ticketMessages)
    .where(eq(ticketMessages.ticketId, sql.placeholder('ticketId')))
    .orderBy(asc(ticketMessages.createdAt), asc(ticketMessages.id))
    .prepare('messages_of_ticket');

  return {
    /** The client's tickets, newest first, as the JSON text of a Ticket[]. */
    async listForUserJson(userId: string): Promise<string> {
      const [row] = await ticketsOfUserJson.execute({ userId });
      return row!.json;
    },

    /** The client's ticket with its messages as the JSON text of a TicketDetail; null if not theirs. */
    async detailForUserJson(userId: string, id: string): Promise<string | null> {
      const [row] = await ticketDetailOfUserJson.execute({ id, userId });
      return row?.json ?? null;
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
