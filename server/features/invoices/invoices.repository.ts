import { and, asc, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { InvoiceSort, InvoiceStatus } from '@shared/schemas/invoices';
import { computeInvoiceTaxes } from '@shared/tax';
import type { Database, Transaction } from '../../db/client';
import {
  invoiceLineItems,
  invoices,
  invoiceSearchText,
  invoiceTaxes,
  payments,
  users,
  type InvoiceRow,
} from '../../db/schema';
import { listCount } from '../../db/list-counts';
import { onPage } from '../../db/paging';
import { payoutsOfPayments } from '../../db/payment-payouts';
import { textContains } from '../../db/search';
import {
  claimInvoicesForEmail,
  createDraft,
  deleteInvoice,
  deleteUnpaidInvoices,
  issueInvoice,
  revokePayLink,
  rewriteDraft,
  unpaidInvoicesOf,
  voidInvoice,
  withdrawInvoiceIssue,
} from './invoice-lifecycle';
import type { PricedTax } from './invoice-pricing';

/**
 * Work another feature's repository does in the transaction that puts a line on a draft (the
 * ticket an extra update bills, issue 28), so both are committed or neither: throwing undoes
 * the line, or the new draft.
 */
export type WithinDraft = (tx: Transaction, invoiceId: string) => Promise<void>;

/** Statuses a client sees: a draft is the agency's business until it is sent. */
const VISIBLE_TO_CLIENT = ['sent', 'paid', 'overdue', 'void'] as const;

/** What each sort of the admin's list orders by; the id last, so pages never overlap. */
const SORT_COLUMNS: Record<Exclude<InvoiceSort, 'created'>, SQL | typeof invoices.total> = {
  // Drafts have no number: they come last going up, first going down.
  number: sql`${invoices.invoiceNumber}`,
  issued: sql`${invoices.dateIssued}`,
  due: sql`${invoices.dueDate}`,
  client: sql`lower(${invoices.clientName})`,
  total: invoices.total,
  status: sql`${invoices.status}`,
};

function listOrder(sort: InvoiceSort = 'created', dir?: 'asc' | 'desc'): SQL[] {
  const by = dir === 'asc' || (dir === undefined && sort !== 'created') ? asc : desc;
  if (sort === 'created') return [by(invoices.createdAt), by(invoices.id)];
  return [by(SORT_COLUMNS[sort]), by(invoices.createdAt), by(invoices.id)];
}

export interface NewInvoice {
  /** The client who owns it; unset: the verified account of clientEmail, if there is one yet. */
  userId?: string | null;
  clientName: string;
  clientEmail: string;
  planType: (typeof invoices.$inferInsert)['planType'];
  dateIssued: string;
  dueDate: string;
  notes: string;
  subscriptionId?: string | null;
  periodStart?: Date | null;
  periodEnd?: Date | null;
  /** A late-fee invoice: the invoice whose fee it charges (billing's late fees, issue 39). */
  lateFeeForInvoiceId?: string | null;
  subtotal: number;
  tax: number;
  discount: number;
  total: number;
  lineItems: Array<{
    description: string;
    quantity: number;
    unitPrice: number;
    total: number;
    taxable?: boolean;
  }>;
  /** Each tax applied, in order (their sum is `tax`), written with the lines (issue 39). */
  taxes?: PricedTax[];
  /** The client is tax-exempt: the certificate the invoice prints. */
  taxExemptCertificate?: string | null;
}

export interface InvoiceFilter {
  q: string;
  status?: InvoiceStatus;
  userId?: string;
  sort?: InvoiceSort;
  dir?: 'asc' | 'desc';
  limit: number;
  offset: number;
}

export function createInvoiceRepository(
  db: Database,
  /** The business's calendar (BILLING_TIMEZONE), whose year an invoice is numbered in. */
  timeZone: string,
) {
  return {
    /** The invoice and its lines in one transaction; a draft has no number until it is sent. */
    async create(input: NewInvoice, within?: WithinDraft) {
      return db.transaction(async (tx) => {
        const { lineItems, taxes = [], ...values } = input;
        const userId = values.userId ?? (await verifiedOwnerOf(tx, values.clientEmail));
        const invoice = await createDraft(tx, { ...values, userId });
        const lines = await tx
          .insert(invoiceLineItems)
          .values(lineItems.map((line, position) => ({ ...line, position, invoiceId: invoice.id })))
          .returning();
        const taxRows = await writeTaxes(tx, invoice.id, taxes);
        await within?.(tx, invoice.id);
        return { invoice, lines, taxes: taxRows };
      });
    },

    /**
     * One page of the admin's list, newest first, and how many match in all. Each filter has
     * its index: (status, created_at), (user_id, created_at), the trigram index of the search;
     * the whole list and each status are counted by trigger (db/list-counts.ts).
     */
    async list(filter: InvoiceFilter) {
      const conditions: SQL[] = [];
      if (filter.q) conditions.push(textContains(invoiceSearchText, filter.q));
      if (filter.status) conditions.push(eq(invoices.status, filter.status));
      if (filter.userId) conditions.push(eq(invoices.userId, filter.userId));
      const where = conditions.length ? and(...conditions) : undefined;
      const order = listOrder(filter.sort, filter.dir);
      const [rows, [counted]] = await Promise.all([
        db
          .select()
          .from(invoices)
          .where(onPage(db, invoices, invoices.id, where, order, filter))
          .orderBy(...order),
        filter.q || filter.userId
          ? db.select({ value: count() }).from(invoices).where(where)
          : listCount(db, 'invoices', filter.status).then((value) => [{ value }]),
      ]);
      return { rows, total: counted?.value ?? 0 };
    },

    async find(id: string) {
      const [invoice] = await db.select().from(invoices).where(eq(invoices.id, id));
      if (!invoice) return null;
      const lines = await db
        .select()
        .from(invoiceLineItems)
        .where(eq(invoiceLineItems.invoiceId, id))
        .orderBy(asc(invoiceLineItems.position));
      const taxes = await taxesOf(db, id);
      const received = await db
        .select()
        .from(payments)
        .where(eq(payments.invoiceId, id))
        .orderBy(asc(payments.paidAt), asc(payments.createdAt));
      const [lateFee] = await db
        .select({
          invoiceId: invoices.id,
          invoiceNumber: invoices.invoiceNumber,
          status: invoices.status,
          total: invoices.total,
        })
        .from(invoices)
        .where(eq(invoices.lateFeeForInvoiceId, id));
      const payouts = await payoutsOfPayments(
        db,
        received.map((row) => row.id),
      );
      return { invoice, lines, taxes, payments: received, payouts, lateFee: lateFee ?? null };
    },

    /**
     * A draft's every field and line replaced in one transaction; null when it is not a draft
     * (locked first, so it cannot be sent halfway through).
     */
    async updateDraft(
      id: string,
      input: Omit<NewInvoice, 'dateIssued' | 'subscriptionId' | 'periodStart' | 'periodEnd'>,
      at: Date,
    ) {
      return db.transaction(async (tx) => {
        const [draft] = await tx
          .select({ id: invoices.id, status: invoices.status })
          .from(invoices)
          .where(eq(invoices.id, id))
          .for('update');
        if (!draft) return 'not-found' as const;
        if (draft.status !== 'draft') return draft.status;
        const { lineItems, taxes = [], ...values } = input;
        const userId = values.userId ?? (await verifiedOwnerOf(tx, values.clientEmail));
        const invoice = await rewriteDraft(
          tx,
          id,
          { taxExemptCertificate: null, ...values, userId },
          at,
        );
        await tx.delete(invoiceLineItems).where(eq(invoiceLineItems.invoiceId, id));
        const lines = await tx
          .insert(invoiceLineItems)
          .values(lineItems.map((line, position) => ({ ...line, position, invoiceId: id })))
          .returning();
        await tx.delete(invoiceTaxes).where(eq(invoiceTaxes.invoiceId, id));
        const taxRows = await writeTaxes(tx, id, taxes);
        return { invoice, lines, taxes: taxRows };
      });
    },

    /**
     * One more line at the end of the client's newest draft, its totals counted again, in one
     * transaction holding the draft (so it cannot be sent halfway through). Null when the
     * client has no draft; 'too-large' when the amounts would pass `maxCents` (nothing added).
     */
    async appendToNewestDraft(
      userId: string,
      line: { description: string; quantity: number; unitPrice: number },
      { at, maxCents }: { at: Date; maxCents: number },
      within?: WithinDraft,
    ) {
      return db.transaction(async (tx) => {
        const [draft] = await tx
          .select()
          .from(invoices)
          .where(and(eq(invoices.userId, userId), eq(invoices.status, 'draft')))
          .orderBy(desc(invoices.createdAt), desc(invoices.id))
          .limit(1)
          .for('update');
        if (!draft) return null;
        const lines = await tx
          .select({
            position: invoiceLineItems.position,
            total: invoiceLineItems.total,
            taxable: invoiceLineItems.taxable,
          })
          .from(invoiceLineItems)
          .where(eq(invoiceLineItems.invoiceId, draft.id));
        const total = line.quantity * line.unitPrice;
        const subtotal = draft.subtotal + total;
        // The draft's rates apply to the new line too (a typed amount stays as it was).
        const taxes = await taxesOf(tx, draft.id);
        const counted = computeInvoiceTaxes({
          lines: [...lines, { total, taxable: true }],
          discount: draft.discount,
          rates: taxes.flatMap(({ taxRateId, name, percentThousandths }) =>
            percentThousandths === null ? [] : [{ taxRateId, name, percentThousandths }],
          ),
        });
        const retaxed = taxes.map((row) =>
          row.percentThousandths === null
            ? row
            : { ...row, ...counted.taxes.find((rate) => rate.taxRateId === row.taxRateId) },
        );
        // What the rates add now instead of before; a typed amount stays in the draft's tax.
        const tax = retaxed.reduce(
          (sum, row, index) => sum + row.amount - (taxes[index]?.amount ?? 0),
          draft.tax,
        );
        if (total > maxCents || subtotal + tax > maxCents) return 'too-large' as const;
        await tx.insert(invoiceLineItems).values({
          ...line,
          total,
          invoiceId: draft.id,
          position: lines.reduce((last, { position }) => Math.max(last, position + 1), 0),
        });
        for (const row of retaxed) {
          await tx
            .update(invoiceTaxes)
            .set({ taxableAmount: row.taxableAmount, amount: row.amount })
            .where(eq(invoiceTaxes.id, row.id));
        }
        const invoice = await rewriteDraft(
          tx,
          draft.id,
          { subtotal, tax, total: subtotal + tax - draft.discount },
          at,
        );
        await within?.(tx, draft.id);
        return { before: draft, invoice, lineCount: lines.length + 1 };
      });
    },

    /**
     * sent or overdue -> void (invoice-lifecycle's voidInvoice) and its pay link revoked, with
     * `within` (the audit row, the e-mail's outbox row) in the same transaction: all of it is
     * written, or none. Null when it cannot be voided.
     */
    async voidInvoice(
      id: string,
      reason: string,
      at: Date,
      within: (tx: Transaction, voided: InvoiceRow) => Promise<void>,
    ) {
      return db.transaction(async (tx) => {
        const voided = await voidInvoice(tx, id, reason, at);
        if (!voided) return null;
        await revokePayLink(tx, id);
        await within(tx, voided);
        return voided;
      });
    },

    /** draft -> sent with its number (invoice-lifecycle's issueInvoice); null: not a draft. */
    async issue(id: string, at: Date) {
      return db.transaction((tx) => issueInvoice(tx, id, at, timeZone));
    },

    /** Undoes `issue` when the e-mail did not go (invoice-lifecycle's withdrawInvoiceIssue). */
    async withdrawIssue(id: string, given: string | null) {
      await db.transaction((tx) => withdrawInvoiceIssue(tx, id, given));
    },

    /**
     * The invoices removeUnpaid would delete, as they are now: first-month ones (renewalsFrom
     * null) or renewals from a date. Their payment pages are closed before they go.
     */
    async findUnpaid(subscriptionId: string, renewalsFrom: Date | null) {
      return db.select().from(invoices).where(unpaidInvoicesOf(subscriptionId, renewalsFrom));
    },

    /**
     * Deletes a subscription's unpaid first-month invoices (renewalsFrom null: replaced when
     * the request changes) or its unpaid renewals from a date (months it will not run). One
     * whose money may still arrive (a page paid, a charge taken) stays. The ids deleted.
     */
    removeUnpaid: (subscriptionId: string, renewalsFrom: Date | null): Promise<string[]> =>
      deleteUnpaidInvoices(db, subscriptionId, renewalsFrom),

    /**
     * Deletes an invoice no payment was recorded for and whose Checkout page is closed:
     * 'has-payments' and 'page-open' leave it as it is.
     */
    async remove(id: string): Promise<'removed' | 'not-found' | 'has-payments' | 'page-open'> {
      if (await deleteInvoice(db, id)) return 'removed';
      const [kept] = await db
        .select({ id: invoices.id, open: invoices.openCheckoutSessionId })
        .from(invoices)
        .where(eq(invoices.id, id));
      if (!kept) return 'not-found';
      const [paid] = await db
        .select({ id: payments.id })
        .from(payments)
        .where(eq(payments.invoiceId, id))
        .limit(1);
      return paid ? 'has-payments' : 'page-open';
    },

    /** The taxes of these invoices, each invoice's in order. */
    async taxesOfInvoices(ids: readonly string[]) {
      if (ids.length === 0) return [];
      return db
        .select()
        .from(invoiceTaxes)
        .where(inArray(invoiceTaxes.invoiceId, [...ids]))
        .orderBy(asc(invoiceTaxes.invoiceId), asc(invoiceTaxes.position));
    },

    /** One invoice the client owns and has been sent; null otherwise. */
    async findIdForClient(userId: string, id: string): Promise<string | null> {
      const [row] = await db
        .select({ id: invoices.id })
        .from(invoices)
        .where(
          and(
            eq(invoices.userId, userId),
            eq(invoices.id, id),
            inArray(invoices.status, VISIBLE_TO_CLIENT),
          ),
        );
      return row?.id ?? null;
    },

    async clientExists(userId: string): Promise<boolean> {
      const [row] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId));
      return Boolean(row);
    },

    /** One page of the invoices the client owns and was sent, newest first; how many in all. */
    async listForClient(userId: string, { limit, offset }: { limit: number; offset: number }) {
      const where = and(eq(invoices.userId, userId), inArray(invoices.status, VISIBLE_TO_CLIENT));
      const [rows, [counted]] = await Promise.all([
        db
          .select({
            id: invoices.id,
            invoiceNumber: invoices.invoiceNumber,
            dateIssued: invoices.dateIssued,
            dueDate: invoices.dueDate,
            total: invoices.total,
            amountPaid: invoices.amountPaid,
            status: invoices.status,
            paidAt: invoices.paidAt,
            taxExemptCertificate: invoices.taxExemptCertificate,
          })
          .from(invoices)
          .where(where)
          .orderBy(desc(invoices.dateIssued), desc(invoices.createdAt), desc(invoices.id))
          .limit(limit)
          .offset(offset),
        db.select({ value: count() }).from(invoices).where(where),
      ]);
      return { rows, total: counted?.value ?? 0 };
    },

    /**
     * Gives the client the invoices written to `email` that nobody owns yet: called once the
     * client's issuer has verified that they own the address. How many were given.
     */
    claimForVerifiedEmail: (userId: string, email: string): Promise<number> =>
      claimInvoicesForEmail(db, userId, email),
  };
}
export type InvoiceRepository = ReturnType<typeof createInvoiceRepository>;

/** An invoice's taxes in order. */
function taxesOf(db: Database | Transaction, invoiceId: string) {
  return db
    .select()
    .from(invoiceTaxes)
    .where(eq(invoiceTaxes.invoiceId, invoiceId))
    .orderBy(asc(invoiceTaxes.position));
}

/** The taxes an invoice applies, in order, beside its lines. */
async function writeTaxes(tx: Transaction, invoiceId: string, taxes: readonly PricedTax[]) {
  if (taxes.length === 0) return [];
  return tx
    .insert(invoiceTaxes)
    .values(
      taxes.map((tax, position) => ({
        invoiceId,
        position,
        taxRateId: tax.taxRateId,
        name: tax.name,
        percentThousandths: tax.percentThousandths,
        taxableAmount: tax.taxableAmount,
        amount: tax.amount,
      })),
    )
    .returning();
}

/** The oldest account that has verified `email`, if any. */
async function verifiedOwnerOf(tx: Transaction, email: string): Promise<string | null> {
  const [owner] = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.emailVerified, true), sql`lower(${users.email}) = ${email.toLowerCase()}`))
    .orderBy(asc(users.createdAt))
    .limit(1);
  return owner?.id ?? null;
}
