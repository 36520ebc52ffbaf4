import { z } from '../zod';
import { periodQuery } from './common';

/**
 * The accountant's files (issue 39, docs/books.md "Export"): streamed CSV for a period.
 */
export const EXPORT_KINDS = [
  'xero-invoices',
  'quickbooks-invoices',
  'payments',
  'journal',
] as const;
export type ExportKind = (typeof EXPORT_KINDS)[number];

export const EXPORT_LABELS: Record<ExportKind, string> = {
  'xero-invoices': 'Invoices and credit notes for Xero',
  'quickbooks-invoices': 'Invoices for QuickBooks Online',
  payments: 'Payments received',
  journal: 'General journal',
};

/** GET /api/admin/exports/{kind}?from=&to= (calendar dates in the business time zone). */
export const ExportKindSchema = z.enum(EXPORT_KINDS, { error: 'Unknown export' });
export const ExportQuerySchema = periodQuery({});
export type ExportQuery = z.infer<typeof ExportQuerySchema>;

/** The ledger accounts the journal posts to, named once in Settings. */
export const ACCOUNT_KEYS = [
  'revenue',
  'lateFeeIncome',
  'salesTaxPayable',
  'accountsReceivable',
  'refunds',
  'stripeClearing',
  'stripeFees',
  'bank',
  'suspense',
] as const;
export type AccountKey = (typeof ACCOUNT_KEYS)[number];

export const ACCOUNT_LABELS: Record<AccountKey, string> = {
  revenue: 'Revenue',
  lateFeeIncome: 'Late fee income',
  salesTaxPayable: 'Sales tax payable',
  accountsReceivable: 'Accounts receivable',
  refunds: 'Refunds',
  stripeClearing: 'Stripe clearing',
  stripeFees: 'Stripe fees',
  bank: 'Bank',
  suspense: 'Suspense (disputes, unmatched payments)',
};

const AccountSchema = z.object({
  code: z.string().trim().max(20, 'An account code is at most 20 characters').default(''),
  name: z
    .string({ error: 'Name the account' })
    .trim()
    .min(1, 'Name the account')
    .max(100, 'The account name is too long'),
});
export type Account = z.infer<typeof AccountSchema>;

/** A small chart of accounts most agencies start from (Xero's default codes). */
export const DEFAULT_ACCOUNTS: Record<AccountKey, Account> = {
  revenue: { code: '200', name: 'Sales' },
  lateFeeIncome: { code: '260', name: 'Other Revenue' },
  salesTaxPayable: { code: '820', name: 'Sales Tax' },
  accountsReceivable: { code: '610', name: 'Accounts Receivable' },
  refunds: { code: '210', name: 'Refunds' },
  stripeClearing: { code: '615', name: 'Stripe Clearing' },
  stripeFees: { code: '404', name: 'Bank Fees' },
  bank: { code: '090', name: 'Business Bank Account' },
  suspense: { code: '899', name: 'Suspense' },
};

/** GET/PUT /api/admin/settings/accounting. */
export const AccountingSettingsSchema = z.object({
  accounts: z.object(
    Object.fromEntries(ACCOUNT_KEYS.map((key) => [key, AccountSchema])) as Record<
      AccountKey,
      typeof AccountSchema
    >,
  ),
});
export type AccountingSettings = z.infer<typeof AccountingSettingsSchema>;
