import { z } from '../zod';
import { centsToDollars, dollarsToCents, formatCents, MAX_INVOICE_AMOUNT_CENTS } from '../money';
import { formatPercent, taxOn } from '../tax';
import { PercentSchema } from './tax';

/**
 * A late fee (issue 39, docs/books.md "Late fees"): off by default; when on, once per invoice
 * when its grace period ends, on a separate invoice linked to the original.
 */
export const LATE_FEE_KINDS = ['flat', 'percent'] as const;
export type LateFeeKind = (typeof LATE_FEE_KINDS)[number];

/** GET/PUT /api/admin/settings/late-fees. */
export const LateFeeSettingsSchema = z
  .object({
    enabled: z.boolean({ error: 'Late fees must be on or off' }).default(false),
    kind: z.enum(LATE_FEE_KINDS, { error: 'Choose a flat amount or a percentage' }).default('flat'),
    /** The flat amount, in cents. */
    amountCents: z
      .number({ error: 'The amount must be a number' })
      .int('The amount must be a whole number of cents')
      .min(0, 'The amount cannot be negative')
      .max(MAX_INVOICE_AMOUNT_CENTS, 'The amount is too large')
      .default(2500),
    /** The percentage of the balance due, e.g. 1.5 (stored in thousandths). */
    percent: PercentSchema.default(1500),
    /** Days after the due date before the fee applies. */
    graceDays: z
      .number({ error: 'Grace days must be a number' })
      .int('Grace days must be a whole number')
      .min(0, 'Grace days cannot be negative')
      .max(365, 'At most 365 grace days')
      .default(15),
    /** The fee is taxed with the original invoice's rates (off: never taxed). */
    taxable: z.boolean({ error: 'Taxable must be true or false' }).default(false),
  })
  .refine((fee) => !fee.enabled || fee.kind !== 'flat' || fee.amountCents > 0, {
    message: 'Enter the late fee amount',
    path: ['amountCents'],
  });
export type LateFeeSettings = z.infer<typeof LateFeeSettingsSchema>;
export type LateFeeSettingsInput = z.input<typeof LateFeeSettingsSchema>;

/** As the API answers it: the percentage as a number (1.5). */
export const LateFeeSettingsViewSchema = z.object({
  enabled: z.boolean(),
  kind: z.enum(LATE_FEE_KINDS),
  amountCents: z.number().int(),
  percent: z.number(),
  graceDays: z.number().int(),
  taxable: z.boolean(),
});
export type LateFeeSettingsView = z.infer<typeof LateFeeSettingsViewSchema>;

/** The fee on a balance due, in cents (a percentage rounded half-up to the cent). */
export function lateFeeAmount(
  fee: Pick<LateFeeSettings, 'kind' | 'amountCents' | 'percent'>,
  balanceDue: number,
): number {
  return fee.kind === 'flat' ? fee.amountCents : taxOn(balanceDue, fee.percent);
}

/** The terms printed on every invoice (PDF, e-mail, pay page) while late fees are on. */
export function lateFeeTerms(
  fee: Pick<LateFeeSettings, 'kind' | 'amountCents' | 'percent' | 'graceDays'>,
) {
  const what =
    fee.kind === 'flat'
      ? `A late fee of ${formatCents(fee.amountCents)}`
      : `A late fee of ${formatPercent(fee.percent)} of the balance due`;
  const when =
    fee.graceDays === 0
      ? 'applies to an invoice not paid by its due date.'
      : `applies to an invoice not paid ${fee.graceDays} day${fee.graceDays === 1 ? '' : 's'} after its due date.`;
  return `${what} ${when}`;
}

/** The sentence of a reminder sent before the grace period ends. */
export function lateFeeWarning(amountCents: number, appliesAfter: string): string {
  return `A late fee of ${formatCents(amountCents)} applies after ${appliesAfter}.`;
}

/** The late-fee invoice's only line. */
export function lateFeeLineDescription(invoiceNumber: string): string {
  return `Late fee on ${invoiceNumber}`;
}

export const LATE_FEE_MESSAGES = {
  notALateFee: 'This invoice is not a late fee',
  /** Deleting it would free its original for the daily run to charge again. */
  notDeletable: 'A late fee cannot be deleted. Waive it instead.',
  waiveReasonRequired: 'Say why the late fee is waived',
} as const;

/** POST /api/admin/invoices/{id}/waive-late-fee: the owner voids a late-fee invoice, saying why. */
export const WaiveLateFeeSchema = z.object({
  reason: z
    .string({ error: LATE_FEE_MESSAGES.waiveReasonRequired })
    .trim()
    .min(1, LATE_FEE_MESSAGES.waiveReasonRequired)
    .max(500, 'The reason is too long'),
});
export type WaiveLateFee = z.infer<typeof WaiveLateFeeSchema>;

/**
 * The Settings card's form: the flat amount in dollars and the percentage as typed ('25',
 * '1.5'), the grace days as typed. Its output is what PUT /settings/late-fees takes.
 */
export const LateFeeFormSchema = z
  .object({
    enabled: z.boolean(),
    kind: z.enum(LATE_FEE_KINDS),
    amountCents: z.string(),
    percent: z.string(),
    graceDays: z.string(),
    taxable: z.boolean(),
  })
  .transform(({ amountCents, percent, graceDays, ...rest }): unknown => ({
    ...rest,
    amountCents: dollarsToCents(amountCents) ?? Number.NaN,
    percent: percent.trim(),
    graceDays: /^\s*\d+\s*$/.test(graceDays) ? Number(graceDays) : Number.NaN,
  }))
  .pipe(LateFeeSettingsSchema);
export type LateFeeFormValues = z.input<typeof LateFeeFormSchema>;

/** The saved settings as the form holds them: dollars and the percentage as text. */
export function lateFeeFormValues(settings: LateFeeSettingsView): LateFeeFormValues {
  return {
    enabled: settings.enabled,
    kind: settings.kind,
    amountCents: centsToDollars(settings.amountCents),
    percent: String(settings.percent),
    graceDays: String(settings.graceDays),
    taxable: settings.taxable,
  };
}
