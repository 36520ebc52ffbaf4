import { z } from '../zod';
import { MAX_SHORT_TEXT, periodQuery } from './common';
import { percentToThousandths } from '../tax';

/**
 * Sales tax (issue 39, docs/books.md "Sales tax"). A rate's percentage travels as a number with
 * at most 3 decimals (4.45) and is stored in thousandths (shared/tax.ts).
 */

const TaxRateNameSchema = z
  .string({ error: 'Name the tax rate' })
  .trim()
  .min(1, 'Name the tax rate')
  .max(MAX_SHORT_TEXT, 'The name is too long');

const PERCENT_MESSAGE = 'The rate must be a percentage between 0 and 100 with at most 3 decimals';

/** 4.45 or "4.45" → 4450 thousandths of a percent. */
export const PercentSchema = z
  .union([z.number({ error: PERCENT_MESSAGE }), z.string({ error: PERCENT_MESSAGE })])
  .transform((value, ctx) => {
    const thousandths = percentToThousandths(value);
    if (thousandths === null || thousandths <= 0) {
      ctx.addIssue({ code: 'custom', message: PERCENT_MESSAGE });
      return z.NEVER;
    }
    return thousandths;
  });

/** POST /api/admin/tax-rates → 201 TaxRate. */
export const CreateTaxRateSchema = z.object({
  name: TaxRateNameSchema,
  percent: PercentSchema,
  /** Applied to renewals (and offered first on new invoices) unless the client has its own. */
  isDefault: z.boolean({ error: 'Default must be true or false' }).default(false),
});
export type CreateTaxRate = z.infer<typeof CreateTaxRateSchema>;
export type CreateTaxRateInput = z.input<typeof CreateTaxRateSchema>;

/**
 * PATCH /api/admin/tax-rates/{id}: rename, or make default or not. The percentage never
 * changes (invoices keep theirs anyway): a new percentage is a new rate, the old one retired.
 */
export const UpdateTaxRateSchema = z
  .object({
    name: TaxRateNameSchema.optional(),
    isDefault: z.boolean({ error: 'Default must be true or false' }).optional(),
  })
  .refine((patch) => patch.name !== undefined || patch.isDefault !== undefined, {
    message: 'Nothing to change',
  });
export type UpdateTaxRate = z.infer<typeof UpdateTaxRateSchema>;

export const TaxRateSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** 4.45 */
  percent: z.number(),
  isDefault: z.boolean(),
  /** Retired rates stay on the invoices that used them; new invoices cannot choose them. */
  retiredAt: z.iso.datetime().nullable(),
  /** Whether an invoice or proposal uses it (then it can be retired, never deleted). */
  used: z.boolean(),
  createdAt: z.iso.datetime(),
});
export type TaxRate = z.infer<typeof TaxRateSchema>;

/** GET /api/admin/tax-rates?retired=true: every rate (a handful), active first. */
export const TaxRateListSchema = z.object({ items: z.array(TaxRateSchema) });
export type TaxRateList = z.infer<typeof TaxRateListSchema>;

/** The rates an invoice or proposal applies: ids of active rates, each once. */
export const TaxRateIdsSchema = z
  .array(z.uuid('Choose the tax rate again'), { error: 'Tax rates must be a list' })
  .max(10, 'At most 10 tax rates')
  .refine((ids) => new Set(ids).size === ids.length, 'Each tax rate can be applied once');

/** One rate as an invoice (or credit note, proposal) applied it, with its amount in cents. */
export const AppliedTaxSchema = z.object({
  /** Null on an invoice from before named rates: its single tax amount, named "Tax". */
  taxRateId: z.string().nullable(),
  name: z.string(),
  percent: z.number().nullable(),
  /** What the rate was applied to (taxable lines after the discount); 0 on old invoices. */
  taxableAmount: z.number().int(),
  amount: z.number().int(),
});
export type AppliedTax = z.infer<typeof AppliedTaxSchema>;

export const TAX_MESSAGES = {
  rateNotFound: 'Tax rate not found',
  rateRetired: 'That tax rate is retired. Choose an active one.',
  rateUsed: 'This tax rate is on invoices, so it cannot be deleted. Retire it instead.',
  nameTaken: 'A tax rate with this name already exists',
  certificateRequired: 'Enter the exemption certificate number',
} as const;

/** GET/PUT /api/admin/clients/{id}/tax: how the client is taxed (set on the client page). */
export const ClientTaxSettingsSchema = z
  .object({
    taxExempt: z.boolean({ error: 'Tax-exempt must be true or false' }).default(false),
    taxExemptCertificate: z
      .string()
      .trim()
      .max(100, 'The certificate number is too long')
      .nullable()
      .default(null)
      .transform((value) => (value === '' ? null : value)),
    /** The client's own rates for renewals; empty: the agency's default rates. */
    taxRateIds: TaxRateIdsSchema.default([]),
    /** Never charged a late fee. */
    lateFeeExempt: z.boolean({ error: 'Late fee exemption must be true or false' }).default(false),
  })
  .refine((value) => !value.taxExempt || value.taxExemptCertificate !== null, {
    message: TAX_MESSAGES.certificateRequired,
    path: ['taxExemptCertificate'],
  });
export type ClientTaxSettings = z.infer<typeof ClientTaxSettingsSchema>;
export type ClientTaxSettingsInput = z.input<typeof ClientTaxSettingsSchema>;

export const TAX_REPORT_BASES = ['accrual', 'cash'] as const;
export type TaxReportBasis = (typeof TAX_REPORT_BASES)[number];

/**
 * GET /api/admin/reports/tax?from=&to=&basis=(&format=csv). Accrual: invoices by the date
 * they were issued (sent), credit notes by the date issued. Cash: the tax share of payments
 * received and of refunds made in the period (docs/books.md).
 */
export const TaxReportQuerySchema = periodQuery({
  basis: z.enum(TAX_REPORT_BASES, { error: 'Basis must be accrual or cash' }).default('accrual'),
  format: z.enum(['json', 'csv'], { error: 'Format must be json or csv' }).default('json'),
});
export type TaxReportQuery = z.infer<typeof TaxReportQuerySchema>;

export const TaxReportRowSchema = z.object({
  /** Null: the old invoices' single tax amount. */
  taxRateId: z.string().nullable(),
  name: z.string(),
  percent: z.number().nullable(),
  /** Sales the rate applied to, in cents. */
  taxableSales: z.number().int(),
  taxCollected: z.number().int(),
  /** Reversed by credit notes. */
  taxRefunded: z.number().int(),
  /** taxCollected − taxRefunded. */
  netTax: z.number().int(),
});
export type TaxReportRow = z.infer<typeof TaxReportRowSchema>;

export const TaxReportSchema = z.object({
  from: z.iso.date(),
  to: z.iso.date(),
  basis: z.enum(TAX_REPORT_BASES),
  rows: z.array(TaxReportRowSchema),
  /** Every sale of the period after discounts, in cents. */
  totalSales: z.number().int(),
  /** Of it: taxed by at least one rate; and not (exempt clients, non-taxable lines, no rate). */
  taxableSales: z.number().int(),
  exemptSales: z.number().int(),
  taxCollected: z.number().int(),
  taxRefunded: z.number().int(),
  netTax: z.number().int(),
});
export type TaxReport = z.infer<typeof TaxReportSchema>;
