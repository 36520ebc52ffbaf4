import {
  and,
  asc,
  eq,
  gt,
  gte,
  inArray,
  isNotNull,
  lte,
  ne,
  sql,
  type AnyColumn,
  type SQL,
} from 'drizzle-orm';
import type { AccountingSettings } from '@shared/schemas/exports';
import type { Database } from '../../db/client';
import {
  creditNotes,
  creditNoteTaxes,
  invoiceLineItems,
  invoices,
  invoiceTaxes,
  payments,
  payoutLines,
  payouts,
  settings,
} from '../../db/schema';
import type {
  BookCreditNote,
  BookInvoice,
  BookPayment,
  BookPayout,
  BookTax,
  Period,
} from './book-rows';
import { saveSettingsColumns, theSettingsRecord } from '../../db/settings-record';

/** Rows read per query: a batch is held, never the period. */
export const BOOK_BATCH_SIZE = 1000;

/**
 * The books' reads (issue 39): the accounts named in Settings, and each kind of document of a
 * period in keyset-paged batches (an async generator of arrays), so a file of 100,000 invoices
 * streams without holding them. Timestamps are cut at the business day's edges in its zone;
 * keysets carry a timestamp as text, so no microsecond is lost between batches.
 */
export function createAccountingRepository(db: Database, timeZone: string) {
  const dayOf = (column: AnyColumn) =>
    sql<string | null>`to_char(${column} at time zone ${timeZone}, 'YYYY-MM-DD')`;
  const startOf = (day: string) => sql`((${day}::date)::timestamp at time zone ${timeZone})`;
  const endOf = (day: string) => sql`((${day}::date + 1)::timestamp at time zone ${timeZone})`;
  const within = (column: AnyColumn | SQL, period: Period) =>
    and(sql`${column} >= ${startOf(period.from)}`, sql`${column} < ${endOf(period.to)}`);

  /** Batches of `fetch(after)` until one comes back short. */
  async function* batches<Row, Key>(
    fetch: (after: Key | undefined) => Promise<Row[]>,
    keyOf: (row: Row) => Key,
  ): AsyncGenerator<Row[]> {
    let after: Key | undefined;
    for (;;) {
      const rows = await fetch(after);
      if (rows.length > 0) yield rows;
      if (rows.length < BOOK_BATCH_SIZE) return;
      after = keyOf(rows[rows.length - 1]!);
    }
  }

  const taxColumns = {
    id: invoiceTaxes.id,
    invoiceId: invoiceTaxes.invoiceId,
    taxRateId: invoiceTaxes.taxRateId,
    name: invoiceTaxes.name,
    percentThousandths: invoiceTaxes.percentThousandths,
    taxableAmount: invoiceTaxes.taxableAmount,
    amount: invoiceTaxes.amount,
  };

  async function taxesOf(invoiceIds: string[]): Promise<Map<string, BookTax[]>> {
    const byInvoice = new Map<string, BookTax[]>();
    if (invoiceIds.length === 0) return byInvoice;
    const rows = await db
      .select(taxColumns)
      .from(invoiceTaxes)
      .where(inArray(invoiceTaxes.invoiceId, invoiceIds))
      .orderBy(asc(invoiceTaxes.invoiceId), asc(invoiceTaxes.position));
    for (const { invoiceId, ...tax } of rows) {
      const list = byInvoice.get(invoiceId) ?? [];
      list.push(tax);
      byInvoice.set(invoiceId, list);
    }
    return byInvoice;
  }

  const invoiceColumns = {
    id: invoices.id,
    number: sql<string>`coalesce(${invoices.invoiceNumber}, '')`,
    clientName: invoices.clientName,
    clientEmail: invoices.clientEmail,
    status: invoices.status,
    dateIssued: invoices.dateIssued,
    dueDate: invoices.dueDate,
    voidedOn: dayOf(invoices.voidedAt),
    voidedAtText: sql<string | null>`${invoices.voidedAt}::text`,
    subtotal: invoices.subtotal,
    discount: invoices.discount,
    tax: invoices.tax,
    total: invoices.total,
    notes: invoices.notes,
    lateFeeFor: invoices.lateFeeForInvoiceId,
  };
  interface InvoiceHead {
    id: string;
    number: string;
    clientName: string;
    clientEmail: string;
    status: string;
    dateIssued: string;
    dueDate: string;
    voidedOn: string | null;
    voidedAtText: string | null;
    subtotal: number;
    discount: number;
    tax: number;
    total: number;
    notes: string;
    lateFeeFor: string | null;
  }

  /** The batch's lines and taxes, three queries a batch. */
  async function withLines(
    heads: InvoiceHead[],
    needLines = true,
  ): Promise<(BookInvoice & { key: InvoiceHead })[]> {
    const ids = heads.map((head) => head.id);
    const [lines, taxes] = await Promise.all([
      ids.length === 0 || !needLines
        ? []
        : db
            .select({
              invoiceId: invoiceLineItems.invoiceId,
              description: invoiceLineItems.description,
              quantity: invoiceLineItems.quantity,
              unitPrice: invoiceLineItems.unitPrice,
              total: invoiceLineItems.total,
              taxable: invoiceLineItems.taxable,
            })
            .from(invoiceLineItems)
            .where(inArray(invoiceLineItems.invoiceId, ids))
            .orderBy(asc(invoiceLineItems.invoiceId), asc(invoiceLineItems.position)),
      taxesOf(ids),
    ]);
    const linesOf = new Map<string, BookInvoice['lines']>();
    for (const { invoiceId, ...line } of lines) {
      const list = linesOf.get(invoiceId) ?? [];
      list.push(line);
      linesOf.set(invoiceId, list);
    }
    return heads.map((head) => ({
      key: head,
      id: head.id,
      number: head.number,
      clientName: head.clientName,
      clientEmail: head.clientEmail,
      status: head.status,
      dateIssued: head.dateIssued,
      dueDate: head.dueDate,
      voidedOn: head.voidedOn,
      subtotal: head.subtotal,
      discount: head.discount,
      tax: head.tax,
      total: head.total,
      notes: head.notes,
      lateFee: head.lateFeeFor !== null,
      lines: linesOf.get(head.id) ?? [],
      taxes: taxes.get(head.id) ?? [],
    }));
  }

  const creditNoteColumns = {
    id: creditNotes.id,
    number: sql<string>`coalesce(${creditNotes.creditNoteNumber}, '')`,
    invoiceId: creditNotes.invoiceId,
    invoiceNumber: sql<string>`coalesce(${invoices.invoiceNumber}, '')`,
    clientName: invoices.clientName,
    clientEmail: invoices.clientEmail,
    issuedOn: sql<string>`${dayOf(creditNotes.issuedAt)}`,
    issuedAtText: sql<string>`${creditNotes.issuedAt}::text`,
    amount: creditNotes.amount,
    reason: creditNotes.reason,
    refundAmount: creditNotes.refundAmount,
    refundedByHandOn: creditNotes.refundedByHandOn,
    refundedByHandReference: creditNotes.refundedByHandReference,
    refundedByHandAmount: creditNotes.refundedByHandAmount,
    invoiceTotal: invoices.total,
  };
  type CreditNoteHead = Omit<BookCreditNote, 'taxes' | 'invoiceTaxes'> & { issuedAtText: string };

  async function withNoteTaxes(heads: CreditNoteHead[]): Promise<BookCreditNote[]> {
    const ids = heads.map((head) => head.id);
    const [reversed, invoiceTaxList] = await Promise.all([
      ids.length === 0
        ? []
        : db
            .select({
              creditNoteId: creditNoteTaxes.creditNoteId,
              invoiceTaxId: creditNoteTaxes.invoiceTaxId,
              taxRateId: invoiceTaxes.taxRateId,
              name: invoiceTaxes.name,
              percentThousandths: invoiceTaxes.percentThousandths,
              amount: creditNoteTaxes.amount,
            })
            .from(creditNoteTaxes)
            .innerJoin(invoiceTaxes, eq(invoiceTaxes.id, creditNoteTaxes.invoiceTaxId))
            .where(inArray(creditNoteTaxes.creditNoteId, ids))
            .orderBy(asc(creditNoteTaxes.creditNoteId), asc(invoiceTaxes.position)),
      taxesOf([...new Set(heads.map((head) => head.invoiceId))]),
    ]);
    const reversedOf = new Map<string, BookCreditNote['taxes']>();
    for (const { creditNoteId, ...tax } of reversed) {
      const list = reversedOf.get(creditNoteId) ?? [];
      list.push(tax);
      reversedOf.set(creditNoteId, list);
    }
    return heads.map(({ issuedAtText: _key, ...head }) => ({
      ...head,
      taxes: reversedOf.get(head.id) ?? [],
      invoiceTaxes: invoiceTaxList.get(head.invoiceId) ?? [],
    }));
  }

  const paymentColumns = {
    id: payments.id,
    invoiceId: payments.invoiceId,
    invoiceNumber: invoices.invoiceNumber,
    clientName: sql<string | null>`coalesce(${invoices.clientName}, ${payments.payerEmail})`,
    paidOn: sql<string>`${dayOf(payments.paidAt)}`,
    voidedOn: dayOf(payments.voidedAt),
    keyText: sql<string>`${payments.paidAt}::text`,
    method: payments.method,
    reference: payments.reference,
    stripePaymentIntentId: payments.stripePaymentIntentId,
    amount: payments.amount,
    refundedAmount: payments.refundedAmount,
    refundedOn: dayOf(payments.refundedAt),
    flagged: sql<boolean>`${payments.flag} is not null`,
    invoiceTotal: sql<number>`coalesce(${invoices.total}, 0)`,
  };
  type PaymentHead = Omit<
    BookPayment,
    'fee' | 'payoutId' | 'payoutArrivalDate' | 'invoiceTaxes'
  > & {
    keyText: string;
  };

  async function withPayouts(heads: PaymentHead[]): Promise<BookPayment[]> {
    const ids = heads.map((head) => head.id);
    const invoiceIds = [
      ...new Set(heads.flatMap((head) => (head.invoiceId === null ? [] : [head.invoiceId]))),
    ];
    const [settled, taxes] = await Promise.all([
      ids.length === 0
        ? []
        : db
            .select({
              paymentId: payoutLines.paymentId,
              fee: payoutLines.fee,
              payoutId: payoutLines.payoutId,
              arrivalDate: payouts.arrivalDate,
            })
            .from(payoutLines)
            .innerJoin(payouts, eq(payouts.id, payoutLines.payoutId))
            .where(and(inArray(payoutLines.paymentId, ids), eq(payoutLines.kind, 'charge'))),
      taxesOf(invoiceIds),
    ]);
    const payoutOf = new Map(settled.map((line) => [line.paymentId, line]));
    return heads.map(({ keyText: _key, ...head }) => {
      const payout = payoutOf.get(head.id);
      return {
        ...head,
        fee: payout?.fee ?? null,
        payoutId: payout?.payoutId ?? null,
        payoutArrivalDate: payout?.arrivalDate ?? null,
        invoiceTaxes: head.invoiceId === null ? [] : (taxes.get(head.invoiceId) ?? []),
      };
    });
  }

  async function* paymentBatches(
    at: AnyColumn | SQL,
    where: SQL | undefined,
  ): AsyncGenerator<BookPayment[]> {
    const columns = { ...paymentColumns, keyText: sql<string>`${at}::text` };
    for await (const heads of batches(
      (after: { at: string; id: string } | undefined) =>
        db
          .select(columns)
          .from(payments)
          .leftJoin(invoices, eq(invoices.id, payments.invoiceId))
          .where(
            and(
              where,
              after && sql`(${at}, ${payments.id}) > (${after.at}::timestamptz, ${after.id})`,
            ),
          )
          .orderBy(asc(at), asc(payments.id))
          .limit(BOOK_BATCH_SIZE),
      (row) => ({ at: row.keyText, id: row.id }),
    )) {
      yield await withPayouts(heads);
    }
  }

  async function* creditNoteBatches(where: SQL | undefined): AsyncGenerator<BookCreditNote[]> {
    for await (const heads of batches(
      (after: { at: string; id: string } | undefined) =>
        db
          .select(creditNoteColumns)
          .from(creditNotes)
          .innerJoin(invoices, eq(invoices.id, creditNotes.invoiceId))
          .where(
            and(
              eq(creditNotes.status, 'issued'),
              where,
              after &&
                sql`(${creditNotes.issuedAt}, ${creditNotes.id}) > (${after.at}::timestamptz, ${after.id})`,
            ),
          )
          .orderBy(asc(creditNotes.issuedAt), asc(creditNotes.id))
          .limit(BOOK_BATCH_SIZE),
      (row) => ({ at: row.issuedAtText, id: row.id }),
    )) {
      yield await withNoteTaxes(heads);
    }
  }

  return {
    async accounts(): Promise<AccountingSettings['accounts'] | null> {
      const [row] = await db
        .select({ accounts: settings.accountingAccounts })
        .from(settings)
        .where(theSettingsRecord);
      return row?.accounts ?? null;
    },

    /** Saved on the settings record (made with the default business details when none yet). */
    async saveAccounts(accounts: AccountingSettings['accounts']): Promise<void> {
      await saveSettingsColumns(db, { accountingAccounts: accounts });
    },

    /**
     * Invoices issued in the period (every status but draft; void ones too when asked), with
     * their lines unless `lines: false` (the tax report needs only the taxes).
     */
    async *invoicesIssued(
      period: Period,
      { withVoid, lines = true }: { withVoid: boolean; lines?: boolean },
    ): AsyncGenerator<BookInvoice[]> {
      for await (const heads of batches(
        (after: { day: string; id: string } | undefined) =>
          db
            .select(invoiceColumns)
            .from(invoices)
            .where(
              and(
                ne(invoices.status, 'draft'),
                withVoid ? undefined : ne(invoices.status, 'void'),
                gte(invoices.dateIssued, period.from),
                lte(invoices.dateIssued, period.to),
                after &&
                  sql`(${invoices.dateIssued}, ${invoices.id}) > (${after.day}::date, ${after.id})`,
              ),
            )
            .orderBy(asc(invoices.dateIssued), asc(invoices.id))
            .limit(BOOK_BATCH_SIZE),
        (row) => ({ day: row.dateIssued, id: row.id }),
      )) {
        yield await withLines(heads, lines);
      }
    },

    /** Invoices voided in the period (whenever they were issued). */
    async *invoicesVoided(
      period: Period,
      { lines = true }: { lines?: boolean } = {},
    ): AsyncGenerator<BookInvoice[]> {
      for await (const heads of batches(
        (after: { at: string; id: string } | undefined) =>
          db
            .select(invoiceColumns)
            .from(invoices)
            .where(
              and(
                eq(invoices.status, 'void'),
                isNotNull(invoices.voidedAt),
                ne(invoices.status, 'draft'),
                within(invoices.voidedAt, period),
                after &&
                  sql`(${invoices.voidedAt}, ${invoices.id}) > (${after.at}::timestamptz, ${after.id})`,
              ),
            )
            .orderBy(asc(invoices.voidedAt), asc(invoices.id))
            .limit(BOOK_BATCH_SIZE),
        (row) => ({ at: row.voidedAtText ?? '', id: row.id }),
      )) {
        yield await withLines(heads, lines);
      }
    },

    /** Credit notes issued in the period. */
    creditNotesIssued: (period: Period) => creditNoteBatches(within(creditNotes.issuedAt, period)),

    /** Credit notes whose rest was given back by hand in the period. */
    creditNotesRefundedByHand: (period: Period) =>
      creditNoteBatches(
        and(
          gte(creditNotes.refundedByHandOn, period.from),
          lte(creditNotes.refundedByHandOn, period.to),
        ),
      ),

    /** Payments received in the period (voided ones too: their void is its own event). */
    paymentsReceived: (period: Period) =>
      paymentBatches(payments.paidAt, within(payments.paidAt, period)),

    /** Payments voided in the period. */
    paymentsVoided: (period: Period) =>
      paymentBatches(payments.voidedAt, within(payments.voidedAt, period)),

    /**
     * Payments Stripe refunded without a credit note (its dashboard), dated as the statement
     * dates them: a full refund on its day, a partial one on the payment's.
     */
    paymentsRefundedInStripe: (period: Period) => {
      const refundedAt = sql`coalesce(${payments.refundedAt}, ${payments.paidAt})`;
      return paymentBatches(
        refundedAt,
        and(gt(payments.refundedAmount, 0), within(refundedAt, period)),
      );
    },

    /** Stripe payouts paid (arrived) in the period, with the disputes they settled. */
    async *payoutsPaid(period: Period): AsyncGenerator<BookPayout[]> {
      for await (const heads of batches(
        (after: { day: string; id: string } | undefined) =>
          db
            .select({
              id: payouts.id,
              arrivalDate: payouts.arrivalDate,
              amount: payouts.amount,
              fees: payouts.fees,
            })
            .from(payouts)
            .where(
              and(
                eq(payouts.status, 'paid'),
                gte(payouts.arrivalDate, period.from),
                lte(payouts.arrivalDate, period.to),
                after &&
                  sql`(${payouts.arrivalDate}, ${payouts.id}) > (${after.day}::date, ${after.id})`,
              ),
            )
            .orderBy(asc(payouts.arrivalDate), asc(payouts.id))
            .limit(BOOK_BATCH_SIZE),
        (row) => ({ day: row.arrivalDate, id: row.id }),
      )) {
        const disputes = await db
          .select({
            payoutId: payoutLines.payoutId,
            id: payoutLines.id,
            sourceId: payoutLines.sourceId,
            amount: payoutLines.amount,
            description: payoutLines.description,
          })
          .from(payoutLines)
          .where(
            and(
              inArray(
                payoutLines.payoutId,
                heads.map((head) => head.id),
              ),
              eq(payoutLines.kind, 'dispute'),
            ),
          )
          .orderBy(asc(payoutLines.createdAt), asc(payoutLines.id));
        yield heads.map((head) => ({
          ...head,
          disputes: disputes
            .filter((line) => line.payoutId === head.id)
            .map(({ payoutId: _payout, ...line }) => line),
        }));
      }
    },
  };
}
export type AccountingRepository = ReturnType<typeof createAccountingRepository>;
