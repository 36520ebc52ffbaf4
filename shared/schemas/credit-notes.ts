import { z } from '../zod';
import { dollarsToCents, formatCents, MAX_INVOICE_AMOUNT_CENTS } from '../money';

/**
 * A credit note corrects a paid invoice: 'pending' while its card refund waits for Stripe's
 * answer (no number yet, nothing told to the client), 'issued' once numbered CN-YEAR-NNNN.
 */
export const CREDIT_NOTE_STATUSES = ['pending', 'issued'] as const;
export type CreditNoteStatus = (typeof CREDIT_NOTE_STATUSES)[number];

/** How a credit note is named on screens, PDFs and e-mails: its number once issued. */
export function creditNoteName(note: { creditNoteNumber: string | null }): string {
  return note.creditNoteNumber ?? 'Credit note waiting for Stripe';
}

const ReasonSchema = z
  .string({ error: 'Say why the credit note is issued' })
  .trim()
  .min(1, 'Say why the credit note is issued')
  .max(500, 'The reason is too long');

const AmountCentsSchema = z
  .number({ error: 'The amount must be a number' })
  .int('The amount must be a whole number of cents')
  .min(1, 'The amount must be more than $0.00')
  .max(
    MAX_INVOICE_AMOUNT_CENTS,
    `The amount cannot be more than ${formatCents(MAX_INVOICE_AMOUNT_CENTS)}`,
  );

/**
 * POST /api/admin/invoices/{id}/credit-notes: amountCents in integer cents (unset: everything
 * still un-credited of what was paid), and why.
 */
export const IssueCreditNoteSchema = z.object({
  amountCents: AmountCentsSchema.optional(),
  reason: ReasonSchema,
});
export type IssueCreditNote = z.infer<typeof IssueCreditNoteSchema>;

/** The dialog's form: the amount typed in dollars, turned into the payload's cents. */
export const IssueCreditNoteFormSchema = z
  .object({
    amount: z
      .string()
      .trim()
      .transform((text, ctx) => {
        const cents = text === '' ? null : dollarsToCents(text);
        if (cents === null) {
          ctx.addIssue({ code: 'custom', message: 'Enter the amount in dollars' });
          return z.NEVER;
        }
        return cents;
      })
      .pipe(AmountCentsSchema),
    reason: z.string(),
  })
  // Widens the type to what the payload schema accepts, so it can check the result.
  .transform(({ amount, reason }): z.input<typeof IssueCreditNoteSchema> => ({
    amountCents: amount,
    reason,
  }))
  .pipe(IssueCreditNoteSchema);
export type IssueCreditNoteFormValues = z.input<typeof IssueCreditNoteFormSchema>;

/** A credit note as the admin API answers it; amounts in integer cents. */
export const CreditNoteSchema = z.object({
  id: z.string(),
  /** CN-2026-0001; null while its refund waits for Stripe's answer. */
  creditNoteNumber: z.string().nullable(),
  invoiceId: z.string(),
  status: z.enum(CREDIT_NOTE_STATUSES),
  amount: z.number().int(),
  reason: z.string(),
  /** What of the amount goes back to the card it was paid with, through Stripe (0: none). */
  refundAmount: z.number().int(),
  /** Stripe's refund ('re_...') and its status ('succeeded', 'pending'), once it accepted it. */
  stripeRefundId: z.string().nullable(),
  refundStatus: z.string().nullable(),
  /** The admin who issued it (their e-mail), while their account exists. */
  createdBy: z.string().nullable(),
  createdAt: z.iso.datetime(),
  issuedAt: z.iso.datetime().nullable(),
  /**
   * The day what does not go back by card (amount − refundAmount) was returned by hand, the
   * admin's reference and the amount returned then (issue 39); null while it is held as the
   * client's credit.
   */
  refundedByHandOn: z.iso.date().nullable().optional(),
  refundedByHandReference: z.string().nullable().optional(),
  refundedByHandAmount: z.number().int().nullable().optional(),
  /** What it reversed of each of the invoice's taxes, in cents (issue 39; [] while pending). */
  taxes: z.array(z.object({ name: z.string(), amount: z.number().int() })).optional(),
});
export type CreditNote = z.infer<typeof CreditNoteSchema>;

/**
 * What can still be credited on an invoice, in cents: `remaining` of what was paid (nothing
 * unless it is paid), and of it, what can go back to a card through Stripe.
 */
export const CreditableSchema = z.object({
  remaining: z.number().int(),
  cardRefundable: z.number().int(),
});
export type Creditable = z.infer<typeof CreditableSchema>;

/** A credit note as its client sees it under the invoice in the portal. */
export const ClientCreditNoteSchema = z.object({
  id: z.string(),
  creditNoteNumber: z.string(),
  amount: z.number().int(),
  issuedAt: z.iso.datetime(),
});
export type ClientCreditNote = z.infer<typeof ClientCreditNoteSchema>;
