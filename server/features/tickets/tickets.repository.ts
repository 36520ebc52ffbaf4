import { and, asc, count, desc, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import type { TicketSort, TicketStatus } from '@shared/schemas/tickets';
import type { TicketKind } from '@shared/schemas/updates';
import type { Database } from '../../db/client';
import { unionAll } from 'drizzle-orm/pg-core';
import {
  subscriptions,
  ticketMessages,
  tickets,
  ticketSearchText,
  users,
  userSearchText,
  type TicketMessageRow,
} from '../../db/schema';
import { onPage } from '../../db/paging';
import { textContains } from '../../db/search';
import type { ResponsePolicy } from '@shared/response-targets';
import {
  agencyReplied,
  changeStatus,
  clientWrote,
  openTicket,
  startEarlierClocks,
  type ClockAt,
  type NewTicket,
} from './ticket-lifecycle';

const ticketWithClient = {
  ticket: tickets,
  client: {
    id: users.id,
    email: users.email,
    firstName: users.firstName,
    lastName: users.lastName,
  },
};

/** The columns a client's ticket is shown with (ticket-views.ts toTicket), and no more. */
const shownTicket = {
  id: tickets.id,
  number: tickets.number,
  subject: tickets.subject,
  description: tickets.description,
  priority: tickets.priority,
  status: tickets.status,
  kind: tickets.kind,
  inboundMessageId: tickets.inboundMessageId,
  createdAt: tickets.createdAt,
  updatedAt: tickets.updatedAt,
};

/** The columns a message is shown with (ticket-views.ts toMessage). */
const shownMessage = {
  id: ticketMessages.id,
  message: ticketMessages.message,
  isAdminReply: ticketMessages.isAdminReply,
  source: ticketMessages.source,
  createdAt: ticketMessages.createdAt,
};

export type TicketWithClient = NonNullable<
  Awaited<ReturnType<ReturnType<typeof createTicketRepository>['findWithClient']>>
>;

export interface AdminTicketFilter {
  q: string;
  status?: TicketStatus;
  userId?: string;
  sort?: TicketSort;
  limit: number;
  offset: number;
}

export function createTicketRepository(db: Database) {
  /**
   * Adds a message and records the activity on the ticket, in one transaction holding the
   * ticket's row: `decide` sees the ticket as it is now and answers the status to leave it in
   * (or throws to refuse the message). Answers the ticket after it and the new message's id.
   */
  async function addMessage(
    ticketId: string,
    message: Pick<TicketMessageRow, 'message' | 'isAdminReply' | 'authorAdminId'> &
      Partial<Pick<TicketMessageRow, 'id' | 'source' | 'emailMessageId' | 'inboundMessageId'>>,
    decide: (ticket: typeof tickets.$inferSelect) => TicketStatus,
    clock: ClockAt,
  ) {
    return db.transaction(async (tx) => {
      const [ticket] = await tx
        .select()
        .from(tickets)
        .where(eq(tickets.id, ticketId))
        .for('update');
      if (!ticket) return null;
      const status = decide(ticket);
      const [added] = await tx
        .insert(ticketMessages)
        .values({ ticketId, ...message, createdAt: clock.at })
        .returning({ id: ticketMessages.id });
      const updated = message.isAdminReply
        ? await agencyReplied(tx, ticket, status, clock)
        : await clientWrote(tx, ticket, clock, status);
      return updated && added ? { ticket: updated, messageId: added.id } : null;
    });
  }

  const ticketOfUser = db
    .select()
    .from(tickets)
    .where(
      and(eq(tickets.id, sql.placeholder('id')), eq(tickets.userId, sql.placeholder('userId'))),
    )
    .prepare('ticket_of_user');
  // The client's list and ticket are the portal's most frequent reads: each is one prepared
  // statement of the columns shown (bench:api, docs/performance.md).
  const pageOfUser = db
    .select({ ...shownTicket, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(tickets)
    .where(eq(tickets.userId, sql.placeholder('userId')))
    .orderBy(desc(tickets.createdAt), desc(tickets.id))
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .prepare('ticket_page_of_user');
  const threadOfUser = db
    .select({ ticket: shownTicket, message: shownMessage })
    .from(tickets)
    .leftJoin(ticketMessages, eq(ticketMessages.ticketId, tickets.id))
    .where(
      and(eq(tickets.id, sql.placeholder('id')), eq(tickets.userId, sql.placeholder('userId'))),
    )
    .orderBy(asc(ticketMessages.createdAt), asc(ticketMessages.id))
    .prepare('thread_of_user');
  const messagesOfTicket = db
    .select()
    .from(ticketMessages)
    .where(eq(ticketMessages.ticketId, sql.placeholder('ticketId')))
    .orderBy(asc(ticketMessages.createdAt), asc(ticketMessages.id))
    .prepare('messages_of_ticket');

  return {
    /**
     * One page of the client's tickets, newest first, and how many they have: counted by the
     * same statement (a client's tickets are few), or apart for a page past the last.
     */
    async listForUser(userId: string, { limit, offset }: { limit: number; offset: number }) {
      const rows = await pageOfUser.execute({ userId, limit, offset });
      if (rows.length > 0 || offset === 0) return { rows, total: rows[0]?.total ?? 0 };
      const [counted] = await db
        .select({ value: count() })
        .from(tickets)
        .where(eq(tickets.userId, userId));
      return { rows, total: counted?.value ?? 0 };
    },

    /** The client's ticket as shown and its messages, oldest first; null if not theirs. */
    async threadForUser(userId: string, id: string) {
      const rows = await threadOfUser.execute({ id, userId });
      if (rows.length === 0) return null;
      return {
        ticket: rows[0]!.ticket,
        messages: rows.flatMap(({ message }) => (message ? [message] : [])),
      };
    },

    async create(userId: string, input: NewTicket, clock: ClockAt) {
      return db.transaction((tx) => openTicket(tx, userId, input, clock));
    },

    async findForUser(userId: string, id: string) {
      const [row] = await ticketOfUser.execute({ id, userId });
      return row ?? null;
    },

    async listMessages(ticketId: string) {
      return messagesOfTicket.execute({ ticketId });
    },

    addMessage,

    /**
     * One page of every client's tickets, most recent activity first, and how many match. The
     * search looks in the subject and in the client's name, e-mail and business: the ids each
     * index finds, put together (an OR of the two would read every ticket).
     */
    async list(filter: AdminTicketFilter) {
      const conditions: SQL[] = [];
      if (filter.q) {
        const clients = db
          .select({ id: users.id })
          .from(users)
          .where(textContains(userSearchText, filter.q));
        conditions.push(
          inArray(
            tickets.id,
            unionAll(
              db
                .select({ id: tickets.id })
                .from(tickets)
                .where(textContains(ticketSearchText, filter.q)),
              db.select({ id: tickets.id }).from(tickets).where(inArray(tickets.userId, clients)),
            ),
          ),
        );
      }
      if (filter.status) conditions.push(eq(tickets.status, filter.status));
      if (filter.userId) conditions.push(eq(tickets.userId, filter.userId));
      const where = conditions.length ? and(...conditions) : undefined;
      // Due soonest first, nothing owed last: the order of tickets_response_due_at_idx.
      const order =
        filter.sort === 'due'
          ? [sql`${tickets.responseDueAt} asc nulls last`, asc(tickets.id)]
          : [desc(tickets.updatedAt), desc(tickets.id)];
      const [rows, [counted]] = await Promise.all([
        db
          .select(ticketWithClient)
          .from(tickets)
          .innerJoin(users, eq(users.id, tickets.userId))
          .where(onPage(db, tickets, tickets.id, where, order, filter))
          .orderBy(...order),
        db.select({ value: count() }).from(tickets).where(where),
      ]);
      return { rows, total: counted?.value ?? 0 };
    },

    async findWithClient(id: string) {
      const [row] = await db
        .select(ticketWithClient)
        .from(tickets)
        .innerJoin(users, eq(users.id, tickets.userId))
        .where(eq(tickets.id, id));
      return row ?? null;
    },

    /** The status the admin set, and the ticket before it. */
    async updateStatus(id: string, status: TicketStatus, clock: ClockAt) {
      return db.transaction((tx) => changeStatus(tx, id, status, clock));
    },

    /**
     * The kind the admin set ("Website update" or "Question or problem"), and the kind before;
     * null: no such ticket. An update already billed as an extra stays an update:
     * 'billed'.
     */
    async updateKind(id: string, kind: TicketKind) {
      return db.transaction(async (tx) => {
        const [before] = await tx
          .select({ kind: tickets.kind, extraUpdateInvoiceId: tickets.extraUpdateInvoiceId })
          .from(tickets)
          .where(eq(tickets.id, id))
          .for('update');
        if (!before) return null;
        if (before.extraUpdateInvoiceId && kind !== 'update') return 'billed' as const;
        if (before.kind !== kind) {
          await tx.update(tickets).set({ kind }).where(eq(tickets.id, id));
        }
        return { before: before.kind, after: kind };
      });
    },

    /** Due times for the tickets from before response clocks (ticket-lifecycle.ts). */
    async startEarlierClocks(policy: ResponsePolicy) {
      return startEarlierClocks(db, policy);
    },

    /** The client's plan now (an active or past-due subscription's), null without one. */
    async currentPlan(userId: string) {
      const [row] = await db
        .select({ tier: subscriptions.tier })
        .from(subscriptions)
        .where(
          and(
            eq(subscriptions.userId, userId),
            inArray(subscriptions.status, ['active', 'past_due']),
          ),
        );
      return row?.tier ?? null;
    },

    /** How many of the client's tickets are not resolved. */
    async countUnresolved(userId: string): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(tickets)
        .where(and(eq(tickets.userId, userId), ne(tickets.status, 'resolved')));
      return row?.n ?? 0;
    },

    async countByStatus(status: TicketStatus): Promise<number> {
      const [row] = await db.select({ n: count() }).from(tickets).where(eq(tickets.status, status));
      return row?.n ?? 0;
    },
  };
}
export type TicketRepository = ReturnType<typeof createTicketRepository>;
