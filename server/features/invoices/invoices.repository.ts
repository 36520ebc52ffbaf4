import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { invoices, users } from '../../db/schema';

/** Statuses a client sees: a draft is the agency's business until it is sent. */
const VISIBLE_TO_CLIENT = ['sent', 'paid', 'overdue'] as const;

export function createInvoiceRepository(db: Database) {
  return {
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
