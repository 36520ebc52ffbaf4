import { z } from '../zod';
import { MAX_INVOICE_AMOUNT_CENTS } from '../money';
import { computeInvoiceTaxes, proportion, thousandthsToPercent, type AppliedRate } from '../tax';
import { PlanIdSchema } from './plans';
import { AppliedTaxSchema, TaxRateIdsSchema } from './tax';
import {
  ClientFilterSchema,
  EmailSchema,
  ListQuerySchema,
  MAX_SHORT_TEXT,
  optionalText,
  pageSchema,
  statusFilter,
} from './common';

/**
 * Where a proposal is (issue 38). draft: being written; sent: e-mailed, not opened yet;
 * viewed: the recipient opened the link; signed: signed, the deposit (if any) not paid yet;
 * paid: signed and its first invoice paid (or nothing to pay); declined; expired: past its
 * valid-until date unsigned.
 */
export const PROPOSAL_STATUSES = [
  'draft',
  'sent',
  'viewed',
  'signed',
  'paid',
  'declined',
  'expired',
] as const;
export type ProposalStatus = (typeof PROPOSAL_STATUSES)[number];

/** A proposal that can still be signed or declined by its recipient. */
export const OPEN_PROPOSAL_STATUSES = [
  'sent',
  'viewed',
] as const satisfies readonly ProposalStatus[];

/** The most one-off items a proposal holds. */
export const MAX_PROPOSAL_ITEMS = 50;
/** The terms' and the consent wording's longest text, in characters. */
export const MAX_PROPOSAL_TERMS = 20_000;
export const MAX_CONSENT_TEXT = 5_000;
/**
 * The longest drawn signature accepted, as a PNG data URL (about 525 kB of PNG): the sign
 * route alone takes a body this large.
 */
export const MAX_SIGNATURE_DATA_URL = 700_000;

/** One one-off item (the website build, a logo): quantity x unit price in cents. */
export const ProposalItemInputSchema = z.object({
  description: z
    .string({ error: 'Describe the item' })
    .trim()
    .min(1, 'Describe the item')
    .max(500, 'The item description is too long'),
  quantity: z
    .number({ error: 'Quantity must be a number' })
    .int('Quantity must be a whole number')
    .min(1, 'Quantity must be at least 1')
    .max(100_000, 'Quantity is too large'),
  unitPrice: z
    .number({ error: 'Unit price must be a number' })
    .int('Unit price must be a whole number of cents')
    .min(0, 'Unit price cannot be negative')
    .max(MAX_INVOICE_AMOUNT_CENTS, 'Unit price is too large'),
  /** The proposal's tax rates apply to this item (issue 39). */
  taxable: z.boolean({ error: 'Taxable must be true or false' }).default(true),
});
export type ProposalItemInput = z.infer<typeof ProposalItemInputSchema>;
/** An item as proposals.items keeps it: one saved before issue 39 has no `taxable` (taxed). */
export type StoredProposalItem = Omit<ProposalItemInput, 'taxable'> & { taxable?: boolean };

/** Someone who is not a client yet: a new contact, a lead, a consultation request. */
export const ProposalRecipientSchema = z.object({
  name: z
    .string({ error: 'Name is required' })
    .trim()
    .min(1, 'Name is required')
    .max(MAX_SHORT_TEXT, 'Name is too long'),
  email: EmailSchema,
  businessName: optionalText(MAX_SHORT_TEXT, 'Business name').optional(),
});
export type ProposalRecipient = z.infer<typeof ProposalRecipientSchema>;

/** The marketing tool's lead a proposal was written for: a row of one search. */
export const ProposalLeadSchema = z.object({
  searchId: z.uuid('The lead search must be a search id'),
  leadId: z.string().trim().min(1, 'The lead is required').max(MAX_SHORT_TEXT),
});
export type ProposalLead = z.infer<typeof ProposalLeadSchema>;

export const RECIPIENT_REQUIRED = 'Choose a client or enter who the proposal is for';

/**
 * POST /api/admin/proposals and PUT /api/admin/proposals/{id} (the whole proposal each time):
 * for a client (`clientId`) or for a recipient who is not one yet. Terms left out take the
 * default text of Settings.
 */
export const ProposalInputSchema = z
  .object({
    recipient: ProposalRecipientSchema.optional(),
    clientId: z.uuid('Client must be a client id').optional(),
    lead: ProposalLeadSchema.optional(),
    consultationId: z.uuid('Consultation must be a consultation id').optional(),
    title: z
      .string({ error: 'Title is required' })
      .trim()
      .min(1, 'Title is required')
      .max(MAX_SHORT_TEXT, 'Title is too long'),
    planType: PlanIdSchema.nullish(),
    items: z
      .array(ProposalItemInputSchema, { error: 'Items must be a list' })
      .max(MAX_PROPOSAL_ITEMS, `A proposal holds at most ${MAX_PROPOSAL_ITEMS} items`),
    /** The tax rates to apply to the taxable items and the plan's month (issue 39). */
    taxRateIds: TaxRateIdsSchema.default([]),
    depositPercent: z
      .number({ error: 'Deposit must be a number' })
      .int('Deposit must be a whole percentage')
      .min(0, 'Deposit must be between 0 and 100%')
      .max(100, 'Deposit must be between 0 and 100%'),
    validUntil: z.iso.date('Valid until must be a date'),
    terms: z
      .string({ error: 'Terms must be text' })
      .trim()
      .max(MAX_PROPOSAL_TERMS, `Terms must be at most ${MAX_PROPOSAL_TERMS} characters`)
      .optional(),
  })
  .refine((input) => (input.recipient ? 1 : 0) + (input.clientId ? 1 : 0) === 1, {
    message: RECIPIENT_REQUIRED,
    path: ['recipient'],
  })
  .refine((input) => input.planType || input.items.length > 0, {
    message: 'Add a plan or at least one item',
    path: ['items'],
  });
export type ProposalInput = z.infer<typeof ProposalInputSchema>;

/** An item as the totals read it: an item saved before issue 39 has no `taxable` (taxed). */
interface PricedItem {
  quantity: number;
  unitPrice: number;
  taxable?: boolean;
}

/**
 * The deposit split by the items' taxability (issue 39): the taxable items' share of it, in
 * proportion, and the rest. The first invoice bills each part as its own line, so the rates
 * fall on the taxable share only, and the remainder invoice takes the same split back.
 */
export function depositParts(items: readonly PricedItem[], deposit: number) {
  const oneOff = items.reduce((sum, item) => sum + item.quantity * item.unitPrice, 0);
  const taxableOneOff = items.reduce(
    (sum, item) => sum + (item.taxable === false ? 0 : item.quantity * item.unitPrice),
    0,
  );
  const taxable = proportion(deposit, taxableOneOff, oneOff);
  return { taxable, exempt: deposit - taxable };
}

const appliedTaxes = (taxes: ReturnType<typeof computeInvoiceTaxes>['taxes']) =>
  taxes.map(({ taxRateId, name, percentThousandths, taxableAmount, amount }) => ({
    taxRateId,
    name,
    percent: thousandthsToPercent(percentThousandths),
    taxableAmount,
    amount,
  }));

/**
 * The money of a proposal in cents: the one-off total, the deposit on it (rounded to the
 * cent), the plan's month, and what the first invoice bills (deposit plus first month, and
 * their tax). With tax rates (issue 39), `taxes` is each rate on the taxable items and the
 * plan's month, rounded once per rate as an invoice is. The form shows them live; the server
 * stores its own result.
 */
export function proposalTotals(
  items: readonly PricedItem[],
  depositPercent: number,
  monthlyCents: number | null,
  rates: readonly AppliedRate[] = [],
) {
  const oneOff = items.reduce((sum, item) => sum + item.quantity * item.unitPrice, 0);
  const deposit = Math.round((oneOff * depositPercent) / 100);
  const monthly = monthlyCents ?? 0;
  const lines = items.map((item) => ({
    total: item.quantity * item.unitPrice,
    taxable: item.taxable !== false,
  }));
  const whole = computeInvoiceTaxes({
    lines: [...lines, { total: monthly, taxable: true }],
    discount: 0,
    rates,
  });
  const parts = depositParts(items, deposit);
  const first = computeInvoiceTaxes({
    lines: [
      { total: parts.taxable, taxable: true },
      { total: parts.exempt, taxable: false },
      { total: monthly, taxable: true },
    ],
    discount: 0,
    rates,
  });
  return {
    oneOff,
    deposit,
    monthly,
    firstInvoice: deposit + monthly + first.tax,
    remainder: oneOff - deposit,
    taxes: appliedTaxes(whole.taxes),
    tax: whole.tax,
  };
}
export type ProposalTotals = ReturnType<typeof proposalTotals>;

export const ProposalTotalsSchema = z.object({
  oneOff: z.number().int(),
  deposit: z.number().int(),
  monthly: z.number().int(),
  /** Deposit plus first month, and their tax. */
  firstInvoice: z.number().int(),
  remainder: z.number().int(),
  /**
   * Each rate on the taxable items and the plan's month (issue 39); absent from a document
   * frozen without rates, so its bytes (and hash) stay what they were.
   */
  taxes: z.array(AppliedTaxSchema).optional(),
  tax: z.number().int().optional(),
});

/** The plan as the proposal copied it: its price then, whatever the catalogue says later. */
export const ProposalPlanSchema = z.object({
  id: z.string(),
  name: z.string(),
  monthlyPriceCents: z.number().int(),
});

export const ProposalItemSchema = ProposalItemInputSchema.extend({
  total: z.number().int(),
  /** Absent from a document frozen without tax rates (issue 39). */
  taxable: z.boolean().optional(),
});

/**
 * What the recipient reads and signs: one version of the proposal, frozen. Its SHA-256 (of
 * the canonical JSON, `proposalDocumentHash` on the server) is the hash the evidence keeps.
 */
export const ProposalDocumentSchema = z.object({
  version: z.number().int().min(1),
  title: z.string(),
  recipient: z.object({
    name: z.string(),
    email: z.string(),
    businessName: z.string().nullable(),
  }),
  agency: z.object({ name: z.string(), email: z.string(), phone: z.string() }),
  plan: ProposalPlanSchema.nullable(),
  items: z.array(ProposalItemSchema),
  depositPercent: z.number().int(),
  totals: ProposalTotalsSchema,
  validUntil: z.iso.date(),
  terms: z.string(),
});
export type ProposalDocument = z.infer<typeof ProposalDocumentSchema>;

/** What the evidence trail records, append-only (docs/proposals.md). */
export const PROPOSAL_EVENT_KINDS = [
  'created',
  'edited',
  'sent',
  'reminded',
  'viewed',
  'signed',
  'declined',
  'expired',
  'invoiced',
  'paid',
  'attached',
  'revoked',
  /** Signing invited the recipient to the portal under the proposal's e-mail (once). */
  'invited',
  /** The sealed agreement was e-mailed to both parties (once: a re-run sends nothing). */
  'delivered',
] as const;
export type ProposalEventKind = (typeof PROPOSAL_EVENT_KINDS)[number];

/** One row of a proposal's timeline (its evidence). */
export const ProposalEventSchema = z.object({
  id: z.number().int(),
  kind: z.enum(PROPOSAL_EVENT_KINDS),
  at: z.iso.datetime(),
  version: z.number().int().nullable(),
  /** The address the link was sent to (sent, reminded). */
  email: z.string().nullable(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  /** signed: the SHA-256 of the document signed. */
  documentHash: z.string().nullable(),
  /** signed: the SHA-256 of the consent wording agreed to. */
  consentHash: z.string().nullable(),
  /** The event in a line, as the server words it ('Signed by …', 'Invoice … issued'); declined: the reason. */
  detail: z.string(),
});
export type ProposalEvent = z.infer<typeof ProposalEventSchema>;

/** A proposal as the admin's list shows it. */
export const ProposalSchema = z.object({
  id: z.string(),
  status: z.enum(PROPOSAL_STATUSES),
  version: z.number().int(),
  title: z.string(),
  recipient: z.object({
    name: z.string(),
    email: z.string(),
    businessName: z.string().nullable(),
  }),
  clientId: z.string().nullable(),
  lead: ProposalLeadSchema.nullable(),
  consultationId: z.string().nullable(),
  plan: ProposalPlanSchema.nullable(),
  depositPercent: z.number().int(),
  totals: ProposalTotalsSchema,
  validUntil: z.iso.date(),
  sentAt: z.iso.datetime().nullable(),
  viewedAt: z.iso.datetime().nullable(),
  signedAt: z.iso.datetime().nullable(),
  declinedAt: z.iso.datetime().nullable(),
  paidAt: z.iso.datetime().nullable(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type Proposal = z.infer<typeof ProposalSchema>;

/** GET /api/admin/proposals/{id}: the proposal, its current text, its timeline and invoices. */
export const ProposalDetailSchema = ProposalSchema.extend({
  items: z.array(ProposalItemSchema),
  terms: z.string(),
  signerName: z.string().nullable(),
  declineReason: z.string().nullable(),
  depositInvoiceId: z.string().nullable(),
  remainderInvoiceId: z.string().nullable(),
  /** The sealed agreement exists (signed): GET /api/admin/proposals/{id}/pdf downloads it. */
  hasAgreement: z.boolean(),
  events: z.array(ProposalEventSchema),
});
export type ProposalDetail = z.infer<typeof ProposalDetailSchema>;

/** The answer of POST, PUT and the actions of /api/admin/proposals. */
export const ProposalSavedSchema = z.object({ proposal: ProposalDetailSchema });
export type ProposalSaved = z.infer<typeof ProposalSavedSchema>;

/** GET /api/admin/proposals?q=&status=&client=&page=&pageSize=: q looks in title and recipient. */
export const ProposalListQuerySchema = ListQuerySchema.extend({
  status: statusFilter(PROPOSAL_STATUSES),
  client: ClientFilterSchema,
});
export type ProposalListQuery = z.infer<typeof ProposalListQuerySchema>;
export const PROPOSAL_LIST_PARAMS = ['q', 'status', 'page', 'pageSize'] as const;
export const ProposalPageSchema = pageSchema(ProposalSchema);
export type ProposalPage = z.infer<typeof ProposalPageSchema>;

/** What the signer's first invoice asks of them, on the proposal's page. */
export const ProposalPaymentSchema = z.object({
  invoiceId: z.string(),
  invoiceNumber: z.string().nullable(),
  amountCents: z.number().int(),
  paid: z.boolean(),
  /** Card payment is on (Stripe configured): POST /api/proposals/{token}/deposit opens it. */
  online: z.boolean(),
  /** The settings' payment instructions, for paying without a card. */
  instructions: z.string(),
});
export type ProposalPayment = z.infer<typeof ProposalPaymentSchema>;

/** GET /api/proposals/{token}: what the recipient's page shows (no sign-in). */
export const PublicProposalSchema = z.object({
  status: z.enum(PROPOSAL_STATUSES),
  document: ProposalDocumentSchema,
  /** The consent to sign electronically (Settings), and the SHA-256 a signature records. */
  consent: z.object({ text: z.string(), hash: z.string() }),
  signedAt: z.iso.datetime().nullable(),
  signerName: z.string().nullable(),
  declinedAt: z.iso.datetime().nullable(),
  /** Null when signing bills nothing (no deposit, no plan) or before signing. */
  payment: ProposalPaymentSchema.nullable(),
});
export type PublicProposal = z.infer<typeof PublicProposalSchema>;

const PNG_DATA_URL = /^data:image\/png;base64,[A-Za-z0-9+/]+={0,2}$/;

export const SIGNATURE_REQUIRED = 'Draw your signature or type it';
export const CONSENT_REQUIRED = 'Please agree to sign electronically';

/** POST /api/proposals/{token}/sign: the version the signer saw, their name and mark. */
export const SignProposalSchema = z.object({
  version: z.number({ error: 'The proposal version is required' }).int().min(1),
  signerName: z
    .string({ error: 'Please type your full name' })
    .trim()
    .min(1, 'Please type your full name')
    .max(MAX_SHORT_TEXT, 'Your name is too long'),
  signature: z
    .object({
      drawn: z
        .string()
        .max(MAX_SIGNATURE_DATA_URL, 'The drawn signature is too large')
        .regex(PNG_DATA_URL, 'The drawn signature must be a PNG image')
        .optional(),
      typed: z.string().trim().max(MAX_SHORT_TEXT, 'The typed signature is too long').optional(),
    })
    .refine((mark) => Boolean(mark.drawn) || Boolean(mark.typed), SIGNATURE_REQUIRED),
  consent: z.literal(true, CONSENT_REQUIRED),
  /**
   * The SHA-256 of the consent wording the page showed (PublicProposal.consent.hash): a
   * signature binds that wording, and a wording changed since answers 409 `changed`.
   */
  consentHash: z
    .string({ error: 'The consent wording is required' })
    .regex(/^[0-9a-f]{64}$/, 'The consent wording is required'),
});
export type SignProposal = z.infer<typeof SignProposalSchema>;

/** POST /api/proposals/{token}/decline. */
export const DeclineProposalSchema = z.object({
  reason: optionalText(2000, 'Reason').optional(),
});
export type DeclineProposal = z.infer<typeof DeclineProposalSchema>;

/** The answer of POST /api/proposals/{token}/deposit: Stripe Checkout's page. */
export const ProposalDepositSchema = z.object({ url: z.string() });

/**
 * GET/PUT /api/admin/settings/proposals: the default terms of a new proposal, the consent to
 * sign electronically the signer agrees to, and how many days before expiry an unsigned
 * proposal is reminded (0: never).
 */
export const ProposalSettingsSchema = z.object({
  terms: z
    .string({ error: 'Terms must be text' })
    .trim()
    .max(MAX_PROPOSAL_TERMS, `Terms must be at most ${MAX_PROPOSAL_TERMS} characters`),
  consentText: z
    .string({ error: 'The consent wording is required' })
    .trim()
    .min(1, 'The consent wording is required')
    .max(MAX_CONSENT_TEXT, `The consent wording must be at most ${MAX_CONSENT_TEXT} characters`),
  reminderDaysBeforeExpiry: z
    .number({ error: 'Reminder days must be a number' })
    .int('Reminder days must be a whole number')
    .min(0, 'Reminder days must be between 0 and 60')
    .max(60, 'Reminder days must be between 0 and 60'),
});
export type ProposalSettings = z.infer<typeof ProposalSettingsSchema>;

/** GET /api/admin/proposals/stats: the dashboard's card. */
export const ProposalStatsSchema = z.object({
  sentThisMonth: z.number().int(),
  openedThisMonth: z.number().int(),
  signedThisMonth: z.number().int(),
  /** signed ÷ (signed + declined + expired) over the last 90 days; null when none settled. */
  winRate: z.number().nullable(),
  /** Open proposals' one-off totals plus 12 months of their plans, in cents. */
  openValueCents: z.number().int(),
});
export type ProposalStats = z.infer<typeof ProposalStatsSchema>;

/** The portal's agreements: the client's signed proposals (GET /api/proposals/mine). */
export const ClientAgreementSchema = z.object({
  id: z.string(),
  title: z.string(),
  signedAt: z.iso.datetime(),
  signerName: z.string(),
  /** GET /api/proposals/mine/{id}/pdf. */
  pdfUrl: z.string(),
});
export type ClientAgreement = z.infer<typeof ClientAgreementSchema>;
export const ClientAgreementListSchema = z.object({ items: z.array(ClientAgreementSchema) });
export type ClientAgreementList = z.infer<typeof ClientAgreementListSchema>;

/** The answers the signer's page words itself by (the server sends them; the page reacts). */
export const PROPOSAL_MESSAGES = {
  /** 404 on the admin's routes. */
  notFound: 'Proposal not found',
  /** 404 of a token that names no proposal (forged, revoked, or never sent). */
  linkNotValid: 'This proposal link is not valid',
  /** 409 of PUT once signed (or declined). */
  signedUnchangeable: 'A signed proposal cannot be changed',
  declinedUnchangeable: 'A declined proposal cannot be changed',
  /** 409 of sign/decline. */
  alreadySigned: 'This proposal has already been signed',
  alreadyDeclined: 'This proposal was declined',
  /** 409 of sign when `version` is not the current one: the page shows it again. */
  changed: 'This proposal changed since you opened it. Please read it again before signing.',
  /** 409 of send for a proposal with nothing to send (already signed, declined). */
  notSendable: 'Only a draft or an unsigned proposal can be sent',
  /** 409 of send when its valid-until date has passed: PUT a later one first. */
  validUntilPassed: 'Its valid-until date has passed: move it to today or later before sending',
  /** 400 of POST/PUT with a valid-until date before today. */
  validUntilInPast: 'Valid until must be today or later',
  /** 409 of DELETE for a proposal that was sent. */
  notDeletable: 'Only a draft that was never sent can be deleted',
  /** 409 of revoke when there is no link out. */
  noLink: 'This proposal has no link to revoke',
  /** 404 of the sealed agreement before it is signed. */
  noAgreement: 'There is no signed agreement for this proposal yet',
} as const;

/** 410 of an expired proposal's link: who to ask for a new one. */
export function proposalExpiredMessage(
  validUntil: string,
  agencyName: string,
  agencyEmail: string,
) {
  return `This proposal expired on ${validUntil}. Please ask ${agencyName} (${agencyEmail}) for a new one.`;
}
