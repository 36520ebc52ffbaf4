import { z } from '../zod';
import { ListQuerySchema, pageSchema } from './common';

/**
 * Stripe payouts reconciled (issue 39, docs/books.md "Payouts"): each payout Stripe sent to the
 * bank, read from payout.paid / payout.failed and its balance transactions, each transaction
 * matched to our payment or credit note.
 */
export const PAYOUT_STATUSES = ['paid', 'failed'] as const;
export type PayoutStatus = (typeof PAYOUT_STATUSES)[number];

/** What a balance transaction of a payout is (Stripe's type, folded). */
export const PAYOUT_LINE_KINDS = [
  'charge',
  'refund',
  'dispute',
  'fee',
  'adjustment',
  'other',
] as const;
export type PayoutLineKind = (typeof PAYOUT_LINE_KINDS)[number];

export const PayoutSchema = z.object({
  /** Stripe's payout id (po_...). */
  id: z.string(),
  status: z.enum(PAYOUT_STATUSES),
  /** The day it reached (or was due at) the bank. */
  arrivalDate: z.iso.date(),
  /** What the transactions added up to before fees, the fees, and what reached the bank. */
  gross: z.number().int(),
  fees: z.number().int(),
  net: z.number().int(),
  currency: z.string(),
  /** Automatic payouts list their transactions; a manual one is matched by amount where it can. */
  automatic: z.boolean(),
  /** Transactions matched to none of our payments or credit notes: the admin should look. */
  unmatched: z.number().int(),
  failureMessage: z.string().nullable(),
});
export type Payout = z.infer<typeof PayoutSchema>;

export const PayoutLineSchema = z.object({
  /** Stripe's balance transaction (txn_...). */
  id: z.string(),
  kind: z.enum(PAYOUT_LINE_KINDS),
  /** What it moved (ch_, re_, dp_...). */
  sourceId: z.string().nullable(),
  amount: z.number().int(),
  fee: z.number().int(),
  net: z.number().int(),
  description: z.string().nullable(),
  /** Ours it was matched to, if any. */
  paymentId: z.string().nullable(),
  creditNoteId: z.string().nullable(),
  invoiceId: z.string().nullable(),
  invoiceNumber: z.string().nullable(),
  clientName: z.string().nullable(),
  matched: z.boolean(),
});
export type PayoutLine = z.infer<typeof PayoutLineSchema>;

export const PayoutDetailSchema = PayoutSchema.extend({ lines: z.array(PayoutLineSchema) });
export type PayoutDetail = z.infer<typeof PayoutDetailSchema>;

/** GET /api/admin/payouts?page=&pageSize=&status=&unmatched=true: newest arrival first. */
export const PayoutListQuerySchema = ListQuerySchema.pick({ page: true, pageSize: true }).extend({
  status: z.enum(PAYOUT_STATUSES).optional(),
  unmatched: z
    .enum(['true', 'false'])
    .optional()
    .transform((value) => value === 'true'),
});
export type PayoutListQuery = z.infer<typeof PayoutListQuerySchema>;
export const PAYOUT_LIST_PARAMS = ['status', 'unmatched', 'page', 'pageSize'] as const;
export const PayoutPageSchema = pageSchema(PayoutSchema);
export type PayoutPage = z.infer<typeof PayoutPageSchema>;

/** What a payment shows of the payout it arrived in (and what Stripe kept of it). */
export const PaymentPayoutSchema = z.object({
  payoutId: z.string(),
  arrivalDate: z.iso.date(),
  status: z.enum(PAYOUT_STATUSES),
  fee: z.number().int(),
});
export type PaymentPayout = z.infer<typeof PaymentPayoutSchema>;

export const PAYOUT_MESSAGES = {
  notFound: 'Payout not found',
} as const;
