import { and, eq, isNull } from 'drizzle-orm';
import type { ProposalEventKind } from '@shared/schemas/proposals';
import type { Transaction } from '../../db/client';
import { proposalEvents, proposals, type InvoiceRow, type ProposalRow } from '../../db/schema';

/**
 * What money does to a proposal once it is signed (issue 38), written in the transaction of
 * the money's own change: the first invoice it issued is linked in the transaction that
 * created it, and paying that invoice makes the proposal paid in the transaction that marked
 * the invoice paid (invoice-lifecycle's markInvoicePaid calls proposalInvoicePaid). Named in
 * LIFECYCLE_MODULES (eslint.config.js), so the invoices' lifecycle may call it.
 *
 * - signed -> paid: proposalInvoicePaid (its first invoice paid, any way), or
 *   settleWithNothingToPay (no deposit and no plan: nothing to pay)
 */

/** One row of the proposal's evidence (append-only: a trigger refuses changes). */
export async function recordProposalEvent(
  tx: Transaction,
  proposalId: string,
  kind: ProposalEventKind,
  detail: string,
  at: Date,
  extra: { email?: string | null; version?: number | null } = {},
): Promise<void> {
  await tx.insert(proposalEvents).values({ proposalId, kind, detail, occurredAt: at, ...extra });
}

/** The proposal's row, locked until the transaction ends: each step of its billing once. */
export async function lockProposal(tx: Transaction, id: string): Promise<ProposalRow | null> {
  const [row] = await tx.select().from(proposals).where(eq(proposals.id, id)).for('update');
  return row ?? null;
}

/**
 * Links the invoice just created in the proposal's `slot`, unless another run linked one
 * there first: false then, and the caller undoes its invoice.
 */
async function linkInvoice(
  tx: Transaction,
  slot: 'depositInvoiceId' | 'remainderInvoiceId',
  proposalId: string,
  invoiceId: string,
  at: Date,
): Promise<boolean> {
  const rows = await tx
    .update(proposals)
    .set({ [slot]: invoiceId, updatedAt: at })
    .where(and(eq(proposals.id, proposalId), isNull(proposals[slot])))
    .returning({ id: proposals.id });
  return rows.length > 0;
}

/**
 * The invoice just created is the proposal's first one (deposit and first month), unless
 * another run linked one first: false then, and the caller undoes its invoice.
 */
export function linkFirstInvoice(
  tx: Transaction,
  proposalId: string,
  invoiceId: string,
  at: Date,
): Promise<boolean> {
  return linkInvoice(tx, 'depositInvoiceId', proposalId, invoiceId, at);
}

/** The draft of the rest of the one-off items is the proposal's, unless another run's is. */
export function linkRemainderInvoice(
  tx: Transaction,
  proposalId: string,
  invoiceId: string,
  at: Date,
): Promise<boolean> {
  return linkInvoice(tx, 'remainderInvoiceId', proposalId, invoiceId, at);
}

/** The proposal belongs to the client's account (the caller holds it locked). */
export async function attachProposalTo(
  tx: Transaction,
  proposalId: string,
  userId: string,
  at: Date,
): Promise<void> {
  await tx.update(proposals).set({ userId, updatedAt: at }).where(eq(proposals.id, proposalId));
}

/**
 * signed -> paid: the proposal's first invoice was paid (Checkout, a saved card, a payment
 * recorded by hand), in the transaction that marked it paid. Nothing for any other invoice.
 */
export async function proposalInvoicePaid(
  tx: Transaction,
  invoice: Pick<InvoiceRow, 'id' | 'invoiceNumber'>,
  paidAt: Date,
): Promise<void> {
  const rows = await tx
    .update(proposals)
    .set({ status: 'paid', paidAt, updatedAt: paidAt })
    .where(and(eq(proposals.depositInvoiceId, invoice.id), eq(proposals.status, 'signed')))
    .returning({ id: proposals.id });
  for (const { id } of rows) {
    const which = invoice.invoiceNumber ? `Invoice ${invoice.invoiceNumber}` : 'The first invoice';
    await recordProposalEvent(tx, id, 'paid', `${which} paid`, paidAt);
  }
}

/**
 * signed -> paid: a proposal with no deposit and no plan bills nothing at signing, so it is
 * settled at once (its one-off items are billed later by the remainder's draft). False when
 * it was not signed (already paid, or another run did it).
 */
export async function settleWithNothingToPay(
  tx: Transaction,
  proposalId: string,
  at: Date,
): Promise<boolean> {
  const rows = await tx
    .update(proposals)
    .set({ status: 'paid', paidAt: at, updatedAt: at })
    .where(
      and(
        eq(proposals.id, proposalId),
        eq(proposals.status, 'signed'),
        isNull(proposals.depositInvoiceId),
      ),
    )
    .returning({ id: proposals.id });
  if (rows.length === 0) return false;
  await recordProposalEvent(tx, proposalId, 'paid', 'Nothing to pay at signing', at);
  return true;
}
