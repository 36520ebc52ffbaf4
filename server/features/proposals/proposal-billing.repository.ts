import { and, asc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { PlanId } from '@shared/plans';
import type { ProposalEventKind } from '@shared/schemas/proposals';
import type { Database, Transaction } from '../../db/client';
import {
  proposalEvents,
  proposals,
  subscriptions,
  taxRates,
  users,
  type ProposalRow,
} from '../../db/schema';
import { attachInvoiceToClient } from '../invoices/invoice-lifecycle';
import { requestSubscriptionAtPrice } from '../subscriptions/subscription-lifecycle';
import {
  attachProposalTo,
  linkFirstInvoice,
  linkRemainderInvoice,
  lockProposal,
  recordProposalEvent,
  settleWithNothingToPay,
} from './proposal-lifecycle';

/** What attaching a signed proposal to a client's account did. */
export type AttachOutcome = 'attached' | 'already' | 'gone';

/**
 * The reads and transactions of a signed proposal's money (proposal-billing.ts): its first
 * invoice and the rest as a draft, its client's account and plan. The writes are the
 * lifecycles' (proposal-lifecycle.ts, and the invoices' and subscriptions' own).
 */
export function createProposalBillingRepository(
  db: Database,
  /** The business's calendar (BILLING_TIMEZONE): a plan started on attaching runs in it. */
  timeZone: string,
) {
  /** Whether the proposal's evidence has an event of `kind` (read in `tx` when given). */
  async function hasEvent(reader: Database | Transaction, id: string, kind: ProposalEventKind) {
    const [row] = await reader
      .select({ id: proposalEvents.id })
      .from(proposalEvents)
      .where(and(eq(proposalEvents.proposalId, id), eq(proposalEvents.kind, kind)))
      .limit(1);
    return row !== undefined;
  }

  return {
    async find(id: string): Promise<ProposalRow | null> {
      const [row] = await db.select().from(proposals).where(eq(proposals.id, id));
      return row ?? null;
    },

    hasEvent: (id: string, kind: ProposalEventKind) => hasEvent(db, id, kind),

    /** The oldest account that has verified `email`, if any: the client the proposal is for. */
    /** Of these tax rates, the ids still active (issue 39: an invoice takes no retired rate). */
    async activeTaxRateIds(ids: readonly string[]): Promise<string[]> {
      if (ids.length === 0) return [];
      const rows = await db
        .select({ id: taxRates.id })
        .from(taxRates)
        .where(and(inArray(taxRates.id, [...ids]), isNull(taxRates.retiredAt)));
      return rows.map((row) => row.id);
    },

    async verifiedClientByEmail(email: string): Promise<string | null> {
      const [owner] = await db
        .select({ id: users.id })
        .from(users)
        .where(
          and(eq(users.emailVerified, true), sql`lower(${users.email}) = ${email.toLowerCase()}`),
        )
        .orderBy(asc(users.createdAt))
        .limit(1);
      return owner?.id ?? null;
    },

    /** The signed proposals written to `email` that no account holds yet. */
    async signedUnattachedFor(email: string): Promise<string[]> {
      const rows = await db
        .select({ id: proposals.id })
        .from(proposals)
        .where(
          and(
            isNull(proposals.userId),
            eq(proposals.recipientEmail, email.toLowerCase()),
            inArray(proposals.status, ['signed', 'paid']),
          ),
        )
        .orderBy(asc(proposals.createdAt));
      return rows.map((row) => row.id);
    },

    /** The client's subscription, if they have one. */
    async subscriptionOf(userId: string) {
      const [row] = await db.select().from(subscriptions).where(eq(subscriptions.userId, userId));
      return row ?? null;
    },

    /**
     * Keeps the Stripe customer made for the recipient, unless another request kept one
     * first: the one kept.
     */
    async keepStripeCustomer(id: string, customerId: string): Promise<string> {
      await db
        .update(proposals)
        .set({ stripeCustomerId: customerId })
        .where(and(eq(proposals.id, id), isNull(proposals.stripeCustomerId)));
      const [row] = await db
        .select({ customerId: proposals.stripeCustomerId })
        .from(proposals)
        .where(eq(proposals.id, id));
      return row?.customerId ?? customerId;
    },

    /**
     * The Stripe customer another proposal to `email` made for its recipient, still without an
     * account: one person paying two proposals is one customer.
     */
    async prospectCustomerFor(email: string): Promise<string | null> {
      const [row] = await db
        .select({ customerId: proposals.stripeCustomerId })
        .from(proposals)
        .where(
          and(
            isNull(proposals.userId),
            eq(proposals.recipientEmail, email.toLowerCase()),
            isNotNull(proposals.stripeCustomerId),
          ),
        )
        .orderBy(asc(proposals.createdAt))
        .limit(1);
      return row?.customerId ?? null;
    },

    /** In the invoices' transaction that created it: the proposal's first invoice. */
    linkFirstInvoice: (tx: Transaction, proposalId: string, invoiceId: string, at: Date) =>
      linkFirstInvoice(tx, proposalId, invoiceId, at),

    /** In the invoices' transaction that created it: the draft of the rest. */
    linkRemainderInvoice: (tx: Transaction, proposalId: string, invoiceId: string, at: Date) =>
      linkRemainderInvoice(tx, proposalId, invoiceId, at),

    /**
     * Records the event once: false when the proposal has it already (checked under the
     * proposal's lock, so two runs cannot both record it).
     */
    async recordOnce(
      id: string,
      kind: ProposalEventKind,
      detail: string,
      at: Date,
      extra: { email?: string | null } = {},
    ): Promise<boolean> {
      return db.transaction(async (tx) => {
        if (!(await lockProposal(tx, id))) return false;
        if (await hasEvent(tx, id, kind)) return false;
        await recordProposalEvent(tx, id, kind, detail, at, extra);
        return true;
      });
    },

    /** signed -> paid with nothing to pay (proposal-lifecycle's settleWithNothingToPay). */
    settleWithNothingToPay: (id: string, at: Date) =>
      db.transaction((tx) => settleWithNothingToPay(tx, id, at)),

    /**
     * The signed proposal goes to the client's account, once (its 'attached' event says it
     * was): the proposal's user, and when it names a plan, a pending request at the
     * proposal's price unless a plan runs already; its invoices become the client's, the
     * first billing that request (started at once when it is paid already). All in one
     * transaction holding the proposal.
     */
    async attach(
      id: string,
      userId: string,
      at: Date,
      describe: (outcome: {
        planRequested: boolean;
        runningPlan: PlanId | null;
        /** The first invoice is paid already: the plan requested starts as it attaches. */
        paid: boolean;
      }) => string,
    ): Promise<AttachOutcome> {
      return db.transaction(async (tx) => {
        const proposal = await lockProposal(tx, id);
        if (!proposal) return 'gone';
        if (await hasEvent(tx, id, 'attached')) return 'already';
        let subscriptionId: string | null = null;
        let runningPlan: PlanId | null = null;
        if (proposal.planId && proposal.planMonthlyCents !== null) {
          const requested = await requestSubscriptionAtPrice(
            tx,
            userId,
            proposal.planId as PlanId,
            proposal.planMonthlyCents,
            at,
          );
          if (requested) subscriptionId = requested.id;
          else {
            const [running] = await tx
              .select({ tier: subscriptions.tier })
              .from(subscriptions)
              .where(eq(subscriptions.userId, userId));
            runningPlan = running?.tier ?? null;
          }
        }
        if (proposal.depositInvoiceId) {
          await attachInvoiceToClient(
            tx,
            proposal.depositInvoiceId,
            userId,
            subscriptionId,
            at,
            timeZone,
          );
        }
        if (proposal.remainderInvoiceId) {
          await attachInvoiceToClient(tx, proposal.remainderInvoiceId, userId, null, at, timeZone);
        }
        await attachProposalTo(tx, id, userId, at);
        const detail = describe({
          planRequested: subscriptionId !== null,
          runningPlan,
          paid: proposal.status === 'paid',
        });
        await recordProposalEvent(tx, id, 'attached', detail, at);
        return 'attached';
      });
    },
  };
}
export type ProposalBillingRepository = ReturnType<typeof createProposalBillingRepository>;
