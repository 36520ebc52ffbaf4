import { z } from '../zod';
import { dollarsToCents, formatCents, MAX_INVOICE_AMOUNT_CENTS } from '../money';
import { PlanIdSchema } from './plans';
import {
  ClientFilterSchema,
  EmailSchema,
  ListQuerySchema,
  MAX_SHORT_TEXT,
  pageSchema,
  statusFilter,
} from './common';
import { ClientCreditNoteSchema, CreditableSchema, CreditNoteSchema } from './credit-notes';
import { MailDeliverySchema } from './mail';
import { PaymentSchema } from './payments';
import { AppliedTaxSchema, TaxRateIdsSchema } from './tax';

/**
 * 'void': a sent invoice withdrawn by the admin (POST /api/admin/invoices/{id}/void). It keeps its
 * number, owes nothing and counts in no figure (docs/spec-deviations.md).
 */
export const INVOICE_STATUSES = ['draft', 'sent', 'paid', 'overdue', 'void'] as const;

/**
 * How an invoice is named on screens, PDFs and e-mails: its number, given when it is sent
 * (INV-2026-0007), or 'Draft' before that.
 */
export function invoiceName(invoice: { invoiceNumber: string | null }): string {
  return invoice.invoiceNumber ?? 'Draft';
}
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

const TOO_LARGE = (label: string) =>
  `${label} cannot be more than ${formatCents(MAX_INVOICE_AMOUNT_CENTS)}`;

const CentsSchema = (label: string) =>
  z
    .number({ error: `${label} must be a number` })
    .int(`${label} must be a whole number of cents`)
    .min(0, `${label} cannot be negative`)
    .max(MAX_INVOICE_AMOUNT_CENTS, TOO_LARGE(label));

export const InvoiceLineItemInputSchema = z.object({
  description: z.string().trim().max(500, 'Line item description is too long').default(''),
  quantity: z
    .number({ error: 'Quantity must be a number' })
    .int('Quantity must be a whole number')
    .min(1, 'Quantity must be at least 1')
    .max(100_000, 'Quantity is too large')
    .default(1),
  /** Integer cents; a line with 0 or less is dropped (spec section 5). */
  unitPrice: z
    .number({ error: 'Unit price must be a number' })
    .int('Unit price must be a whole number of cents')
    .max(MAX_INVOICE_AMOUNT_CENTS, TOO_LARGE('Unit price')),
  /** The invoice's tax rates apply to this line (issue 39). */
  taxable: z.boolean({ error: 'Taxable must be true or false' }).default(true),
});
export type InvoiceLineItemInput = z.infer<typeof InvoiceLineItemInputSchema>;

/** Lines with an empty description or a unit price of 0 or less do not count. */
export function keepBillableLines<T extends { description: string; unitPrice: number }>(
  lines: readonly T[],
): T[] {
  return lines.filter((line) => line.description.trim() !== '' && line.unitPrice > 0);
}

/**
 * The totals of an invoice in integer cents: each line is quantity x unit price, the total is
 * subtotal + tax - discount. The form shows them live; the server stores its own result.
 */
export function sumInvoice<T extends { quantity: number; unitPrice: number }>(
  lines: readonly T[],
  tax: number,
  discount: number,
) {
  const priced = lines.map((line) => ({ ...line, total: line.quantity * line.unitPrice }));
  const subtotal = priced.reduce((sum, line) => sum + line.total, 0);
  return { lines: priced, subtotal, total: subtotal + tax - discount };
}

/** Both a hand-typed tax amount and named rates. */
export const TAX_AMOUNT_WITH_RATES_MESSAGE = 'Choose tax rates or type a tax amount, not both';

/** A total below zero: what the server answers, and the form says before sending. */
export const NEGATIVE_TOTAL_MESSAGE = 'The discount cannot be more than the subtotal plus tax';

/** POST /api/admin/invoices: amounts in integer cents. */
export const CreateInvoiceSchema = z
  .object({
    /** The client account the invoice belongs to; unset for someone without an account yet. */
    clientId: z.uuid('Choose the client from the list again').nullable().optional(),
    clientName: z
      .string({ error: 'Client name is required' })
      .trim()
      .min(1, 'Client name is required')
      .max(MAX_SHORT_TEXT, 'Client name is too long'),
    clientEmail: EmailSchema,
    planType: PlanIdSchema.optional().nullable(),
    dueDate: z.iso.date('Due date is required'),
    notes: z.string().trim().max(5000, 'Notes are too long').optional().default(''),
    lineItems: z
      .array(InvoiceLineItemInputSchema)
      .max(200, 'An invoice can have at most 200 line items')
      .transform((lines) => keepBillableLines(lines))
      .refine((lines) => lines.length > 0, 'Please add at least one line item'),
    /**
     * The named rates to apply (issue 39): the server computes the tax from them. `tax`, a
     * single amount typed by hand, is what invoices had before rates; it is refused with rates.
     */
    taxRateIds: TaxRateIdsSchema.default([]),
    tax: CentsSchema('Tax').default(0),
    discount: CentsSchema('Discount').default(0),
  })
  .refine((invoice) => invoice.taxRateIds.length === 0 || invoice.tax === 0, {
    message: TAX_AMOUNT_WITH_RATES_MESSAGE,
    path: ['tax'],
  })
  // Each line and amount is bounded; their products and sum are bounded here (200 lines of
  // 100,000 x $10M would reach 2e17 cents).
  .refine(
    (invoice) => sumInvoice(invoice.lineItems, invoice.tax, 0).total <= MAX_INVOICE_AMOUNT_CENTS,
    { message: TOO_LARGE('The invoice total'), path: ['lineItems'] },
  )
  // The server's rule (invoices.service.ts) written here too, so the form refuses it first;
  // checked once every amount is valid, so a wrong amount is not reported twice.
  .refine((invoice) => sumInvoice(invoice.lineItems, invoice.tax, invoice.discount).total >= 0, {
    message: NEGATIVE_TOTAL_MESSAGE,
    path: ['discount'],
    when: (payload) => payload.issues.length === 0,
  });
export type CreateInvoice = z.infer<typeof CreateInvoiceSchema>;

/** Typed dollars ('199', '33.33') to integer cents, once, at the form boundary; empty is 0. */
const DollarsInputSchema = (label: string) =>
  z
    .string()
    .trim()
    .transform((text, ctx) => {
      if (text === '') return 0;
      const cents = dollarsToCents(text);
      if (cents === null) {
        ctx.addIssue({ code: 'custom', message: `${label} must be an amount in dollars` });
        return z.NEVER;
      }
      return cents;
    });

/**
 * The new-invoice form (/admin/invoices/new): what the inputs hold (text, dollars), turned
 * into the create payload (integer cents) and checked by the same rules as the server.
 */
export const InvoiceFormSchema = z
  .object({
    clientId: z.string().nullable().optional(),
    clientName: z.string(),
    clientEmail: z.string(),
    planType: z
      .union([PlanIdSchema, z.literal('')])
      .transform((plan) => (plan === '' ? null : plan)),
    dueDate: z.string(),
    notes: z.string(),
    lineItems: z.array(
      z.object({
        description: z.string(),
        quantity: z
          .string()
          .trim()
          .transform((text) => (text === '' ? Number.NaN : Number(text))),
        unitPrice: DollarsInputSchema('Unit price'),
        taxable: z.boolean().default(true),
      }),
    ),
    taxRateIds: z.array(z.string()).default([]),
    tax: DollarsInputSchema('Tax'),
    discount: DollarsInputSchema('Discount'),
  })
  // Widens the type to what the payload schema accepts, so it can check the result.
  .transform((values): z.input<typeof CreateInvoiceSchema> => values)
  .pipe(CreateInvoiceSchema);
export type InvoiceFormValues = z.input<typeof InvoiceFormSchema>;

/** The statuses PATCH takes (spec section 4); void has its own action with a reason. */
const PATCHABLE_STATUSES = ['draft', 'sent', 'paid', 'overdue'] as const;

export const UpdateInvoiceStatusSchema = z.object({
  status: z.enum(PATCHABLE_STATUSES, { error: 'Status must be draft, sent, paid or overdue' }),
  sentAt: z.iso.datetime().optional(),
  paidAt: z.iso.datetime().optional(),
});
export type UpdateInvoiceStatus = z.infer<typeof UpdateInvoiceStatusSchema>;

/** GET /api/invoices: an invoice as its client sees it in the portal's billing history. */
export const ClientInvoiceSchema = z.object({
  id: z.string(),
  /** A client sees sent invoices only, so always a number (invoiceName). */
  invoiceNumber: z.string(),
  dateIssued: z.iso.date(),
  dueDate: z.iso.date(),
  /** Integer cents. */
  total: z.number().int(),
  /** What its payments cover, in cents: the balance due is total - amountPaid. */
  amountPaid: z.number().int(),
  status: z.enum(INVOICE_STATUSES),
  paidAt: z.iso.datetime().nullable(),
  /** The credit notes issued for it, oldest first (a paid invoice keeps its status). */
  creditNotes: z.array(ClientCreditNoteSchema),
  /** Each rate applied, with its amount (issue 39). */
  taxes: z.array(AppliedTaxSchema).optional(),
  /** Written for a tax-exempt client: the certificate it prints. */
  taxExemptCertificate: z.string().nullable().optional(),
});
export type ClientInvoice = z.infer<typeof ClientInvoiceSchema>;

/** GET /api/invoices?page=&pageSize=: the client's billing history, newest first. */
export const ClientInvoiceListQuerySchema = ListQuerySchema.pick({ page: true, pageSize: true });
export const ClientInvoicePageSchema = pageSchema(ClientInvoiceSchema);
export type ClientInvoicePage = z.infer<typeof ClientInvoicePageSchema>;

/** One warning on an invoice's money, until the admin marks it resolved. */
export const InvoiceFlagSchema = z.object({
  id: z.string(),
  message: z.string(),
  /** When it was raised. */
  at: z.iso.datetime(),
  /** The payment it is about, if one. */
  paymentId: z.string().nullable(),
});
export type InvoiceFlag = z.infer<typeof InvoiceFlagSchema>;

/**
 * POST /api/admin/invoices/{id}/resolve-flag: one warning (flagId), or every one when no body
 * or no flagId is given.
 */
export const ResolvePaymentFlagSchema = z.object({
  flagId: z.uuid('Choose the warning to resolve again').optional(),
});
export type ResolvePaymentFlag = z.infer<typeof ResolvePaymentFlagSchema>;

/** An invoice as the admin API answers it; amounts in integer cents. */
export const InvoiceSchema = z.object({
  id: z.string(),
  /** Null while a draft: the number is given when it is sent. */
  invoiceNumber: z.string().nullable(),
  /** The client account it belongs to (its page is /admin/clients/{clientId}); null until claimed. */
  clientId: z.string().nullable(),
  clientName: z.string(),
  clientEmail: z.string(),
  planType: z.string().nullable(),
  status: z.enum(INVOICE_STATUSES),
  dateIssued: z.iso.date(),
  dueDate: z.iso.date(),
  sentAt: z.iso.datetime().nullable(),
  paidAt: z.iso.datetime().nullable(),
  subtotal: z.number().int(),
  tax: z.number().int(),
  discount: z.number().int(),
  total: z.number().int(),
  /** What its payments cover, in cents: the balance due is total - amountPaid. */
  amountPaid: z.number().int(),
  /**
   * Why the admin should look at its money, every reason still open, oldest first (an amount
   * that did not match, a dispute, a partial refund).
   */
  paymentFlags: z.array(InvoiceFlagSchema),
  notes: z.string(),
  /** When it was voided, and why (a void invoice keeps its number and owes nothing). */
  voidedAt: z.iso.datetime().nullable(),
  voidReason: z.string().nullable(),
  /** Written for a tax-exempt client: no rate applied, this certificate printed (issue 39). */
  taxExemptCertificate: z.string().nullable(),
  /** A late-fee invoice: the overdue invoice whose fee it charges (issue 39). */
  lateFeeForInvoiceId: z.string().nullable(),
  createdAt: z.iso.datetime(),
});
export type Invoice = z.infer<typeof InvoiceSchema>;

/** POST /api/admin/invoices/{id}/void: a sent or overdue invoice withdrawn, with why. */
export const VoidInvoiceSchema = z.object({
  reason: z
    .string({ error: 'Say why the invoice is voided' })
    .trim()
    .min(1, 'Say why the invoice is voided')
    .max(500, 'The reason is too long'),
});
export type VoidInvoice = z.infer<typeof VoidInvoiceSchema>;

/** The columns the admin's invoice list sorts by (`?sort=`), newest first by default. */
export const INVOICE_SORTS = [
  'created',
  'number',
  'issued',
  'due',
  'client',
  'total',
  'status',
] as const;
export type InvoiceSort = (typeof INVOICE_SORTS)[number];

/**
 * GET /api/admin/invoices?q=&status=&client=&page=&pageSize=: q looks in the number, the
 * client's name and e-mail; client is a client account's id.
 */
export const InvoiceListQuerySchema = ListQuerySchema.extend({
  status: statusFilter(INVOICE_STATUSES),
  client: ClientFilterSchema,
  /** Unset: newest first (created). */
  sort: statusFilter(
    INVOICE_SORTS,
    'Sort must be one of: number, issued, due, client, total, status, created',
  ),
  /** Unset: descending for created, ascending otherwise. */
  dir: statusFilter(['asc', 'desc'], 'Direction must be asc or desc'),
});
export type InvoiceListQuery = z.infer<typeof InvoiceListQuerySchema>;
export const INVOICE_LIST_PARAMS = [
  'q',
  'status',
  'client',
  'page',
  'pageSize',
  'sort',
  'dir',
] as const;

export const InvoicePageSchema = pageSchema(InvoiceSchema);
export type InvoicePage = z.infer<typeof InvoicePageSchema>;

export const InvoiceLineItemSchema = z.object({
  id: z.string(),
  description: z.string(),
  quantity: z.number().int(),
  unitPrice: z.number().int(),
  total: z.number().int(),
  taxable: z.boolean(),
});
export type InvoiceLineItem = z.infer<typeof InvoiceLineItemSchema>;

/** GET /api/admin/invoices/{id}. */
export const InvoiceDetailSchema = z.object({
  invoice: InvoiceSchema,
  lineItems: z.array(InvoiceLineItemSchema),
  /** Each rate applied, in order, with its amount (their sum is invoice.tax). */
  taxes: z.array(AppliedTaxSchema),
  /** The late-fee invoice charged on this one, if any (issue 39). */
  lateFee: z
    .object({
      invoiceId: z.string(),
      invoiceNumber: z.string().nullable(),
      status: z.enum(INVOICE_STATUSES),
      total: z.number().int(),
    })
    .nullable(),
  /** Oldest first. */
  payments: z.array(PaymentSchema),
  /**
   * The pay link handed out for it (e-mailed, or in a PDF), until when it works; null when
   * none is out (never given, card payment off, or revoked).
   */
  payLink: z.object({ expiresAt: z.iso.datetime().nullable() }).nullable(),
  /** Its credit notes, oldest first: issued ones, and any still waiting for Stripe's answer. */
  creditNotes: z.array(CreditNoteSchema),
  /** What can still be credited (nothing unless it is paid). */
  creditable: CreditableSchema,
});
export type InvoiceDetail = z.infer<typeof InvoiceDetailSchema>;

/** The answer of POST /api/admin/invoices: the new invoice, its number repeated on top. */
export const CreatedInvoiceSchema = InvoiceDetailSchema.extend({
  invoiceNumber: z.string().nullable(),
});
export type CreatedInvoice = z.infer<typeof CreatedInvoiceSchema>;

/** The answer of POST /api/admin/invoices/{id}/email: the invoice now, and what was done. */
export const EmailedInvoiceSchema = InvoiceDetailSchema.extend({
  message: z.string(),
  delivery: MailDeliverySchema,
});
export type EmailedInvoice = z.infer<typeof EmailedInvoiceSchema>;

/**
 * The answer of PATCH /api/admin/invoices/{id}: the invoice now; sending a draft e-mails it,
 * and then says how it went out, as the e-mail answer does.
 */
export const InvoiceStatusChangedSchema = InvoiceDetailSchema.extend({
  message: z.string().optional(),
  delivery: MailDeliverySchema.optional(),
});
export type InvoiceStatusChanged = z.infer<typeof InvoiceStatusChangedSchema>;

/**
 * The answer of POST /api/admin/invoices/{id}/credit-notes (201): the invoice now, the credit
 * note issued, and what was done (refunded to the card, or to be returned by the agency).
 */
export const IssuedCreditNoteSchema = InvoiceDetailSchema.extend({
  creditNote: CreditNoteSchema,
  message: z.string(),
});
export type IssuedCreditNote = z.infer<typeof IssuedCreditNoteSchema>;

/** The only status changes the product makes (spec section 4). */
export const INVOICE_TRANSITIONS: Record<InvoiceStatus, readonly InvoiceStatus[]> = {
  draft: ['sent'],
  sent: ['paid', 'void'],
  overdue: ['paid', 'void'],
  paid: [],
  void: [],
};
