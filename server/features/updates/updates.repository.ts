import { and, asc, eq, gte, inArray, isNull, lt } from 'drizzle-orm';
import type { PlanId } from '@shared/plans';
import type { Database, Transaction } from '../../db/client';
import { invoices, subscriptions, tickets, users } from '../../db/schema';

const requestColumns = {
  id: tickets.id,
  number: tickets.number,
  subject: tickets.subject,
  createdAt: tickets.createdAt,
  extraUpdateInvoiceId: tickets.extraUpdateInvoiceId,
};

/** The update requests (tickets of kind 'update') a client's plan counts, and their billing. */
export function createUpdatesRepository(db: Database) {
  return {
    /** The client's plan now (an active or past-due subscription's), null without one. */
    async currentPlan(userId: string): Promise<PlanId | null> {
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

    async findClient(userId: string) {
      const [row] = await db
        .select({
          id: users.id,
          email: users.email,
          firstName: users.firstName,
          lastName: users.lastName,
          businessName: users.businessName,
        })
        .from(users)
        .where(eq(users.id, userId));
      return row ?? null;
    },

    /**
     * The client's update requests asked for in [from, to), in the order they came (the
     * number breaks a tie): tickets_user_id_kind_created_at_idx reads just these.
     */
    async requestsBetween(userId: string, from: Date, to: Date) {
      return db
        .select(requestColumns)
        .from(tickets)
        .where(
          and(
            eq(tickets.userId, userId),
            eq(tickets.kind, 'update'),
            gte(tickets.createdAt, from),
            lt(tickets.createdAt, to),
          ),
        )
        .orderBy(asc(tickets.createdAt), asc(tickets.number));
    },

    /** A ticket as billing an extra update needs it, with the number of the invoice it is on. */
    async findTicket(id: string) {
      const [row] = await db
        .select({
          ...requestColumns,
          userId: tickets.userId,
          kind: tickets.kind,
          invoiceNumber: invoices.invoiceNumber,
        })
        .from(tickets)
        .leftJoin(invoices, eq(invoices.id, tickets.extraUpdateInvoiceId))
        .where(eq(tickets.id, id));
      return row ?? null;
    },

    /**
     * Records the invoice the update was billed on, in the invoices' transaction that adds its
     * line (addToDraft's `within`); false when it was billed already.
     */
    async markBilled(tx: Transaction, ticketId: string, invoiceId: string): Promise<boolean> {
      const rows = await tx
        .update(tickets)
        .set({ extraUpdateInvoiceId: invoiceId })
        .where(and(eq(tickets.id, ticketId), isNull(tickets.extraUpdateInvoiceId)))
        .returning({ id: tickets.id });
      return rows.length > 0;
    },
  };
}
export type UpdatesRepository = ReturnType<typeof createUpdatesRepository>;
