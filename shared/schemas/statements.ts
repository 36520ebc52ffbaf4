import { z } from '../zod';

/**
 * A client's statement (issue 39, docs/books.md "Statements"): what they owe over a period.
 * Every amount is in cents, positive when it adds to what the client owes; the balance after
 * the last line is what they owe at the end (negative: the agency owes them, a credit).
 */
export const STATEMENT_LINE_TYPES = [
  'invoice',
  'payment',
  'credit_note',
  /** Money given back: to the card through Stripe, or by hand (recorded by the admin). */
  'refund',
  'invoice_void',
  'payment_void',
  /** A failed card refund: the money stayed with the agency. */
  'refund_failed',
] as const;
export type StatementLineType = (typeof STATEMENT_LINE_TYPES)[number];

export const STATEMENT_LINE_LABELS: Record<StatementLineType, string> = {
  invoice: 'Invoice',
  payment: 'Payment',
  credit_note: 'Credit note',
  refund: 'Refund',
  invoice_void: 'Invoice voided',
  payment_void: 'Payment voided',
  refund_failed: 'Refund failed',
};

/**
 * GET /api/admin/clients/{id}/statement?from=&to= and GET /api/statement?from=&to= (and
 * .../statement.pdf): a period in the business time zone, both days included; unset, from the
 * first day of the month three months back to today.
 */
export const StatementQuerySchema = z
  .object({
    from: z.iso.date('From must be a date (YYYY-MM-DD)').optional(),
    to: z.iso.date('To must be a date (YYYY-MM-DD)').optional(),
  })
  .refine((period) => !period.from || !period.to || period.from <= period.to, {
    message: 'From must be on or before To',
    path: ['to'],
  });
export type StatementQuery = z.infer<typeof StatementQuerySchema>;

export const StatementLineSchema = z.object({
  /** The calendar day in the business time zone. */
  date: z.iso.date(),
  type: z.enum(STATEMENT_LINE_TYPES),
  /** INV-2026-0007, CN-2026-0002, a payment's reference or card. */
  reference: z.string(),
  amount: z.number().int(),
  /** The running balance after this line. */
  balance: z.number().int(),
});
export type StatementLine = z.infer<typeof StatementLineSchema>;

/** What is owed at the end of the period by how far past due (days after the due date). */
export const AgeingSchema = z.object({
  current: z.number().int(),
  days1to30: z.number().int(),
  days31to60: z.number().int(),
  days61to90: z.number().int(),
  over90: z.number().int(),
});
export type Ageing = z.infer<typeof AgeingSchema>;

export const StatementSchema = z.object({
  client: z.object({
    id: z.string(),
    name: z.string(),
    email: z.string().nullable(),
    businessName: z.string().nullable(),
  }),
  from: z.iso.date(),
  to: z.iso.date(),
  openingBalance: z.number().int(),
  closingBalance: z.number().int(),
  lines: z.array(StatementLineSchema),
  ageing: AgeingSchema,
});
export type Statement = z.infer<typeof StatementSchema>;

/** POST /api/admin/clients/{id}/statement/email: the period e-mailed to the client with its PDF. */
export const EmailStatementSchema = StatementQuerySchema;

/** Its answer: where and which period went (issue 39, added by the statements piece). */
export const StatementEmailedSchema = z.object({
  sentTo: z.string(),
  from: z.iso.date(),
  to: z.iso.date(),
});
export type StatementEmailed = z.infer<typeof StatementEmailedSchema>;

/** GET/PUT /api/admin/settings/statements. */
export const StatementSettingsSchema = z.object({
  /** On the 1st, last month's statement is e-mailed to each client with an open balance. */
  monthlyEmails: z.boolean({ error: 'Monthly statements must be on or off' }).default(false),
});
export type StatementSettings = z.infer<typeof StatementSettingsSchema>;

/**
 * POST /api/admin/credit-notes/{id}/refunded-by-hand: the part of a credit note not refunded to
 * a card was given back outside the product (a check, a transfer), on a day, with a reference.
 */
export const RefundByHandSchema = z.object({
  date: z.iso.date('Enter the day the money was returned'),
  reference: z.string().trim().max(200, 'The reference is too long').default(''),
});
export type RefundByHand = z.infer<typeof RefundByHandSchema>;
