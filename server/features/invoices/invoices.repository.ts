import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { InvoiceStatus } from '../../../shared/schemas/invoices';
import type { Database } from '../../db/client';
import { invoiceCounters, invoiceLineItems, invoices, users } from '../../db/schema';

/** Statuses a client sees: a draft is the agency's business until it is sent. */
const VISIBLE_TO_CLIENT = ['sent', 'paid', 'overdue'] as const;

export interface NewInvoice {
  clientName: string;
  clientEmail: string;
  planType: (typeof invoices.$inferInsert)['planType'];
  dueDate: string;
  notes: string;
  subtotal: number;
  tax: number;
  discount: number;
  total: number;
  lineItems: Array<{ description: string; quantity: number; unitPrice: number; total: number }>;
}

export function createInvoiceRepository(db: Database) {
  return {
    /**
     * The invoice, its lines and its number in one transaction: the year's counter row is
     * locked by the increment, so parallel creations get consecutive, distinct numbers, and a
     * failed insert gives its number back.
     */
    async create(input: NewInvoice, year: number) {
      return db.transaction(async (tx) => {
        const [counter] = await tx
          .insert(invoiceCounters)
          .values({ year, last: 1 })
          .onConflictDoUpdate({
            target: invoiceCounters.year,
            set: { last: sql`${invoiceCounters.last} + 1` },
          })
          .returning();
        if (!counter) throw new Error('Invoice counter returned no row');
        const invoiceNumber = `INV-${year}-${String(counter.last).padStart(4, '0')}`;
        const { lineItems, ...values } = input;
        const [invoice] = await tx
          .insert(invoices)
          .values({ ...values, invoiceNumber })
          .returning();
        if (!invoice) throw new Error('Invoice insert returned no row');
        const lines = await tx
          .insert(invoiceLineItems)
          .values(lineItems.map((line, position) => ({ ...line, position, invoiceId: invoice.id })))
          .returning();
        return { invoice, lines };
      });
    },

    async list() {
      return db.select().from(invoices).orderBy(desc(invoices.createdAt));
    },

    async find(id: string) {
      const [invoice] = await db.select().from(invoices).where(eq(invoices.id, id));
      if (!invoice) return null;
      const lines = await db
        .select()
        .from(invoiceLineItems)
        .where(eq(invoiceLineItems.invoiceId, id))
        .orderBy(asc(invoiceLineItems.position));
      return { invoice, lines };
    },

    /** Moves the status only from one of `from`; null when the invoice is not in one of them. */
    async transition(id: string, from: readonly InvoiceStatus[], to: InvoiceStatus) {
      const stamp =
        to === 'sent' ? { sentAt: sql`now()` } : to === 'paid' ? { paidAt: sql`now()` } : {};
      const [row] = await db
        .update(invoices)
        .set({ status: to, ...stamp, updatedAt: sql`now()` })
        .where(and(eq(invoices.id, id), inArray(invoices.status, [...from])))
        .returning();
      return row ?? null;
    },

    async remove(id: string): Promise<boolean> {
      const rows = await db
        .delete(invoices)
        .where(eq(invoices.id, id))
        .returning({ id: invoices.id });
      return rows.length > 0;
    },

    /** The invoices addressed to the client's e-mail, newest first. */
    async listForClient(userId: string) {
      return db
        .select({
          id: invoices.id,
          invoiceNumber: invoices.invoiceNumber,
          dateIssued: invoices.dateIssued,
          dueDate: invoices.dueDate,
          total: invoices.total,
          status: invoices.status,
          paidAt: invoices.paidAt,
        })
        .from(invoices)
        .innerJoin(users, sql`lower(${users.email}) = lower(${invoices.clientEmail})`)
        .where(and(eq(users.id, userId), inArray(invoices.status, VISIBLE_TO_CLIENT)))
        .orderBy(desc(invoices.dateIssued), desc(invoices.createdAt));
    },
  };
}
export type InvoiceRepository = ReturnType<typeof createInvoiceRepository>;
