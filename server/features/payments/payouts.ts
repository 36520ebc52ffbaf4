import type { Logger } from 'pino';
import { pageOffset } from '@shared/schemas/common';
import { invoiceName } from '@shared/schemas/invoices';
import {
  PAYOUT_MESSAGES,
  type Payout,
  type PayoutDetail,
  type PayoutLineKind,
  type PayoutListQuery,
  type PayoutPage,
} from '@shared/schemas/payouts';
import type { PayoutRow } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { idOf } from './card-payments';
import type { NewPayoutLine, PayoutFacts, PayoutRepository } from './payouts.repository';
import type { StripeEventKey } from './stripe-event-log.repository';
import type { Stripe, StripeGateway } from './stripe-gateway';

export interface PayoutDeps {
  repository: PayoutRepository;
  gateway: StripeGateway | null;
  logger: Logger;
}

type Transaction = Stripe.BalanceTransaction;
type Source = Exclude<Transaction['source'], string | null>;

/** Stripe's many balance transaction types, folded to what a payout's line is. */
export function lineKind(txn: Pick<Transaction, 'type' | 'source' | 'reporting_category'>) {
  const sourceId = idOf(txn.source) ?? '';
  const kinds: Record<string, PayoutLineKind> = {
    charge: 'charge',
    payment: 'charge',
    refund: 'refund',
    payment_refund: 'refund',
    refund_failure: 'refund',
    payment_failure_refund: 'refund',
    stripe_fee: 'fee',
    stripe_fx_fee: 'fee',
    tax_fee: 'fee',
    application_fee: 'fee',
  };
  if (txn.type === 'adjustment') {
    const dispute = sourceId.startsWith('dp_') || txn.reporting_category.startsWith('dispute');
    return dispute ? 'dispute' : 'adjustment';
  }
  return kinds[txn.type] ?? 'other';
}

/** What a transaction's (expanded) source says of the charge, intent or refund behind it. */
function refsOf(source: Transaction['source']) {
  const object = typeof source === 'object' && source !== null ? (source as Source) : null;
  const field = (name: 'charge' | 'payment_intent') =>
    object && name in object ? idOf((object as Record<typeof name, string | null>)[name]) : null;
  const id = idOf(source) ?? '';
  return {
    chargeId: id.startsWith('ch_') || id.startsWith('py_') ? id : field('charge'),
    intentId: field('payment_intent'),
    refundId: id.startsWith('re_') || id.startsWith('pyr_') ? id : null,
  };
}

/** Stripe's arrival date is a day, given as midnight UTC of it. */
const arrivalDay = (unix: number) => new Date(unix * 1000).toISOString().slice(0, 10);

/**
 * Stripe's payouts reconciled (docs/books.md "Payouts"): payout.paid and payout.failed record
 * the payout and the balance transactions it settled, each matched to our payment (a charge,
 * a dispute) or credit note (a refund); what matches nothing is flagged. The payouts screen
 * reads them back.
 */
export function createPayouts({ repository, gateway, logger }: PayoutDeps) {
  /** The transactions as lines, matched to ours where Stripe's ids name them. */
  async function linesOf(transactions: Transaction[]): Promise<NewPayoutLine[]> {
    const settled = transactions.filter((txn) => txn.type !== 'payout').reverse();
    const refs = settled.map((txn) => refsOf(txn.source));
    const found = await repository.matchTargets({
      chargeIds: refs.flatMap((ref) => ref.chargeId ?? []),
      intentIds: refs.flatMap((ref) => ref.intentId ?? []),
      refundIds: refs.flatMap((ref) => ref.refundId ?? []),
    });
    return settled.map((txn, index) => {
      const ref = refs[index]!;
      const kind = lineKind(txn);
      const creditNoteId =
        kind === 'refund' ? (found.byRefund.get(ref.refundId ?? '') ?? null) : null;
      const paymentId =
        ['charge', 'refund', 'dispute'].includes(kind) && !creditNoteId
          ? (found.byCharge.get(ref.chargeId ?? '') ??
            found.byIntent.get(ref.intentId ?? '') ??
            null)
          : null;
      return {
        id: txn.id,
        kind,
        sourceId: idOf(txn.source),
        amount: txn.amount,
        fee: txn.fee,
        net: txn.net,
        description: txn.description,
        paymentId,
        creditNoteId,
      };
    });
  }

  /**
   * A manual payout: Stripe cannot list what it held. Where exactly one card charge made
   * before it, of a payment no paid payout holds yet, has the payout's amount as its net,
   * that charge is the line; otherwise nothing is matched.
   */
  async function manualLines(payout: Stripe.Payout): Promise<NewPayoutLine[]> {
    const charges = await requireGateway().recentChargeTransactions(payout.created);
    const candidates = (await linesOf(charges)).filter(
      (line) => line.net === payout.amount && line.paymentId,
    );
    const paidOut = await repository.paidOut(candidates.map((line) => line.paymentId!));
    const free = candidates.filter((line) => !paidOut.has(line.paymentId!));
    return free.length === 1 ? free : [];
  }

  /**
   * What Stripe's listed transactions do not explain of the payout (a manual one not matched,
   * a transaction Stripe left off): one unmatched line, so gross less fees is the net paid.
   */
  function difference(payout: Stripe.Payout, lines: NewPayoutLine[]): NewPayoutLine[] {
    const missing = payout.amount - lines.reduce((sum, line) => sum + line.net, 0);
    if (missing === 0) return [];
    logger.warn({ payoutId: payout.id, missing }, 'Stripe payout differs from its transactions');
    return [
      {
        id: `${payout.id}-unexplained`,
        kind: 'other',
        sourceId: payout.id,
        amount: missing,
        fee: 0,
        net: missing,
        description: payout.automatic
          ? 'Not in the transactions Stripe listed for this payout'
          : 'Manual payout: no single payment of this amount to match',
        paymentId: null,
        creditNoteId: null,
      },
    ];
  }

  function requireGateway(): StripeGateway {
    if (!gateway) throw new Error('A Stripe payout event without Stripe configured');
    return gateway;
  }

  const factsOf = (payout: Stripe.Payout): PayoutFacts => ({
    id: payout.id,
    status: payout.status === 'paid' ? 'paid' : 'failed',
    amount: payout.amount,
    currency: payout.currency,
    arrivalDate: arrivalDay(payout.arrival_date),
    automatic: payout.automatic,
    failureMessage: payout.status === 'paid' ? null : (payout.failure_message ?? payout.status),
  });

  /** payout.paid (and payout.failed for a payout not seen before): the payout and its lines. */
  async function recordPayout(payout: Stripe.Payout, key: StripeEventKey): Promise<void> {
    const lines = payout.automatic
      ? await linesOf(await requireGateway().payoutTransactions(payout.id))
      : await manualLines(payout);
    await repository.save(key, factsOf(payout), [...lines, ...difference(payout, lines)]);
  }

  function toPayout(row: PayoutRow, unmatched: number): Payout {
    return {
      id: row.id,
      status: row.status,
      arrivalDate: row.arrivalDate,
      gross: row.gross,
      fees: row.fees,
      net: row.amount,
      currency: row.currency,
      automatic: row.automatic,
      unmatched,
      failureMessage: row.failureMessage,
    };
  }

  return {
    paid: recordPayout,

    /**
     * The bank returned it: failed, with Stripe's reason. Its lines stay for the record; its
     * payments are free to be matched by a later manual payout.
     */
    async failed(payout: Stripe.Payout, key: StripeEventKey): Promise<void> {
      if (await repository.exists(payout.id)) await repository.save(key, factsOf(payout), null);
      else await recordPayout(payout, key);
    },

    async list({ status, unmatched, page, pageSize }: PayoutListQuery): Promise<PayoutPage> {
      const found = await repository.list({
        status,
        unmatched,
        limit: pageSize,
        offset: pageOffset({ page, pageSize }),
      });
      return {
        items: found.rows.map((row) => toPayout(row.payout, row.unmatched)),
        total: found.total,
        page,
        pageSize,
      };
    },

    async detail(id: string): Promise<PayoutDetail> {
      const found = await repository.find(id);
      if (!found) throw new AppError(404, PAYOUT_MESSAGES.notFound);
      return {
        ...toPayout(found.payout, found.unmatched),
        lines: found.lines.map(({ line, invoiceId, invoiceNumber, clientName, payerEmail }) => ({
          id: line.id,
          kind: line.kind,
          sourceId: line.sourceId,
          amount: line.amount,
          fee: line.fee,
          net: line.net,
          description: line.description,
          paymentId: line.paymentId,
          creditNoteId: line.creditNoteId,
          invoiceId,
          invoiceNumber: invoiceId ? invoiceName({ invoiceNumber }) : null,
          clientName: clientName ?? payerEmail,
          matched: line.paymentId !== null || line.creditNoteId !== null || line.kind === 'fee',
        })),
      };
    },
  };
}
export type Payouts = ReturnType<typeof createPayouts>;
