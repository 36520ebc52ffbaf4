import { and, count, desc, eq, inArray, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import type { ClientStatusFilter } from '@shared/schemas/clients';
import { PAYABLE_INVOICE_STATUSES } from '@shared/schemas/payments';
import type { Database } from '../../db/client';
import {
  admins,
  clientNotes,
  creditNotes,
  invoices,
  payments,
  subscriptions,
  users,
  userSearchText,
  type ClientNoteRow,
  type User,
} from '../../db/schema';
import { payoutsOfPayments } from '../../db/payment-payouts';
import { textContains } from '../../db/search';

export interface ClientFilter {
  q: string;
  status?: ClientStatusFilter;
  limit: number;
  offset: number;
}

/** What payable (sent and overdue) invoices still ask for, in cents. */
const owed = sql<number>`coalesce(sum(${invoices.total} - ${invoices.amountPaid}) filter (where ${inArray(invoices.status, PAYABLE_INVOICE_STATUSES)}), 0)::int`;

/** The agency's client directory and each client's page: reads across the features' tables. */
export function createClientRepository(db: Database) {
  return {
    /**
     * One page of the client accounts, newest first, with their plan and balance, and how many
     * match. The search uses users_search_idx; the status filter subscriptions_status_idx.
     */
    async list(filter: ClientFilter) {
      const conditions: SQL[] = [];
      if (filter.q) conditions.push(textContains(userSearchText, filter.q));
      if (filter.status === 'none') conditions.push(isNull(subscriptions.id));
      else if (filter.status) conditions.push(eq(subscriptions.status, filter.status));
      const where = conditions.length ? and(...conditions) : undefined;
      const [rows, [counted]] = await Promise.all([
        db
          .select({ user: users, plan: subscriptions.tier, status: subscriptions.status })
          .from(users)
          .leftJoin(subscriptions, eq(subscriptions.userId, users.id))
          .where(where)
          .orderBy(desc(users.createdAt), desc(users.id))
          .limit(filter.limit)
          .offset(filter.offset),
        db
          .select({ value: count() })
          .from(users)
          .leftJoin(subscriptions, eq(subscriptions.userId, users.id))
          .where(where),
      ]);
      // The page's balances in one query (a subquery per row would also run for the rows an
      // OFFSET skips).
      const ids = rows.map((row) => row.user.id);
      const balances = ids.length
        ? await db
            .select({ userId: invoices.userId, balance: owed })
            .from(invoices)
            .where(inArray(invoices.userId, ids))
            .groupBy(invoices.userId)
        : [];
      const balanceOf = new Map(balances.map((row) => [row.userId, row.balance]));
      return {
        rows: rows.map((row) => ({ ...row, balance: balanceOf.get(row.user.id) ?? 0 })),
        total: counted?.value ?? 0,
      };
    },

    async find(id: string) {
      const [row] = await db.select().from(users).where(eq(users.id, id));
      return row ?? null;
    },

    /** The client's details changed (undefined: left as it is); the client after, or null. */
    async updateDetails(
      id: string,
      details: Partial<Pick<User, 'firstName' | 'lastName' | 'businessName' | 'phoneNumber'>>,
    ): Promise<User | null> {
      const [row] = await db
        .update(users)
        .set({ ...details, updatedAt: sql`now()` })
        .where(eq(users.id, id))
        .returning();
      return row ?? null;
    },

    /**
     * Deactivates (a moment) or reactivates (null) the account; the client after, or null
     * when it was already so (or there is no such client).
     */
    async setDeactivated(id: string, at: Date | null): Promise<User | null> {
      const [row] = await db
        .update(users)
        .set({ deactivatedAt: at, updatedAt: sql`now()` })
        .where(
          and(eq(users.id, id), at ? isNull(users.deactivatedAt) : isNotNull(users.deactivatedAt)),
        )
        .returning();
      return row ?? null;
    },

    /**
     * Still owed on sent and overdue invoices, of which overdue, and received less what issued
     * credit notes gave back, in cents.
     */
    async money(userId: string) {
      const credited = db
        .select({ amount: sql<number>`coalesce(sum(${creditNotes.amount}), 0)::int` })
        .from(creditNotes)
        .innerJoin(invoices, eq(invoices.id, creditNotes.invoiceId))
        .where(and(eq(invoices.userId, userId), eq(creditNotes.status, 'issued')));
      const [row] = await db
        .select({
          balance: owed,
          overdue: sql<number>`coalesce(sum(${invoices.total} - ${invoices.amountPaid}) filter (where ${invoices.status} = 'overdue'), 0)::int`,
          paid: sql<number>`(coalesce(sum(${invoices.amountPaid}), 0) - (${credited}))::int`,
        })
        .from(invoices)
        .where(eq(invoices.userId, userId));
      return row ?? { balance: 0, overdue: 0, paid: 0 };
    },

    /** The client's most recent payments with their invoice's number, and how many in all. */
    async payments(userId: string, limit: number) {
      const where = eq(invoices.userId, userId);
      const [rows, [counted]] = await Promise.all([
        db
          .select({ payment: payments, invoiceNumber: invoices.invoiceNumber })
          .from(payments)
          .innerJoin(invoices, eq(invoices.id, payments.invoiceId))
          .where(where)
          .orderBy(desc(payments.paidAt), desc(payments.createdAt))
          .limit(limit),
        db
          .select({ value: count() })
          .from(payments)
          .innerJoin(invoices, eq(invoices.id, payments.invoiceId))
          .where(where),
      ]);
      const payouts = await payoutsOfPayments(
        db,
        rows.map((row) => row.payment.id),
      );
      return { rows, total: counted?.value ?? 0, payouts };
    },

    /** The agency's notes on the client, newest first, with their authors' e-mails. */
    async notes(userId: string, limit: number) {
      return db
        .select({ note: clientNotes, authorEmail: admins.email })
        .from(clientNotes)
        .leftJoin(admins, eq(admins.id, clientNotes.authorAdminId))
        .where(eq(clientNotes.userId, userId))
        .orderBy(desc(clientNotes.createdAt), desc(clientNotes.id))
        .limit(limit);
    },

    async addNote(userId: string, authorAdminId: string | null, body: string) {
      const [row] = await db
        .insert(clientNotes)
        .values({ userId, authorAdminId, body })
        .returning();
      if (!row) throw new Error('Client note insert returned no row');
      return row;
    },

    /** Deletes one of the client's notes; the note deleted, or undefined when there was none. */
    async removeNote(userId: string, noteId: string): Promise<ClientNoteRow | undefined> {
      const [row] = await db
        .delete(clientNotes)
        .where(and(eq(clientNotes.userId, userId), eq(clientNotes.id, noteId)))
        .returning();
      return row;
    },
  };
}
export type ClientRepository = ReturnType<typeof createClientRepository>;
