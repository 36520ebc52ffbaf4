import { and, eq, inArray, isNotNull, isNull, ne } from 'drizzle-orm';
import { calendarDateIn } from '@shared/dates';
import type { StatementSettings } from '@shared/schemas/statements';
import type { Database } from '../../db/client';
import {
  creditNotes,
  failedRefunds,
  invoices,
  payments,
  settings,
  statementDeliveries,
  users,
} from '../../db/schema';
import type { StatementFacts } from './statement-lines';
import { saveSettingsColumns, theSettingsRecord } from '../../db/settings-record';

/** A client as their statement names them. */
export interface StatementClient {
  id: string;
  firstName: string | null;
  lastName: string | null;
  email: string | null;
  businessName: string | null;
}

const clientColumns = {
  id: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  businessName: users.businessName,
};

/** What statements read: a client's invoices, payments, credit notes and failed refunds. */
export function createStatementsRepository(
  db: Database,
  /** The business's calendar (BILLING_TIMEZONE): each moment is read as its day there. */
  timeZone: string,
) {
  const day = (at: Date) => calendarDateIn(at, timeZone);
  const dayOrNull = (at: Date | null) => (at ? day(at) : null);
  const ofClient = (userId: string) =>
    and(
      eq(invoices.userId, userId),
      ne(invoices.status, 'draft'),
      isNotNull(invoices.invoiceNumber),
    );

  return {
    async client(id: string): Promise<StatementClient | null> {
      const [row] = await db.select(clientColumns).from(users).where(eq(users.id, id));
      return row ?? null;
    },

    /**
     * Everything that moves what the client owes, as days of the business. Drafts never count;
     * a flagged payment never counted toward its invoice (it waits for the admin, who refunds
     * or records it again), and a payment with no invoice is nobody's bill yet: neither shows.
     */
    async facts(userId: string): Promise<StatementFacts> {
      const [invoiceRows, paymentRows, noteRows, failedRows] = await Promise.all([
        db
          .select({
            id: invoices.id,
            number: invoices.invoiceNumber,
            dateIssued: invoices.dateIssued,
            dueDate: invoices.dueDate,
            total: invoices.total,
            status: invoices.status,
            voidedAt: invoices.voidedAt,
          })
          .from(invoices)
          .where(ofClient(userId)),
        db
          .select({
            id: payments.id,
            invoiceId: invoices.id,
            invoiceNumber: invoices.invoiceNumber,
            method: payments.method,
            reference: payments.reference,
            amount: payments.amount,
            paidAt: payments.paidAt,
            voidedAt: payments.voidedAt,
            refundedAmount: payments.refundedAmount,
            refundedAt: payments.refundedAt,
          })
          .from(payments)
          .innerJoin(invoices, eq(invoices.id, payments.invoiceId))
          .where(and(ofClient(userId), isNull(payments.flag))),
        db
          .select({
            id: creditNotes.id,
            number: creditNotes.creditNoteNumber,
            issuedAt: creditNotes.issuedAt,
            amount: creditNotes.amount,
            refundAmount: creditNotes.refundAmount,
            refundedByHandOn: creditNotes.refundedByHandOn,
            refundedByHandReference: creditNotes.refundedByHandReference,
            refundedByHandAmount: creditNotes.refundedByHandAmount,
          })
          .from(creditNotes)
          .innerJoin(invoices, eq(invoices.id, creditNotes.invoiceId))
          .where(and(ofClient(userId), eq(creditNotes.status, 'issued'))),
        db
          .select({
            paymentId: failedRefunds.paymentId,
            creditNoteId: failedRefunds.creditNoteId,
            amount: failedRefunds.amount,
            failedAt: failedRefunds.failedAt,
          })
          .from(failedRefunds)
          .innerJoin(payments, eq(payments.id, failedRefunds.paymentId))
          .innerJoin(invoices, eq(invoices.id, payments.invoiceId))
          .where(and(ofClient(userId), isNull(payments.flag))),
      ]);
      return {
        invoices: invoiceRows.map((row) => ({
          id: row.id,
          number: row.number ?? '',
          issuedOn: row.dateIssued,
          dueDate: row.dueDate,
          total: row.total,
          // A void invoice without its moment (voided before it was kept) left on its issue day.
          voidedOn: row.status === 'void' ? (dayOrNull(row.voidedAt) ?? row.dateIssued) : null,
        })),
        payments: paymentRows.map((row) => ({
          id: row.id,
          invoiceId: row.invoiceId,
          invoiceNumber: row.invoiceNumber ?? '',
          method: row.method,
          reference: row.reference,
          amount: row.amount,
          paidOn: day(row.paidAt),
          voidedOn: dayOrNull(row.voidedAt),
          refundedAmount: row.refundedAmount,
          refundedOn: dayOrNull(row.refundedAt),
        })),
        creditNotes: noteRows.map((row) => ({
          id: row.id,
          number: row.number ?? '',
          issuedOn: day(row.issuedAt ?? new Date(0)),
          amount: row.amount,
          refundAmount: row.refundAmount,
          refundedByHandOn: row.refundedByHandOn,
          refundedByHandReference: row.refundedByHandReference,
          refundedByHandAmount: row.refundedByHandAmount,
        })),
        failedRefunds: failedRows.map((row) => ({
          paymentId: row.paymentId,
          creditNoteId: row.creditNoteId,
          amount: row.amount,
          failedOn: day(row.failedAt),
        })),
      };
    },

    /** The clients with an issued invoice: those a monthly statement may be owed to. */
    async billedClients(): Promise<StatementClient[]> {
      const billed = db
        .selectDistinct({ userId: invoices.userId })
        .from(invoices)
        .where(and(isNotNull(invoices.userId), ne(invoices.status, 'draft')));
      return db
        .select(clientColumns)
        .from(users)
        .where(and(inArray(users.id, billed), isNull(users.deactivatedAt), isNotNull(users.email)));
    },

    /** The month's statement is the client's to send: false when it was claimed already. */
    async claimDelivery(userId: string, month: string): Promise<boolean> {
      const claimed = await db
        .insert(statementDeliveries)
        .values({ userId, month })
        .onConflictDoNothing()
        .returning({ userId: statementDeliveries.userId });
      return claimed.length > 0;
    },

    /** A claimed statement that could not be sent: the next run tries again. */
    async releaseDelivery(userId: string, month: string): Promise<void> {
      await db
        .delete(statementDeliveries)
        .where(and(eq(statementDeliveries.userId, userId), eq(statementDeliveries.month, month)));
    },

    async settings(): Promise<StatementSettings> {
      const [row] = await db
        .select({ monthlyEmails: settings.statementEmails })
        .from(settings)
        .where(theSettingsRecord);
      return row ?? { monthlyEmails: false };
    },

    /** Saved on the settings record; made with the default business details when there is none. */
    async saveSettings(values: StatementSettings): Promise<StatementSettings> {
      const row = await saveSettingsColumns(db, { statementEmails: values.monthlyEmails });
      return { monthlyEmails: row.statementEmails };
    },
  };
}
export type StatementsRepository = ReturnType<typeof createStatementsRepository>;
