import { calendarDateIn } from '../dates';
import { z } from '../zod';
import { dollarsToCents, formatCents, MAX_INVOICE_AMOUNT_CENTS } from '../money';
import { ListQuerySchema, pageSchema, statusFilter } from './common';
import type { InvoiceStatus } from './invoices';
import { PaymentPayoutSchema } from './payouts';
import { AppliedTaxSchema } from './tax';

export const PAYMENT_METHODS = ['card', 'bank_transfer', 'check', 'cash', 'other'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  card: 'Card (Stripe)',
  bank_transfer: 'Bank transfer',
  check: 'Check',
  cash: 'Cash',
  other: 'Other',
};

/** Methods the admin records by hand: card payments arrive from Stripe only. */
export const MANUAL_PAYMENT_METHODS = ['bank_transfer', 'check', 'cash', 'other'] as const;

/** What is left to pay on an invoice, in cents (never below zero; nothing on a void one). */
export function balanceDue(invoice: {
  total: number;
  amountPaid: number;
  status?: string;
}): number {
  if (invoice.status === 'void') return 0;
  return Math.max(0, invoice.total - invoice.amountPaid);
}

/**
 * The statuses of an invoice that takes payments: sent to the client, not yet paid. Written
 * once: isPayable reads it, and every query that picks payable invoices uses it
 * (`inArray(invoices.status, PAYABLE_INVOICE_STATUSES)`).
 */
export const PAYABLE_INVOICE_STATUSES = [
  'sent',
  'overdue',
] as const satisfies readonly InvoiceStatus[];

/** An invoice that takes payments: sent to the client, not yet paid. */
export function isPayable(invoice: { status: string }): boolean {
  return (PAYABLE_INVOICE_STATUSES as readonly string[]).includes(invoice.status);
}

/** Stripe's smallest card charge in USD: a smaller balance is paid another way. */
export const MIN_CARD_PAYMENT_CENTS = 50;

/** Whether the client can pay this invoice by card now (Pay now is shown). */
export function payableByCard(invoice: { status: string; total: number; amountPaid: number }) {
  return isPayable(invoice) && balanceDue(invoice) >= MIN_CARD_PAYMENT_CENTS;
}

/** A payment as the admin API answers it; amounts in integer cents. */
export const PaymentSchema = z.object({
  id: z.string(),
  /**
   * The invoice it pays; null for an orphan: card money Stripe took for an invoice that was
   * deleted, or that names no invoice of ours (it counts toward nothing; the admin decides).
   */
  invoiceId: z.string().nullable(),
  amount: z.number().int(),
  /** What Stripe gave back of it so far, in cents. */
  refundedAmount: z.number().int(),
  currency: z.string(),
  method: z.enum(PAYMENT_METHODS),
  paidAt: z.iso.datetime(),
  /** Set once it is refunded in full. */
  refundedAt: z.iso.datetime().nullable(),
  reference: z.string(),
  note: z.string(),
  /** Why it does not count toward the invoice (null when it counts, unless refunded). */
  flag: z.string().nullable(),
  /** When the admin marked the flag dealt with (the payment still does not count). */
  flagResolvedAt: z.iso.datetime().nullable(),
  stripePaymentIntentId: z.string().nullable(),
  /** The payment in the Stripe dashboard, for a card payment. */
  stripeDashboardUrl: z.string().nullable(),
  /** A payment recorded by mistake and voided by the admin: it counts toward nothing. */
  voidedAt: z.iso.datetime().nullable(),
  voidReason: z.string().nullable(),
  /** The Stripe payout that took it to the bank, once one has (issue 39). */
  payout: PaymentPayoutSchema.nullable(),
});
export type Payment = z.infer<typeof PaymentSchema>;

/**
 * When a payment was received, to be written on screen: a card payment's instant (Stripe's
 * clock), and for a payment the admin recorded by hand the calendar day they gave ('2026-12-07';
 * it is stored as noon of that day in the business's time zone, `timeZone`, a time of day
 * nobody chose and no screen shows).
 */
export function receivedOn(payment: Pick<Payment, 'method' | 'paidAt'>, timeZone: string): string {
  return payment.method === 'card'
    ? payment.paidAt
    : calendarDateIn(new Date(payment.paidAt), timeZone);
}

/** POST /api/admin/payments/{id}/void: a payment recorded by mistake, with why. */
export const VoidPaymentSchema = z.object({
  reason: z
    .string({ error: 'Say why the payment is voided' })
    .trim()
    .min(1, 'Say why the payment is voided')
    .max(500, 'The reason is too long'),
});
export type VoidPayment = z.infer<typeof VoidPaymentSchema>;

/** POST /api/admin/invoices/{id}/payments: a payment received outside Stripe. */
export const RecordPaymentSchema = z.object({
  amount: z
    .number({ error: 'Amount must be a number' })
    .int('Amount must be a whole number of cents')
    .min(1, 'Amount must be more than $0.00')
    .max(
      MAX_INVOICE_AMOUNT_CENTS,
      `Amount cannot be more than ${formatCents(MAX_INVOICE_AMOUNT_CENTS)}`,
    ),
  method: z.enum(MANUAL_PAYMENT_METHODS, {
    error: 'Method must be bank transfer, check, cash or other',
  }),
  paidOn: z.iso.date('Date received is required'),
  reference: z.string().trim().max(200, 'Reference is too long').default(''),
});
export type RecordPayment = z.infer<typeof RecordPaymentSchema>;

/** The "Record payment" form: the amount typed in dollars, checked by the same rules. */
export const RecordPaymentFormSchema = z
  .object({
    amount: z
      .string()
      .trim()
      .min(1, 'Amount is required')
      .transform((text, ctx) => {
        const cents = dollarsToCents(text);
        if (cents === null) {
          ctx.addIssue({ code: 'custom', message: 'Amount must be an amount in dollars' });
          return z.NEVER;
        }
        return cents;
      }),
    method: z.enum(MANUAL_PAYMENT_METHODS),
    paidOn: z.string(),
    reference: z.string(),
  })
  // Widens the type to what the payload schema accepts, so it can check the result.
  .transform((values): z.input<typeof RecordPaymentSchema> => values)
  .pipe(RecordPaymentSchema);
export type RecordPaymentFormValues = z.input<typeof RecordPaymentFormSchema>;

/** POST /api/invoices/{id}/pay, POST /api/pay/{token}, POST /api/billing-portal. */
export const RedirectUrlSchema = z.object({ url: z.url() });
export type RedirectUrl = z.infer<typeof RedirectUrlSchema>;

export const SavedCardSchema = z.object({
  brand: z.string(),
  last4: z.string(),
  expMonth: z.number().int(),
  expYear: z.number().int(),
});
export type SavedCard = z.infer<typeof SavedCardSchema>;

/**
 * GET /api/billing: how the signed-in client pays, their payment settings. (The path is the
 * one the portal has always called; in the code "billing" is the daily billing run.)
 */
export const PaymentSettingsSchema = z.object({
  /** Stripe is configured: invoices can be paid by card. */
  onlinePayments: z.boolean(),
  /** How to pay otherwise (the agency's settings); '' when none are written. */
  paymentInstructions: z.string(),
  card: SavedCardSchema.nullable(),
  /** Renewals are charged to the card on their due date (only while a card is saved). */
  autoPay: z.boolean(),
});
export type PaymentSettings = z.infer<typeof PaymentSettingsSchema>;

/** PATCH /api/billing: the client turns automatic payment of renewals on or off. */
export const UpdatePaymentSettingsSchema = z.object({
  autoPay: z.boolean({ error: 'Automatic payment must be on or off' }),
});
export type UpdatePaymentSettings = z.infer<typeof UpdatePaymentSettingsSchema>;

/** GET /api/pay/{token}: an invoice as its pay link shows it, to anyone holding the link. */
export const PayLinkInvoiceSchema = z.object({
  invoiceNumber: z.string(),
  businessName: z.string(),
  clientName: z.string(),
  dateIssued: z.iso.date(),
  dueDate: z.iso.date(),
  status: z.enum(['sent', 'overdue', 'paid']),
  total: z.number().int(),
  amountPaid: z.number().int(),
  /** Each rate the invoice applied, with its amount; an exempt client's certificate (issue 39). */
  taxes: z.array(AppliedTaxSchema).optional(),
  taxExemptCertificate: z.string().nullable().optional(),
  onlinePayments: z.boolean(),
  paymentInstructions: z.string(),
  /** The late-fee terms while late fees are on (issue 39); null while off. */
  lateFeeTerms: z.string().nullable(),
});
export type PayLinkInvoice = z.infer<typeof PayLinkInvoiceSchema>;

/** Stripe's dashboard address of a payment (test mode for test keys). */
export function stripeDashboardUrl(paymentIntentId: string, testMode: boolean): string {
  return `https://dashboard.stripe.com${testMode ? '/test' : ''}/payments/${paymentIntentId}`;
}

/** A payment that waits for the admin: flagged, and not yet marked resolved. */
export function needsAttention(payment: Pick<Payment, 'flag' | 'flagResolvedAt'>): boolean {
  return payment.flag !== null && payment.flagResolvedAt === null;
}

/** GET /api/admin/payments: a payment in the list, with what it pays and who paid it. */
export const PaymentListItemSchema = PaymentSchema.extend({
  /** The invoice's number ('Draft' before it is sent); null for an orphan. */
  invoiceNumber: z.string().nullable(),
  /** The client account who paid (the invoice's, or the Stripe customer's), if known. */
  clientId: z.string().nullable(),
  /** The client's name as the invoice or their account gives it, if known. */
  clientName: z.string().nullable(),
  /** The e-mail given on Stripe's page, for card payments. */
  payerEmail: z.string().nullable(),
});
export type PaymentListItem = z.infer<typeof PaymentListItemSchema>;

/** The payments screen's filters ('all' is no filter). */
export const PAYMENT_LIST_STATUSES = ['flagged', 'orphan', 'refunded'] as const;
export type PaymentListStatus = (typeof PAYMENT_LIST_STATUSES)[number];
export const PAYMENT_LIST_STATUS_LABELS: Record<PaymentListStatus, string> = {
  flagged: 'Needs attention',
  orphan: 'No invoice',
  refunded: 'Refunded',
};

/**
 * GET /api/admin/payments?q=&status=&page=&pageSize=: q looks in the invoice's number and
 * client, the paying client, the payer's e-mail, the reference and Stripe's payment id.
 */
export const PaymentListQuerySchema = ListQuerySchema.extend({
  status: statusFilter(PAYMENT_LIST_STATUSES),
});
export type PaymentListQuery = z.infer<typeof PaymentListQuerySchema>;
export const PAYMENT_LIST_PARAMS = ['q', 'status', 'page', 'pageSize'] as const;

export const PaymentListPageSchema = pageSchema(PaymentListItemSchema);
export type PaymentListPage = z.infer<typeof PaymentListPageSchema>;
