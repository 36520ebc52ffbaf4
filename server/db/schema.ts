import { sql } from 'drizzle-orm';
import type { LeadFacts } from '@shared/lead-facts';
import { PLAN_STATUSES } from '@shared/schemas/plans';
import { CONSULTATION_STATUSES } from '@shared/schemas/consultations';
import { CREDIT_NOTE_STATUSES } from '@shared/schemas/credit-notes';
import { INVOICE_STATUSES } from '@shared/schemas/invoices';
import { LEGAL_PAGES } from '@shared/schemas/legal-pages';
import type { SiteContent } from '@shared/schemas/site-content';
import { PAYMENT_METHODS } from '@shared/schemas/payments';
import {
  PROPOSAL_EVENT_KINDS,
  PROPOSAL_STATUSES,
  type ProposalDocument,
  type StoredProposalItem,
} from '@shared/schemas/proposals';
import type { PlanResponseTimes } from '@shared/schemas/response-times';
import { DOMAIN_EXPIRY_SOURCES, SITE_STATUSES } from '@shared/schemas/sites';
import { DEFAULT_UPDATE_ALLOWANCE, TICKET_KINDS } from '@shared/schemas/updates';
import {
  LEAD_SOURCES,
  SEARCH_STATUSES,
  type Lead,
  type LeadSummary,
  type MarketingSearch,
  type WebsiteSignals,
} from '@shared/schemas/leads';
import { SUBSCRIPTION_EVENT_KINDS, SUBSCRIPTION_STATUSES } from '@shared/schemas/subscriptions';
import { INBOUND_STATES, INBOUND_VIAS, type InboundAuthentication } from '@shared/schemas/inbound';
import {
  TICKET_MESSAGE_SOURCES,
  TICKET_PRIORITIES,
  TICKET_STATUSES,
} from '@shared/schemas/tickets';
import {
  bigint,
  customType,
  type AnyPgColumn,
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { searchText } from './search';
import type { AppliedRate } from '@shared/tax';
import { LATE_FEE_KINDS } from '@shared/schemas/late-fees';
import { PAYOUT_LINE_KINDS, PAYOUT_STATUSES } from '@shared/schemas/payouts';
import type { Account, AccountKey } from '@shared/schemas/exports';

const createdAt = () => timestamp({ withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp({ withTimezone: true }).notNull().defaultNow();
const moment = () => timestamp({ withTimezone: true });

/** A trigram index on a list's search text (db/search.ts): `ILIKE '%...%'` uses it. */
const trigram = (text: ReturnType<typeof searchText>) => sql`${text} gin_trgm_ops`;

/**
 * The issuer recorded for clients of the built-in provider. Not its URL: that follows
 * APP_URL and PORT, and a client's identity must not change when they do.
 */
export const BUILT_IN_ISSUER = 'built-in';

/**
 * Clients of the agency, as known from their OpenID Connect sign-in. oidcIssuer is the
 * issuer's URL, or BUILT_IN_ISSUER for the built-in provider (whose URL follows APP_URL).
 * The e-mail is the latest the issuer gave; it decides ownership (invoices written to it,
 * signup links for it) only while emailVerified is true.
 */
export const users = pgTable(
  'users',
  {
    id: uuid().primaryKey().defaultRandom(),
    oidcIssuer: text().notNull(),
    oidcSubject: text().notNull(),
    email: text(),
    emailVerified: boolean().notNull().default(false),
    firstName: text(),
    lastName: text(),
    businessName: text(),
    phoneNumber: text(),
    /** Their customer at Stripe, made the first time they pay online (docs/payments.md). */
    stripeCustomerId: text().unique(),
    /**
     * The card Stripe keeps for off-session renewals: only its id and what the portal shows
     * (brand, last four, expiry), never the number (PCI SAQ A).
     */
    cardPaymentMethodId: text(),
    cardBrand: text(),
    cardLast4: text(),
    cardExpMonth: integer(),
    cardExpYear: integer(),
    /** Renewals are charged to the saved card on their due date (only while one is saved). */
    autoPay: boolean().notNull().default(true),
    /**
     * Set while the agency has deactivated the account: sign-in is refused and their sessions
     * are ended; everything else of theirs is kept (ADR 028).
     */
    deactivatedAt: moment(),
    /**
     * Sales tax (issue 39): an exempt client's invoices apply no rate (its certificate number
     * is printed on them); client_tax_rates are its own rates for renewals.
     */
    taxExempt: boolean().notNull().default(false),
    taxExemptCertificate: text(),
    /** Never charged a late fee. */
    lateFeeExempt: boolean().notNull().default(false),
    createdAt: createdAt(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_oidc_identity_idx').on(t.oidcIssuer, t.oidcSubject),
    index('users_email_idx').on(sql`lower(${t.email})`),
    index('users_created_at_idx').on(t.createdAt, t.id),
    index('users_search_idx').using(
      'gin',
      trigram(searchText(t.firstName, t.lastName, t.email, t.businessName)),
    ),
  ],
);
export type User = typeof users.$inferSelect;
/** What the client directory's search looks in: name, e-mail and business. */
export const userSearchText = searchText(
  users.firstName,
  users.lastName,
  users.email,
  users.businessName,
);

/** The agency's private notes on a client (their page in the admin), newest first. */
export const clientNotes = pgTable(
  'client_notes',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    authorAdminId: uuid().references(() => admins.id, { onDelete: 'set null' }),
    body: text().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('client_notes_user_id_created_at_idx').on(t.userId, t.createdAt)],
);
export type ClientNoteRow = typeof clientNotes.$inferSelect;

/** The agency's own staff; e-mails are stored lower-case. */
export const admins = pgTable('admins', {
  id: uuid().primaryKey().defaultRandom(),
  email: text().notNull().unique(),
  passwordHash: text().notNull(),
  firstName: text(),
  lastName: text(),
  /**
   * The TOTP secret (RFC 6238), encrypted with AES-256-GCM under the 'totp-encryption-key'
   * secret; set at setup, in force only once totpEnabledAt is set (ADR 010).
   */
  totpSecret: text(),
  totpEnabledAt: timestamp({ withTimezone: true }),
  /** The time step of the last code accepted: a code of that step or older is refused (replay). */
  totpLastStep: integer(),
  /** The admin's latest sign-in; null until the first, which is welcomed as such. */
  lastSignedInAt: timestamp({ withTimezone: true }),
  createdAt: createdAt(),
});
export type Admin = typeof admins.$inferSelect;

/** An admin's single-use recovery codes: SHA-256 of 80 random bits each, never the code. */
export const adminRecoveryCodes = pgTable(
  'admin_recovery_codes',
  {
    id: uuid().primaryKey().defaultRandom(),
    adminId: uuid()
      .notNull()
      .references(() => admins.id, { onDelete: 'cascade' }),
    codeHash: text().notNull(),
    usedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('admin_recovery_codes_admin_hash_idx').on(t.adminId, t.codeHash)],
);

/**
 * One-time links of the admin accounts: a password reset (of `adminId`), an invitation (to
 * `email`, from `invitedBy`) and the first admin's setup. Only the SHA-256 of the token is
 * kept; a link works once (usedAt), until expiresAt, unless revoked.
 */
export const adminTokens = pgTable(
  'admin_tokens',
  {
    id: uuid().primaryKey().defaultRandom(),
    kind: text({ enum: ['password_reset', 'invite', 'setup'] }).notNull(),
    tokenHash: text().notNull().unique(),
    adminId: uuid().references(() => admins.id, { onDelete: 'cascade' }),
    /** Stored lower-case: who an invitation is for. */
    email: text(),
    invitedBy: uuid().references(() => admins.id, { onDelete: 'set null' }),
    expiresAt: moment().notNull(),
    usedAt: moment(),
    revokedAt: moment(),
    createdAt: createdAt(),
  },
  (t) => [index('admin_tokens_kind_created_at_idx').on(t.kind, t.createdAt)],
);
export type AdminTokenRow = typeof adminTokens.$inferSelect;

/**
 * What admins did that changed data, and sign-in attempts: append-only (a trigger refuses
 * UPDATE, DELETE and TRUNCATE). The actor's e-mail is kept as it was at the time; no foreign
 * key, so the row outlives its admin. before/after hold only the fields that changed, never
 * secrets or password hashes (ADR 010).
 */
export const auditEvents = pgTable(
  'audit_events',
  {
    id: uuid().primaryKey().defaultRandom(),
    createdAt: createdAt(),
    actorAdminId: uuid(),
    actorEmail: text(),
    kind: text().notNull(),
    targetType: text(),
    targetId: text(),
    before: jsonb().$type<Record<string, unknown>>(),
    after: jsonb().$type<Record<string, unknown>>(),
  },
  (t) => [
    index('audit_events_created_at_idx').on(t.createdAt, t.id),
    index('audit_events_actor_email_created_at_idx').on(t.actorEmail, t.createdAt),
    index('audit_events_kind_created_at_idx').on(t.kind, t.createdAt),
  ],
);
export type AuditEventRow = typeof auditEvents.$inferSelect;

/** express-session records, client and admin alike (told apart by their cookie). */
export const sessions = pgTable(
  'sessions',
  {
    sid: text().primaryKey(),
    sess: jsonb().notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index('sessions_expires_at_idx').on(t.expiresAt)],
);

/**
 * Rate-limit counters shared by every app instance (server/lib/rate-limit*): hits of one key
 * (limiter name and client) in the window that ends at reset_at. Expired rows are pruned.
 */
export const rateLimitHits = pgTable('rate_limit_hits', {
  key: text().primaryKey(),
  hits: integer().notNull(),
  resetAt: timestamp({ withTimezone: true }).notNull(),
});

/**
 * Accounts of the built-in OpenID provider (used only when no external issuer is set). An
 * account is made only once its e-mail is proven by a code; emailVerifiedAt is null only on
 * accounts made before that rule, which prove their e-mail at their next sign-in.
 */
export const identityAccounts = pgTable('identity_accounts', {
  id: uuid().primaryKey().defaultRandom(),
  email: text().notNull().unique(),
  passwordHash: text().notNull(),
  firstName: text().notNull(),
  lastName: text().notNull(),
  emailVerifiedAt: moment(),
  createdAt: createdAt(),
});
export type IdentityAccount = typeof identityAccounts.$inferSelect;

/** What a sign-up keeps until its e-mail is proven: the account to make. */
export interface PendingSignup {
  firstName: string;
  lastName: string;
  passwordHash: string;
}

/** What a one-time e-mail code of the built-in provider proves or allows. */
export type EmailCodePurpose = 'verify' | 'reset' | 'change_email';

/**
 * A one-time e-mail code of the built-in provider, bound to one sign-in (its interaction, and
 * so to the browser holding that interaction's cookie). It proves the e-mail of a sign-up
 * (pendingSignup) or of an account made before codes existed (accountId). codeHash is null
 * when no code was sent (a sign-up for an address that already has an account: its owner is
 * told instead; a reset for an address with no account), so no code can match.
 */
export const identityEmailCodes = pgTable(
  'identity_email_codes',
  {
    interactionUid: text().primaryKey(),
    email: text().notNull(),
    accountId: uuid().references(() => identityAccounts.id, { onDelete: 'cascade' }),
    pendingSignup: jsonb().$type<PendingSignup>(),
    /**
     * What the code is for: 'verify' proves the e-mail of a sign-up or an older account;
     * 'reset' lets the account's owner choose a new password ("Forgot password?");
     * 'change_email' proves the new address of a signed-in account (`email` is the new one,
     * the row's key `email-change:<accountId>`). A code of one purpose is never accepted for
     * another.
     */
    purpose: text().$type<EmailCodePurpose>().notNull().default('verify'),
    codeHash: text(),
    attempts: integer().notNull().default(0),
    sends: integer().notNull().default(1),
    expiresAt: moment().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('identity_email_codes_expires_at_idx').on(t.expiresAt)],
);
export type IdentityEmailCode = typeof identityEmailCodes.$inferSelect;

/** oidc-provider's models (sessions, interactions, codes, grants...), one row each. */
export const oidcPayloads = pgTable(
  'oidc_payloads',
  {
    id: text().notNull(),
    type: text().notNull(),
    payload: jsonb().notNull(),
    grantId: text(),
    userCode: text(),
    uid: text(),
    expiresAt: timestamp({ withTimezone: true }),
    consumedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.type, t.id] }),
    index('oidc_payloads_grant_id_idx').on(t.grantId),
    index('oidc_payloads_uid_idx').on(t.uid),
    index('oidc_payloads_user_code_idx').on(t.userCode),
    index('oidc_payloads_expires_at_idx').on(t.expiresAt),
  ],
);

/** Values generated once on first start and kept: signing keys, cookie secrets. */
export const secrets = pgTable('secrets', {
  name: text().primaryKey(),
  value: jsonb().notNull(),
  createdAt: createdAt(),
});

/** The single settings record (id 1): brand and contact details shown across the product. */
export const settings = pgTable('settings', {
  id: integer().primaryKey().default(1),
  businessName: text().notNull(),
  businessEmail: text().notNull(),
  businessPhone: text().notNull().default(''),
  businessCity: text().notNull().default('New Orleans'),
  businessState: text().notNull().default('LA'),
  businessWebsite: text().notNull().default(''),
  /** Renewal invoices are e-mailed to the client as soon as they are created (else left as drafts). */
  autoSendRenewals: boolean().notNull().default(true),
  /** Every admin must have a second factor before doing anything else. */
  requireAdminTwoFactor: boolean().notNull().default(false),
  /** How to pay without a card (bank transfer details...): shown wherever an invoice is. */
  paymentInstructions: text().notNull().default(''),
  /** Overdue invoices are reminded by e-mail this many days after their due date. */
  remindersEnabled: boolean().notNull().default(true),
  reminderDays: integer()
    .array()
    .notNull()
    .default(sql`'{3,7,14}'::integer[]`),
  /**
   * Moving a plan's subscribers to its current price takes effect at their first renewal at
   * least this many days away, and tells them now (issue 37).
   */
  priceChangeNoticeDays: integer().notNull().default(30),
  /** Each request from the landing page's consultation form is e-mailed to the business e-mail. */
  consultationEmails: boolean().notNull().default(true),
  /** One e-mail a day to the business e-mail listing the inbound mail held for review. */
  heldMailDigest: boolean().notNull().default(true),
  /** The largest attachment accepted, and the most a message's attachments may add up to. */
  attachmentMaxFileMb: integer().notNull().default(10),
  attachmentMaxMessageMb: integer().notNull().default(25),
  /** Days a support e-mail is kept as it arrived (features/inbound/raw-upkeep.ts). */
  originalEmailDays: integer().notNull().default(90),
  /** Days a new or renewed signup link works (features/signup-links). */
  signupLinkDays: integer().notNull().default(7),
  /** The price of a website update beyond a plan's month (each plan's count is on the plan). */
  extraUpdatePriceCents: integer()
    .notNull()
    .default(DEFAULT_UPDATE_ALLOWANCE.extraUpdatePriceCents),
  /**
   * Whether the owner has saved the business details (the set-up checklist's step): false on a
   * row first made by saving another part of Settings, such as the updates' allowance.
   */
  businessDetailsSaved: boolean().notNull().default(true),
  /**
   * The logo drawn on the PDFs (invoices, credit notes, reports): a PNG in the brand file store
   * under this key, with its size in pixels; null when the owner has uploaded none.
   */
  logoKey: text(),
  logoWidth: integer(),
  logoHeight: integer(),
  logoUpdatedAt: timestamp({ withTimezone: true }),
  /**
   * Proposals (issue 38): the terms a new proposal starts with and the consent to sign
   * electronically its signer agrees to (null: the product's default wording), and how many
   * days before its valid-until date an unsigned proposal is reminded (0: never).
   */
  proposalTerms: text(),
  esignConsentText: text(),
  proposalReminderDays: integer().notNull().default(3),
  /** Late fees (issue 39): off by default; see shared/schemas/late-fees.ts. */
  lateFeeEnabled: boolean().notNull().default(false),
  lateFeeKind: text({ enum: LATE_FEE_KINDS }).notNull().default('flat'),
  lateFeeAmountCents: integer().notNull().default(2500),
  lateFeePercentThousandths: integer().notNull().default(1500),
  lateFeeGraceDays: integer().notNull().default(15),
  lateFeeTaxable: boolean().notNull().default(false),
  /**
   * When late fees were last turned on (null while off): only invoices sent since then printed
   * the terms, so only they are charged a fee.
   */
  lateFeeEnabledAt: moment(),
  /** Last month's statement e-mailed on the 1st to each client with an open balance. */
  statementEmails: boolean().notNull().default(false),
  /** The journal's ledger accounts; null: DEFAULT_ACCOUNTS. */
  accountingAccounts: jsonb().$type<Record<AccountKey, Account>>(),
  updatedAt: timestamp({ withTimezone: true })
    .notNull()
    .default(sql`now()`),
});
export type Settings = typeof settings.$inferSelect;

/**
 * The texts of /privacy and /terms as the owner saved them in Settings. A page without a row
 * has never been saved; a row whose markdown is null was reset to the default text (and
 * counts as reviewed for the set-up checklist).
 */
export const legalPages = pgTable('legal_pages', {
  page: text({ enum: LEGAL_PAGES }).primaryKey(),
  markdown: text(),
  updatedAt: updatedAt(),
});
export type LegalPageRow = typeof legalPages.$inferSelect;

/**
 * The landing page's words (issue 37): the owner's draft, what visitors see, and the version
 * published before it (to restore). No row: the spec's texts (DEFAULT_SITE_CONTENT).
 */
export const SITE_CONTENT_SLOTS = ['draft', 'published', 'previous'] as const;
export const siteContent = pgTable('site_content', {
  slot: text({ enum: SITE_CONTENT_SLOTS }).primaryKey(),
  content: jsonb().$type<SiteContent>().notNull(),
  updatedAt: updatedAt(),
});
export type SiteContentRow = typeof siteContent.$inferSelect;

/** One stored size and format of an uploaded site image. */
export interface SiteImageVariant {
  width: number;
  height: number;
  format: 'avif' | 'webp';
  storageKey: string;
  bytes: number;
}

/** Images uploaded for the landing page (portfolio, testimonial photos), resized on upload. */
export const siteImages = pgTable('site_images', {
  id: uuid().primaryKey().defaultRandom(),
  /** The largest variant's size (the page's width/height attributes). */
  width: integer().notNull(),
  height: integer().notNull(),
  variants: jsonb().$type<SiteImageVariant[]>().notNull(),
  uploadedBy: uuid().references(() => admins.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
});
export type SiteImageRow = typeof siteImages.$inferSelect;

/** Free-consultation requests from the landing page's lead modal. */
export const consultations = pgTable(
  'consultations',
  {
    id: uuid().primaryKey().defaultRandom(),
    name: text().notNull(),
    email: text().notNull(),
    businessName: text(),
    phone: text(),
    details: text(),
    status: text({ enum: CONSULTATION_STATUSES }).notNull().default('new'),
    /**
     * The plan whose pricing button opened the form; null from any other button.
     */
    planId: text().references((): AnyPgColumn => plans.id),
    /** How many times the address asked within the day since the first: repeats merge here. */
    requestCount: integer().notNull().default(1),
    /** When the visitor was sent the acknowledgement; at most one a day per address. */
    acknowledgedAt: moment(),
    createdAt: createdAt(),
  },
  (t) => [
    index('consultations_created_at_idx').on(t.createdAt, t.id),
    index('consultations_email_created_at_idx').on(t.email, t.createdAt),
    index('consultations_status_created_at_idx').on(t.status, t.createdAt, t.id),
    index('consultations_search_idx').using(
      'gin',
      trigram(searchText(t.name, t.email, t.businessName, t.phone)),
    ),
  ],
);
/** What the requests list's search looks in. */
export const consultationSearchText = searchText(
  consultations.name,
  consultations.email,
  consultations.businessName,
  consultations.phone,
);
export type Consultation = typeof consultations.$inferSelect;

/**
 * The plan catalogue (issue 37): rows the owner adds, renames, reprices, reorders and retires.
 * The id is a stable slug (the spec's three keep `essentials`, `signature`, `prestige`); a
 * plan is never deleted, only retired, so every plan column can point at it. monthlyPriceCents
 * is what a NEW subscription pays: each subscription keeps its own price.
 */
export const plans = pgTable('plans', {
  id: text().primaryKey(),
  name: text().notNull(),
  description: text().notNull().default(''),
  monthlyPriceCents: integer().notNull(),
  features: jsonb().$type<string[]>().notNull(),
  popular: boolean().notNull().default(false),
  position: integer().notNull(),
  status: text({ enum: PLAN_STATUSES }).notNull().default('active'),
  /** Website updates included each month; null is unlimited. */
  updatesPerMonth: integer(),
  /** The support response targets of its tickets. */
  responseTimes: jsonb().$type<PlanResponseTimes>().notNull(),
  /** Its invoices' plan line is taxable (issue 39). */
  taxable: boolean().notNull().default(true),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});
export type PlanRow = typeof plans.$inferSelect;

/**
 * A client's plan: one row per client, replaced when a pending or ended one is requested
 * again; what happened to it over time is in subscription_events. pendingTier is the plan an
 * active subscriber asked to move to: the renewal invoice of the next period bills it, and it
 * becomes the tier when that period begins.
 */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tier: text()
      .notNull()
      .references(() => plans.id),
    status: text({ enum: SUBSCRIPTION_STATUSES }).notNull().default('pending'),
    currentPeriodStart: moment(),
    currentPeriodEnd: moment(),
    cancelAtPeriodEnd: boolean().notNull().default(false),
    cancelRequestedAt: moment(),
    activatedAt: moment(),
    pendingTier: text().references(() => plans.id),
    pendingTierRequestedAt: moment(),
    /** When pendingTier starts: the end of the period it was asked in (the next one's start). */
    pendingTierFrom: moment(),
    /**
     * Months the agency gave free: each is a credit of the month's price on the next renewal
     * invoice the daily billing run makes, which takes one.
     */
    freeMonths: integer().notNull().default(0),
    /**
     * What this subscription pays a month, in cents: its plan's price when it was asked for,
     * kept when the plan is repriced (renewals, free months and history read it).
     */
    // Left out of an insert, its plan's current price (the trigger fill_subscription_price of
    // the migration plans-catalogue): the default only lets the trigger see it missing.
    monthlyPriceCents: integer()
      .notNull()
      .default(sql`null`),
    /**
     * A price the agency moved it to (plans' "move subscribers"): it becomes monthlyPriceCents
     * with the period starting at scheduledPriceFrom, whose renewal invoice bills it.
     */
    scheduledPriceCents: integer(),
    scheduledPriceFrom: moment(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('subscriptions_user_id_idx').on(t.userId),
    index('subscriptions_status_idx').on(t.status),
  ],
);
export type SubscriptionRow = typeof subscriptions.$inferSelect;

/**
 * The history of subscriptions: one row per transition, written in the transaction that makes
 * it (server/features/subscriptions/subscription-history.ts). Each row is the subscription as
 * the transition left it (status, tier and its monthly price then, period, pending plan
 * change), so the state at any past moment is the latest row before it (the dashboard's MRR by
 * month). The id orders rows of the same moment.
 */
export const subscriptionEvents = pgTable(
  'subscription_events',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    subscriptionId: uuid()
      .notNull()
      .references(() => subscriptions.id, { onDelete: 'cascade' }),
    kind: text({ enum: SUBSCRIPTION_EVENT_KINDS }).notNull(),
    status: text({ enum: SUBSCRIPTION_STATUSES }).notNull(),
    tier: text()
      .notNull()
      .references(() => plans.id),
    /** The subscription's monthly price when the event happened, in cents. */
    monthlyPriceCents: integer().notNull(),
    pendingTier: text().references(() => plans.id),
    periodStart: moment(),
    periodEnd: moment(),
    occurredAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('subscription_events_user_id_idx').on(t.userId, t.occurredAt),
    index('subscription_events_subscription_id_idx').on(t.subscriptionId, t.occurredAt),
    index('subscription_events_occurred_at_idx').on(t.occurredAt),
  ],
);
export type SubscriptionEventRow = typeof subscriptionEvents.$inferSelect;

/** Raw bytes (an e-mail as it arrived). */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/**
 * Support tickets; updatedAt moves with every message and status change (last activity).
 * `number` is what people say ("ticket #42") and what e-mail subjects carry; `replyToken` is
 * the unguessable part of the ticket's reply address (support+t_<token>@…), so a reply by
 * e-mail finds its ticket without trusting the subject.
 */
export const tickets = pgTable(
  'tickets',
  {
    id: uuid().primaryKey().defaultRandom(),
    number: integer().notNull().generatedAlwaysAsIdentity().unique(),
    replyToken: text()
      .notNull()
      .unique()
      .default(sql`replace(gen_random_uuid()::text, '-', '')`),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    subject: text().notNull(),
    description: text().notNull(),
    priority: text({ enum: TICKET_PRIORITIES }).notNull().default('normal'),
    status: text({ enum: TICKET_STATUSES }).notNull().default('open'),
    /** A website update (counted against the plan's month) or a question or problem. */
    kind: text({ enum: TICKET_KINDS }).notNull().default('question'),
    /** The draft invoice an update beyond the plan was billed on ("Extra update: …"). */
    extraUpdateInvoiceId: uuid().references((): AnyPgColumn => invoices.id, {
      onDelete: 'set null',
    }),
    /**
     * The response clock (ticket-lifecycle.ts writes it): the client's plan when the ticket
     * was opened (null: none), when the first answer was due and given, and when the answer
     * owed now is due (null when none is owed, the clock is paused or the ticket resolved).
     */
    planAtOpen: text().references(() => plans.id),
    firstResponseDueAt: moment(),
    firstResponseAt: moment(),
    responseDueAt: moment(),
    /** Minutes of its target left when the clock was paused with an answer owed. */
    responsePausedMinutes: integer(),
    /** The e-mail that opened the ticket (null: opened in the portal); its original stays readable. */
    inboundMessageId: uuid().references((): AnyPgColumn => inboundMessages.id, {
      onDelete: 'set null',
    }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('tickets_user_id_kind_created_at_idx').on(t.userId, t.kind, t.createdAt),
    index('tickets_response_due_at_idx').on(t.responseDueAt, t.id),
    index('tickets_created_at_idx').on(t.createdAt),
    index('tickets_user_id_created_at_idx').on(t.userId, t.createdAt),
    index('tickets_updated_at_idx').on(t.updatedAt, t.id),
    index('tickets_status_updated_at_idx').on(t.status, t.updatedAt, t.id),
    index('tickets_search_idx').using('gin', trigram(searchText(t.subject))),
  ],
);
/** What the support list's search looks in (besides the client's name: userSearchText). */
export const ticketSearchText = searchText(tickets.subject);
export type TicketRow = typeof tickets.$inferSelect;

/** The conversation of a ticket: the client's messages and the agency's replies. */
export const ticketMessages = pgTable(
  'ticket_messages',
  {
    id: uuid().primaryKey().defaultRandom(),
    ticketId: uuid()
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    isAdminReply: boolean().notNull(),
    authorAdminId: uuid().references(() => admins.id, { onDelete: 'set null' }),
    message: text().notNull(),
    /** Where it was written: the portal, the admin panel, or an e-mail (inboundMessageId). */
    source: text({ enum: TICKET_MESSAGE_SOURCES }).notNull().default('portal'),
    /**
     * The Message-ID of the e-mail this message is (an inbound one) or went out as (the
     * agency's reply, the client's confirmation): In-Reply-To/References find the ticket by it.
     */
    emailMessageId: text(),
    /** The e-mail it came from, whose full original the admin can read. */
    inboundMessageId: uuid().references((): AnyPgColumn => inboundMessages.id, {
      onDelete: 'set null',
    }),
    createdAt: createdAt(),
  },
  (t) => [
    index('ticket_messages_ticket_id_created_at_idx').on(t.ticketId, t.createdAt),
    index('ticket_messages_email_message_id_idx').on(t.emailMessageId),
  ],
);
export type TicketMessageRow = typeof ticketMessages.$inferSelect;

/**
 * The support hours (Settings): one row (id 1), absent until first saved
 * (shared/response-targets.ts has the defaults). A blank time zone is BILLING_TIMEZONE. Each
 * plan's response targets are on the plan.
 */
export const responseTimeSettings = pgTable('response_time_settings', {
  id: integer().primaryKey().default(1),
  workingDays: integer().array().notNull(),
  opensAt: text().notNull(),
  closesAt: text().notNull(),
  timeZone: text().notNull().default(''),
  updatedAt: updatedAt(),
});
export type ResponseTimeSettingsRow = typeof responseTimeSettings.$inferSelect;

/** The agency's saved replies, inserted in a ticket's reply box with their variables filled. */
export const savedReplies = pgTable(
  'saved_replies',
  {
    id: uuid().primaryKey().defaultRandom(),
    title: text().notNull(),
    body: text().notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('saved_replies_title_idx').on(t.title, t.id)],
);
export type SavedReplyRow = typeof savedReplies.$inferSelect;

/**
 * Every e-mail received for the support address, by any path, stored raw before it is parsed:
 * the bytes in the file store under `rawKey` (features/inbound/raw-messages.ts), the row their
 * size and hash. `messageId` is the Message-ID header, or `<sha256:…@raw>` of the bytes when
 * there is none. `dedupeKey` (the Message-ID, the sender and the body's hash) is unique, so a
 * message delivered twice is stored once (`deliveries` counts the arrivals).
 * `state` says what became of it and `stateDetail` why; `received` is not yet processed.
 */
export const inboundMessages = pgTable(
  'inbound_messages',
  {
    id: uuid().primaryKey().defaultRandom(),
    messageId: text().notNull(),
    /** Null only on a row from before it existed, until the start-up move fills it. */
    dedupeKey: text().unique(),
    via: text({ enum: INBOUND_VIAS }).notNull(),
    envelopeFrom: text(),
    /** The sending server's IP and EHLO name, when the path tells them (SMTP): SPF needs them. */
    remoteAddress: text(),
    helo: text(),
    envelopeTo: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Filled when processed: the From address (lower case), its name, the subject. */
    fromAddress: text(),
    fromName: text(),
    subject: text(),
    /**
     * Where the bytes were kept before the file store: emptied into it at start-up
     * (moveRawIntoStore), always null after; to be dropped once every installation has moved.
     */
    raw: bytea(),
    /** The message's key in the file store; null once it is no longer kept (or not yet moved). */
    rawKey: text(),
    rawSha256: text(),
    /** When the retention (Settings) removed the raw copy. */
    rawRemovedAt: moment(),
    size: integer().notNull(),
    deliveries: integer().notNull().default(1),
    state: text({ enum: INBOUND_STATES }).notNull().default('received'),
    stateDetail: text(),
    /** DKIM, SPF and DMARC as mailauth found them. */
    authentication: jsonb().$type<InboundAuthentication>(),
    /** Files of the message that were not kept, each with the reason. */
    refusedFiles: jsonb().$type<{ filename: string; reason: string }[]>().notNull().default([]),
    ticketId: uuid().references(() => tickets.id, { onDelete: 'set null' }),
    userId: uuid().references(() => users.id, { onDelete: 'set null' }),
    receivedAt: createdAt(),
    lastDeliveredAt: createdAt(),
    processedAt: moment(),
  },
  (t) => [
    index('inbound_messages_message_id_idx').on(t.messageId),
    index('inbound_messages_received_at_idx').on(t.receivedAt, t.id),
    index('inbound_messages_state_received_at_idx').on(t.state, t.receivedAt, t.id),
    index('inbound_messages_search_idx').using(
      'gin',
      trigram(searchText(t.fromAddress, t.subject, t.envelopeFrom)),
    ),
  ],
);
/** What the inbound log's search looks in: the From, the subject and the envelope sender. */
export const inboundSearchText = searchText(
  inboundMessages.fromAddress,
  inboundMessages.subject,
  inboundMessages.envelopeFrom,
);
export type InboundMessageRow = typeof inboundMessages.$inferSelect;

export const SCAN_STATUSES = [
  'not_scanned',
  'clean',
  'pending',
  'infected',
  'unscannable',
] as const;
export type ScanStatus = (typeof SCAN_STATUSES)[number];

/**
 * A file sent with a ticket message (features/attachments). Its bytes are in the file storage
 * under `storageKey`, written before this row; 'pending' (the virus scanner did not answer),
 * 'infected' and 'unscannable' (the scanner erred on it SCAN_TRIES times) files are never served.
 */
export const attachments = pgTable(
  'attachments',
  {
    id: uuid().primaryKey().defaultRandom(),
    ticketId: uuid()
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    /** Null: sent with the ticket's opening request (its description), not with a message. */
    ticketMessageId: uuid().references(() => ticketMessages.id, { onDelete: 'cascade' }),
    filename: text().notNull(),
    size: integer().notNull(),
    contentType: text().notNull(),
    storageKey: text().notNull().unique(),
    scanStatus: text({ enum: SCAN_STATUSES }).notNull(),
    scanDetail: text(),
    /** Scans that erred on this file while the scanner answered otherwise (not its outages). */
    scanTries: integer().notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    index('attachments_ticket_id_idx').on(t.ticketId),
    index('attachments_ticket_message_id_idx').on(t.ticketMessageId),
    index('attachments_pending_idx')
      .on(t.createdAt)
      .where(sql`${t.scanStatus} = 'pending'`),
  ],
);
export type AttachmentRow = typeof attachments.$inferSelect;

/**
 * The tokens of Mailgun's signed inbound notifications already taken: each is good once, so a
 * captured notification cannot be replayed. Rows older than the 5-minute window are deleted.
 */
export const inboundWebhookTokens = pgTable('inbound_webhook_tokens', {
  token: text().primaryKey(),
  usedAt: createdAt(),
});

/**
 * The daily digests of held inbound mail sent to the agency, one row per day of the business's
 * calendar: the row is the claim (its primary key), written with the digest's outbox message
 * in one transaction, so two processes or a restart never send a day's digest twice.
 */
export const inboundHeldDigests = pgTable('inbound_held_digests', {
  day: date({ mode: 'string' }).primaryKey(),
  /** How many messages were held when it was sent. */
  held: integer().notNull(),
  sentAt: createdAt(),
});

/** One warning on an invoice's money; paymentId names the payment it is about, if one. */
export interface PaymentFlagEntry {
  id: string;
  message: string;
  /** When it was raised (ISO 8601). */
  at: string;
  paymentId: string | null;
}

/** Invoices the agency sends; amounts in integer cents. */
export const invoices = pgTable(
  'invoices',
  {
    id: uuid().primaryKey().defaultRandom(),
    /**
     * INV-YEAR-NNNN, given when the invoice is sent (invoices.repository issue): a draft has
     * none, so drafts deleted or replaced use up no number and sent invoices have no gaps.
     */
    invoiceNumber: text().unique(),
    /**
     * The client who owns the invoice (sees it in the portal, downloads its PDF). Null while
     * nobody has verified clientEmail: the first account that does is given it then.
     */
    userId: uuid().references(() => users.id, { onDelete: 'set null' }),
    clientName: text().notNull(),
    clientEmail: text().notNull(),
    planType: text().references(() => plans.id),
    status: text({ enum: INVOICE_STATUSES }).notNull().default('draft'),
    dateIssued: date({ mode: 'string' }).notNull().defaultNow(),
    dueDate: date({ mode: 'string' }).notNull(),
    sentAt: moment(),
    paidAt: moment(),
    subtotal: integer().notNull(),
    tax: integer().notNull().default(0),
    discount: integer().notNull().default(0),
    total: integer().notNull(),
    notes: text().notNull().default(''),
    /** The subscription this invoice bills; paying it starts or extends that subscription. */
    subscriptionId: uuid().references(() => subscriptions.id, { onDelete: 'set null' }),
    /** The month a renewal invoice pays for; null on a first invoice (its month starts when paid). */
    periodStart: moment(),
    periodEnd: moment(),
    /**
     * What the payments that count cover, in cents: kept by payments.repository in the
     * transaction that records or refunds a payment, so lists show the balance without a join.
     */
    amountPaid: integer().notNull().default(0),
    /**
     * Why the admin should look at this invoice's money, every reason, oldest first (an amount
     * that did not match, a dispute, a partial refund); each goes when the admin resolves it.
     */
    paymentFlags: jsonb().$type<PaymentFlagEntry[]>().notNull().default([]),
    /** SHA-256 of the pay link's token (/pay/{token}); the token itself is only in the e-mail and PDF. */
    payTokenHash: text().unique(),
    /**
     * When the pay link stops working: PAY_LINK_DAYS after it was last handed out (e-mailed,
     * or put in a PDF). Null while none is out (never given, or revoked).
     */
    payLinkExpiresAt: moment(),
    /**
     * Which pay link is current: its token is derived from the id and this number, so a
     * revoke (the number moves on) makes every copy of the old link worthless.
     */
    payLinkVersion: integer().notNull().default(0),
    /** Off-session charges of the saved card made for this invoice, and when the next is due. */
    chargeAttempts: integer().notNull().default(0),
    nextChargeOn: date({ mode: 'string' }),
    /** The PaymentIntent of the last charge that Stripe took: a retry first asks about it. */
    lastChargeIntentId: text(),
    /** The Checkout page last opened for it: closed when a payment changes what is owed. */
    openCheckoutSessionId: text(),
    /** Overdue reminders sent (the settings' reminder days, in order). */
    remindersSent: integer().notNull().default(0),
    /** A sent invoice withdrawn (status void): when, and the admin's reason. */
    voidedAt: moment(),
    voidReason: text(),
    /** Written for a tax-exempt client: no rate applied; the certificate printed (issue 39). */
    taxExemptCertificate: text(),
    /**
     * A late-fee invoice: the overdue invoice it charges the fee of. Unique, so a fee is applied
     * once per invoice however often, and in however many processes, the billing run goes.
     */
    lateFeeForInvoiceId: uuid().references((): AnyPgColumn => invoices.id, {
      onDelete: 'restrict',
    }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('invoices_late_fee_for_invoice_id_idx').on(t.lateFeeForInvoiceId),
    index('invoices_client_email_idx').on(sql`lower(${t.clientEmail})`),
    // The list's sorts by due date and total (number, client and status sort small sets).
    index('invoices_due_date_idx').on(t.dueDate, t.id),
    index('invoices_total_idx').on(t.total, t.id),
    index('invoices_user_id_created_at_idx').on(t.userId, t.createdAt),
    index('invoices_created_at_idx').on(t.createdAt, t.id),
    index('invoices_status_created_at_idx').on(t.status, t.createdAt, t.id),
    index('invoices_search_idx').using(
      'gin',
      trigram(searchText(t.invoiceNumber, t.clientName, t.clientEmail)),
    ),
    // One renewal invoice per subscription and month, however often the daily job runs.
    uniqueIndex('invoices_subscription_period_idx').on(t.subscriptionId, t.periodStart),
  ],
);
export type InvoiceRow = typeof invoices.$inferSelect;
/** What the invoice list's search looks in: number, client name and e-mail. */
export const invoiceSearchText = searchText(
  invoices.invoiceNumber,
  invoices.clientName,
  invoices.clientEmail,
);

/**
 * Money received for an invoice: recorded by the admin (bank transfer, check...) or by a
 * Stripe webhook (card). A payment counts toward the invoice unless it was refunded or is
 * flagged (an online amount that did not equal the balance due: the admin decides). A card
 * payment whose invoice is gone (or that names none of ours) is kept as an orphan: no
 * invoice, flagged, shown on the payments screen (docs/payments.md).
 */
export const payments = pgTable(
  'payments',
  {
    id: uuid().primaryKey().defaultRandom(),
    // Money received is never deleted with its invoice: an invoice with payments stays.
    invoiceId: uuid().references(() => invoices.id, { onDelete: 'restrict' }),
    /** Who paid, when known: the invoice's client, or the client of the Stripe customer. */
    clientId: uuid().references(() => users.id, { onDelete: 'set null' }),
    /** The e-mail given on Stripe's page (card payments). */
    payerEmail: text(),
    amount: integer().notNull(),
    /** What Stripe gave back of it so far (a partial or full refund); it counts amount - this. */
    refundedAmount: integer().notNull().default(0),
    currency: text().notNull().default('usd'),
    method: text({ enum: PAYMENT_METHODS }).notNull(),
    /** The PaymentIntent that moved the money; unique, so one Stripe payment is recorded once. */
    stripePaymentIntentId: text().unique(),
    stripeChargeId: text(),
    stripeCheckoutSessionId: text(),
    paidAt: moment().notNull(),
    refundedAt: moment(),
    /** The admin's reference (check number, transfer id). */
    reference: text().notNull().default(''),
    note: text().notNull().default(''),
    /** Set when the payment does not count toward the invoice until the admin looks at it. */
    flag: text(),
    /** The admin dealt with the flag ("Mark resolved"); a flagged payment still does not count. */
    flagResolvedAt: moment(),
    /** A manual payment recorded by mistake, voided by the admin: it counts toward nothing. */
    voidedAt: moment(),
    voidReason: text(),
    createdAt: createdAt(),
  },
  (t) => [
    index('payments_invoice_id_idx').on(t.invoiceId, t.paidAt),
    index('payments_client_id_idx').on(t.clientId),
    // The payments screen: newest first, and each filter's own index (ADR 022).
    index('payments_paid_at_idx').on(t.paidAt, t.id),
    index('payments_orphan_paid_at_idx')
      .on(t.paidAt, t.id)
      .where(sql`${t.invoiceId} is null`),
    index('payments_flagged_paid_at_idx')
      .on(t.paidAt, t.id)
      .where(sql`${t.flag} is not null and ${t.flagResolvedAt} is null`),
    index('payments_refunded_paid_at_idx')
      .on(t.paidAt, t.id)
      .where(sql`${t.refundedAmount} > 0`),
    index('payments_search_idx').using(
      'gin',
      trigram(searchText(t.payerEmail, t.reference, t.stripePaymentIntentId)),
    ),
  ],
);
/** What the payments screen's search looks in of the payment itself. */
export const paymentSearchText = searchText(
  payments.payerEmail,
  payments.reference,
  payments.stripePaymentIntentId,
);
export type PaymentRow = typeof payments.$inferSelect;

/**
 * Stripe events already handled: the id is inserted in the transaction of the event's effect,
 * so a replayed or concurrently delivered event has its effect once.
 */
export const stripeEvents = pgTable('stripe_events', {
  id: text().primaryKey(),
  type: text().notNull(),
  receivedAt: createdAt(),
});

/** The last invoice number used in each year (INV-2026-0001...): bumped when an invoice is sent. */
export const invoiceCounters = pgTable('invoice_counters', {
  year: integer().primaryKey(),
  last: integer().notNull(),
});

/**
 * The last credit note number used in each year (CN-2026-0001...): bumped in the transaction
 * that issues a credit note, so issued notes are numbered without gaps.
 */
export const creditNoteCounters = pgTable('credit_note_counters', {
  year: integer().primaryKey(),
  last: integer().notNull(),
});

/**
 * Corrections of paid invoices (docs/payments.md, "Credit notes"). The money received stays on
 * record (payments, invoices.amount_paid): a credit note says how much of it the agency gives
 * back, to the card through Stripe (refundAmount of paymentId) or outside the product. Written
 * only by credit-note-lifecycle.ts: 'pending' while its refund waits for Stripe's answer
 * (reserving its amount), 'issued' with its number once Stripe accepted the refund (or at once
 * when there is none).
 */
export const creditNotes = pgTable(
  'credit_notes',
  {
    id: uuid().primaryKey().defaultRandom(),
    /** CN-YEAR-NNNN, given when it is issued: a pending note that is dropped uses none. */
    creditNoteNumber: text().unique(),
    invoiceId: uuid()
      .notNull()
      .references(() => invoices.id, { onDelete: 'restrict' }),
    status: text({ enum: CREDIT_NOTE_STATUSES }).notNull().default('pending'),
    amount: integer().notNull(),
    reason: text().notNull(),
    /** The card payment refunded through Stripe, and how much of the amount goes back to it. */
    paymentId: uuid().references(() => payments.id, { onDelete: 'restrict' }),
    refundAmount: integer().notNull().default(0),
    /** Stripe's refund once it accepted it, and its status then ('succeeded', 'pending'). */
    stripeRefundId: text().unique(),
    refundStatus: text(),
    /**
     * What of the amount was not refunded to a card but given back by hand (a check, a
     * transfer), the day and the admin's reference; null while it is held as the client's credit.
     */
    refundedByHandOn: date({ mode: 'string' }),
    refundedByHandReference: text(),
    /**
     * How much was given back by hand, kept when it was marked (amount − refundAmount then):
     * a card refund that fails later gives back nothing by card, but what the agency returned
     * by hand stays what it was.
     */
    refundedByHandAmount: integer(),
    createdByAdminId: uuid().references(() => admins.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    issuedAt: moment(),
  },
  (t) => [
    index('credit_notes_invoice_id_idx').on(t.invoiceId, t.createdAt),
    index('credit_notes_payment_id_idx')
      .on(t.paymentId)
      .where(sql`${t.paymentId} is not null`),
    // The dashboard's revenue by month takes off what was credited in it.
    index('credit_notes_issued_at_idx').on(t.issuedAt),
  ],
);
export type CreditNoteRow = typeof creditNotes.$inferSelect;

/**
 * Card refunds Stripe accepted and later could not make (refund.failed, or refund.updated to
 * failed or canceled): each one's effect was undone once, and this is its record (the two
 * events of one failure find its id taken).
 */
export const failedRefunds = pgTable('failed_refunds', {
  stripeRefundId: text().primaryKey(),
  paymentId: uuid()
    .notNull()
    .references(() => payments.id, { onDelete: 'restrict' }),
  /** The credit note whose refund it was; null for a refund made in the Stripe dashboard. */
  creditNoteId: uuid().references(() => creditNotes.id, { onDelete: 'restrict' }),
  amount: integer().notNull(),
  /** Stripe's failure_reason ('expired_or_canceled_card', 'lost_or_stolen_card', 'unknown'). */
  reason: text().notNull(),
  failedAt: createdAt(),
});
export type FailedRefundRow = typeof failedRefunds.$inferSelect;

export const invoiceLineItems = pgTable(
  'invoice_line_items',
  {
    id: uuid().primaryKey().defaultRandom(),
    invoiceId: uuid()
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    position: integer().notNull(),
    description: text().notNull(),
    quantity: integer().notNull(),
    unitPrice: integer().notNull(),
    total: integer().notNull(),
    /** The invoice's tax rates apply to it (issue 39). */
    taxable: boolean().notNull().default(true),
  },
  (t) => [uniqueIndex('invoice_line_items_invoice_position_idx').on(t.invoiceId, t.position)],
);
export type InvoiceLineItemRow = typeof invoiceLineItems.$inferSelect;

/**
 * Every e-mail the product sends, as sent: the outbox the admin reads at /admin/outbox.
 * Without SMTP_URL this is where mail goes ('stored'); with it, a record of what went out
 * ('sent') or could not ('failed', with the SMTP error).
 */
/** Threading headers of an outgoing message (nodemailer's own options of the same names). */
export interface OutboxHeaders {
  messageId?: string;
  replyTo?: string;
  inReplyTo?: string;
  references?: string[];
  /** Set on automatic answers ('auto-replied'), so other robots do not answer them. */
  autoSubmitted?: string;
}

export const outboxMessages = pgTable(
  'outbox_messages',
  {
    id: uuid().primaryKey().defaultRandom(),
    fromAddress: text().notNull(),
    toAddress: text().notNull(),
    subject: text().notNull(),
    text: text().notNull(),
    html: text(),
    attachments: jsonb()
      .$type<Array<{ filename: string; contentType: string; contentBase64: string }>>()
      .notNull()
      .default([]),
    status: text({ enum: ['stored', 'sent', 'failed'] }).notNull(),
    error: text(),
    /** Hand-overs to the mail server tried so far (a refused message is tried again). */
    attempts: integer().notNull().default(0),
    /**
     * What the secret the message carries opens (`email-code:<sign-in>`, `signup-link:<id>`,
     * `pay-link:<invoice id>`): once it is used, or expires, or at `secretsExpireAt` at the
     * latest, `secrets` are blanked out of the subject and bodies (mail.repository
     * forgetSecrets), and the attachments that carry them are dropped.
     */
    secretRef: text(),
    /** The strings to blank out: a code, a link's token. Empty once forgotten. */
    secrets: jsonb().$type<string[]>().notNull().default([]),
    secretsExpireAt: moment(),
    /** Whether the attachments carry the secrets too (an invoice PDF's pay link). */
    secretsInAttachments: boolean().notNull().default(false),
    /**
     * The headers that thread a message about a ticket (Message-ID, Reply-To, In-Reply-To,
     * References, Auto-Submitted), kept so that a retry goes out with the same ones.
     */
    headers: jsonb().$type<OutboxHeaders>(),
    createdAt: createdAt(),
  },
  (t) => [
    index('outbox_messages_secret_ref_idx')
      .on(t.secretRef)
      .where(sql`${t.secretRef} is not null`),
    index('outbox_messages_secrets_expire_at_idx')
      .on(t.secretsExpireAt)
      .where(sql`${t.secretsExpireAt} is not null`),
    index('outbox_messages_created_at_idx').on(t.createdAt, t.id),
    index('outbox_messages_status_created_at_idx').on(t.status, t.createdAt, t.id),
    index('outbox_messages_recipient_idx').on(sql`lower(${t.toAddress})`, t.createdAt),
    index('outbox_messages_search_idx').using('gin', trigram(searchText(t.toAddress, t.subject))),
  ],
);
/** What the outbox's search looks in: recipient and subject. */
export const outboxSearchText = searchText(outboxMessages.toAddress, outboxMessages.subject);
export type OutboxMessageRow = typeof outboxMessages.$inferSelect;

/**
 * Invitations for a new client to sign up for a plan (/admin/clients). Only the SHA-256 of
 * the token is kept: the link itself exists only in what the admin copied or mailed.
 */
export const signupLinks = pgTable(
  'signup_links',
  {
    id: uuid().primaryKey().defaultRandom(),
    tokenHash: text().notNull().unique(),
    /** Stored lower-case; only an account with this e-mail can redeem the link. */
    email: text().notNull(),
    planType: text()
      .notNull()
      .references(() => plans.id),
    expiresAt: moment().notNull(),
    usedAt: moment(),
    usedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    /** The admin took the invitation back: the link no longer opens. */
    revokedAt: moment(),
    createdAt: createdAt(),
  },
  (t) => [
    index('signup_links_created_at_idx').on(t.createdAt, t.id),
    index('signup_links_email_idx').on(t.email, t.createdAt),
    index('signup_links_search_idx').using('gin', trigram(searchText(t.email))),
  ],
);
/** What the signup links' search looks in. */
export const signupLinkSearchText = searchText(signupLinks.email);
export type SignupLinkRow = typeof signupLinks.$inferSelect;

/**
 * Marketing-tool searches, kept so any can be reopened and exported again. A bulk search
 * is a pg-boss job; its lease (owner + until) lets exactly one server process work on it,
 * and a crashed worker's lease simply runs out.
 */
export const leadSearches = pgTable(
  'lead_searches',
  {
    id: uuid().primaryKey().defaultRandom(),
    criteria: jsonb().$type<MarketingSearch>().notNull(),
    bulk: boolean().notNull(),
    source: text({ enum: LEAD_SOURCES }).notNull(),
    status: text({ enum: SEARCH_STATUSES }).notNull(),
    cellsTotal: integer().notNull(),
    cellsDone: integer().notNull().default(0),
    leadsFound: integer().notNull().default(0),
    websitesTotal: integer().notNull().default(0),
    websitesAnalysed: integer().notNull().default(0),
    total: integer().notNull().default(0),
    totalUnfiltered: integer().notNull().default(0),
    error: text(),
    leaseOwner: text(),
    leaseUntil: moment(),
    createdAt: createdAt(),
    finishedAt: moment(),
  },
  (t) => [index('lead_searches_created_at_idx').on(t.createdAt)],
);
export type LeadSearchRow = typeof leadSearches.$inferSelect;

/** The grid cells of a bulk search already searched (written with their leads, in one transaction). */
export const leadSearchCells = pgTable(
  'lead_search_cells',
  {
    searchId: uuid()
      .notNull()
      .references(() => leadSearches.id, { onDelete: 'cascade' }),
    cell: integer().notNull(),
  },
  (t) => [primaryKey({ columns: [t.searchId, t.cell] })],
);

/**
 * The businesses of a search: the gathered facts (what sources and websites said), and
 * once the search is done the lead computed from them and its table row (summary).
 */
export const searchLeads = pgTable(
  'search_leads',
  {
    searchId: uuid()
      .notNull()
      .references(() => leadSearches.id, { onDelete: 'cascade' }),
    id: text().notNull(),
    position: integer().notNull(),
    facts: jsonb().$type<LeadFacts>().notNull(),
    enriched: boolean().notNull(),
    lead: jsonb().$type<Lead>(),
    summary: jsonb().$type<LeadSummary>(),
  },
  (t) => [primaryKey({ columns: [t.searchId, t.id] })],
);

/** One analysis of a website's home page per URL, reused for 7 days. */
export const websiteAnalyses = pgTable('website_analyses', {
  url: text().primaryKey(),
  signals: jsonb().$type<WebsiteSignals>().notNull(),
  analysedAt: timestamp({ withTimezone: true }).notNull(),
});

/**
 * How many rows a long list holds, in all ('') and per status, so its pages need not count
 * 100,000 rows each time (db/list-counts.ts). Statement triggers (migration 0018) add a row
 * of +n / -n for every insert, delete or status change; readers sum a key's rows and fold
 * them into one now and then. Appending, never updating, keeps writers from waiting on one
 * another.
 */
export const listCounts = pgTable(
  'list_counts',
  {
    list: text().notNull(),
    key: text().notNull(),
    n: bigint({ mode: 'number' }).notNull(),
  },
  (t) => [index('list_counts_list_key_idx').on(t.list, t.key)],
);

/**
 * Site care (issue 28): a client's website the agency watches. `status` and the counters are
 * written only by sites/site-lifecycle.ts; `nextCheckAt` spreads the checks over the interval.
 * The certificate and domain facts are the last good ones read (a failed RDAP lookup keeps
 * them); `domainExpirySource` 'manual' is a date the admin typed, which RDAP never overwrites.
 * `*WarnedFor` is the expiry a warning was e-mailed for, `*WarnedDays` its threshold: one e-mail
 * per threshold and expiry.
 */
export const sites = pgTable(
  'sites',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    url: text().notNull(),
    keyword: text(),
    paused: boolean().notNull().default(false),
    status: text({ enum: SITE_STATUSES }).notNull().default('unknown'),
    consecutiveFailures: integer().notNull().default(0),
    nextCheckAt: moment()
      .notNull()
      .default(sql`now()`),
    lastCheckedAt: moment(),
    lastResponseMs: integer(),
    lastError: text(),
    certificateExpiresAt: moment(),
    certificateIssuedAt: moment(),
    certificateValid: boolean(),
    certificateWarnedFor: moment(),
    certificateWarnedDays: integer(),
    domainExpiresAt: moment(),
    domainExpirySource: text({ enum: DOMAIN_EXPIRY_SOURCES }),
    domainCheckedAt: moment(),
    domainWarnedFor: moment(),
    domainWarnedDays: integer(),
    /** The last down or recovery e-mail pair: a flapping site sends at most one pair an hour. */
    lastAlertAt: moment(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('sites_user_id_idx').on(t.userId, t.createdAt),
    index('sites_next_check_at_idx').on(t.nextCheckAt),
    index('sites_search_idx').using('gin', trigram(searchText(t.url))),
  ],
);
export const siteSearchText = searchText(sites.url);
export type SiteRow = typeof sites.$inferSelect;

/** Every check of the last 30 days, raw; older ones live on as hourly roll-ups. */
export const siteChecks = pgTable(
  'site_checks',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    siteId: uuid()
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    checkedAt: moment().notNull(),
    ok: boolean().notNull(),
    statusCode: integer(),
    responseMs: integer(),
    reason: text(),
  },
  (t) => [
    index('site_checks_site_id_checked_at_idx').on(t.siteId, t.checkedAt),
    index('site_checks_checked_at_idx').on(t.checkedAt),
  ],
);
export type SiteCheckRow = typeof siteChecks.$inferSelect;

/** One hour of a site's checks, kept after the raw checks are gone. */
export const siteCheckHours = pgTable(
  'site_check_hours',
  {
    siteId: uuid()
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    hour: moment().notNull(),
    checks: integer().notNull(),
    failures: integer().notNull(),
    /** The median and slowest response of the hour's answered checks (null: none answered). */
    responseMsMedian: integer(),
    responseMsMax: integer(),
  },
  (t) => [primaryKey({ columns: [t.siteId, t.hour] })],
);
export type SiteCheckHourRow = typeof siteCheckHours.$inferSelect;

/** A site down: opened after enough failed checks in a row, at most one open per site. */
export const siteIncidents = pgTable(
  'site_incidents',
  {
    id: uuid().primaryKey().defaultRandom(),
    siteId: uuid()
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    startedAt: moment().notNull(),
    endedAt: moment(),
    reason: text().notNull(),
    /** The support ticket it opened, so its response clock runs. */
    ticketId: uuid().references(() => tickets.id, { onDelete: 'set null' }),
    /**
     * When its down pair of e-mails went: at its opening, or on a later failed check when the
     * hourly window held it back then; null while untold (and then no recovery pair goes).
     */
    alertedAt: moment(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('site_incidents_one_open_idx')
      .on(t.siteId)
      .where(sql`${t.endedAt} is null`),
    index('site_incidents_site_id_started_at_idx').on(t.siteId, t.startedAt),
  ],
);
export type SiteIncidentRow = typeof siteIncidents.$inferSelect;

/**
 * The monthly report of a client: one per client and month (unique), its facts kept so the
 * PDF can be drawn again, the PDF itself, and when it was e-mailed (null: made, not yet sent,
 * which a resumed run sends).
 */
export const monthlyReports = pgTable(
  'monthly_reports',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    month: text().notNull(),
    periodStart: date().notNull(),
    periodEnd: date().notNull(),
    facts: jsonb().notNull(),
    pdf: bytea().notNull(),
    sentAt: moment(),
    /**
     * Made by the admin's "Make report" to be read before it is sent: the monthly run never
     * e-mails a held report (the admin's Send does, and clears this).
     */
    heldForReview: boolean().notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('monthly_reports_user_id_month_idx').on(t.userId, t.month)],
);
export type MonthlyReportRow = typeof monthlyReports.$inferSelect;

/**
 * A site's health score (0-100) from the website analyser (the lead score's "website quality",
 * docs/lead-scoring.md), measured once per site and month for its monthly report: the report
 * shows it beside the month before's, so the trend is read from here. `issues` are what the
 * analyser found to improve, as it words them.
 */
export const siteHealthScores = pgTable(
  'site_health_scores',
  {
    siteId: uuid()
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    /** 'YYYY-MM' in the business time zone. */
    month: text().notNull(),
    score: integer().notNull(),
    issues: jsonb().$type<string[]>().notNull().default([]),
    measuredAt: moment().notNull(),
  },
  (t) => [primaryKey({ columns: [t.siteId, t.month] })],
);
export type SiteHealthScoreRow = typeof siteHealthScores.$inferSelect;

/**
 * Proposals (issue 38, docs/proposals.md): an offer the owner writes for a new contact, a lead,
 * a consultation request or a client, opened from a link, signed and paid. The row is the
 * current version; every version sent is frozen in proposal_versions, and a signature binds
 * the one the signer saw. The token of its link is derived from the id and tokenVersion (like
 * the pay links): only its hash is kept, and a revoke moves the version on.
 */
export const proposals = pgTable(
  'proposals',
  {
    id: uuid().primaryKey().defaultRandom(),
    status: text({ enum: PROPOSAL_STATUSES }).notNull().default('draft'),
    /** The current version: 1 until the proposal changes after it was sent. */
    version: integer().notNull().default(1),
    title: text().notNull(),
    recipientName: text().notNull(),
    /** Stored lower-case: the address the link goes to, and the account it attaches to. */
    recipientEmail: text().notNull(),
    recipientBusiness: text(),
    /** The client account it is for or attached to; null until one with the e-mail exists. */
    userId: uuid().references(() => users.id, { onDelete: 'set null' }),
    /** The marketing tool's lead it was written for (a search's row). */
    leadSearchId: uuid().references(() => leadSearches.id, { onDelete: 'set null' }),
    leadId: text(),
    consultationId: uuid().references(() => consultations.id, { onDelete: 'set null' }),
    /** The plan and its monthly price when written: a later catalogue price never alters it. */
    planId: text().references(() => plans.id),
    planName: text(),
    planMonthlyCents: integer(),
    items: jsonb().$type<StoredProposalItem[]>().notNull().default([]),
    depositPercent: integer().notNull().default(0),
    /** The tax rates it applies, as chosen (issue 39): copied to the invoices signing issues. */
    taxes: jsonb().$type<AppliedRate[]>().notNull().default([]),
    /** The last day it can be signed, in the business time zone. */
    validUntil: date({ mode: 'string' }).notNull(),
    terms: text().notNull().default(''),
    tokenHash: text().unique(),
    tokenVersion: integer().notNull().default(1),
    sentAt: moment(),
    viewedAt: moment(),
    remindedAt: moment(),
    signedAt: moment(),
    signedVersion: integer(),
    signerName: text(),
    /** The drawn signature (a PNG data URL) and/or the typed one. */
    signatureDrawn: text(),
    signatureTyped: text(),
    declinedAt: moment(),
    declineReason: text(),
    expiredAt: moment(),
    paidAt: moment(),
    /** The first invoice signing issued (deposit + first month), and the rest as a draft. */
    depositInvoiceId: uuid().references(() => invoices.id, { onDelete: 'set null' }),
    remainderInvoiceId: uuid().references(() => invoices.id, { onDelete: 'set null' }),
    /**
     * The Stripe customer made for a recipient who pays the first invoice before having an
     * account (their card saved there for the plan's renewals); it becomes the client's when
     * the proposal attaches to their account.
     */
    stripeCustomerId: text(),
    /** The sealed agreement PDF in the file store, made once at signing, and its SHA-256. */
    agreementKey: text(),
    agreementSha256: text(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('proposals_created_at_idx').on(t.createdAt, t.id),
    index('proposals_status_created_at_idx').on(t.status, t.createdAt, t.id),
    index('proposals_user_id_idx').on(t.userId, t.createdAt),
    index('proposals_recipient_email_idx').on(t.recipientEmail),
    index('proposals_search_idx').using(
      'gin',
      trigram(searchText(t.title, t.recipientName, t.recipientEmail, t.recipientBusiness)),
    ),
  ],
);
/** What the proposals' search looks in. */
export const proposalSearchText = searchText(
  proposals.title,
  proposals.recipientName,
  proposals.recipientEmail,
  proposals.recipientBusiness,
);
export type ProposalRow = typeof proposals.$inferSelect;

/**
 * Each version of a proposal as it was sent, frozen: the document the recipient read and the
 * SHA-256 of its canonical JSON. Never updated.
 */
export const proposalVersions = pgTable(
  'proposal_versions',
  {
    proposalId: uuid()
      .notNull()
      .references(() => proposals.id, { onDelete: 'cascade' }),
    version: integer().notNull(),
    document: jsonb().$type<ProposalDocument>().notNull(),
    documentSha256: text().notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.proposalId, t.version] })],
);
export type ProposalVersionRow = typeof proposalVersions.$inferSelect;

/**
 * A proposal's evidence, append-only (a trigger refuses updates and deletes but the cascade of
 * its proposal's removal): sent to which address, viewed, signed (IP, user agent, consent
 * text's hash, document hash), declined, invoiced, paid.
 */
export const proposalEvents = pgTable(
  'proposal_events',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    proposalId: uuid()
      .notNull()
      .references(() => proposals.id, { onDelete: 'cascade' }),
    kind: text({ enum: PROPOSAL_EVENT_KINDS }).notNull(),
    version: integer(),
    email: text(),
    ip: text(),
    userAgent: text(),
    documentSha256: text(),
    /** The consent wording agreed to, and its SHA-256 (signed). */
    consentText: text(),
    consentSha256: text(),
    detail: text().notNull().default(''),
    occurredAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('proposal_events_proposal_id_idx').on(t.proposalId, t.id),
    index('proposal_events_kind_occurred_at_idx').on(t.kind, t.occurredAt),
  ],
);
export type ProposalEventRow = typeof proposalEvents.$inferSelect;

/**
 * Named sales tax rates (issue 39, docs/books.md "Sales tax"). A rate an invoice used is never
 * deleted, only retired; its percentage never changes (invoices keep a snapshot anyway).
 */
export const taxRates = pgTable(
  'tax_rates',
  {
    id: uuid().primaryKey().defaultRandom(),
    name: text().notNull(),
    /** 4.45 % is 4450 (shared/tax.ts). */
    percentThousandths: integer().notNull(),
    /** Applied to renewals of clients without rates of their own. */
    isDefault: boolean().notNull().default(false),
    retiredAt: moment(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('tax_rates_active_name_idx')
      .on(sql`lower(${t.name})`)
      .where(sql`${t.retiredAt} is null`),
  ],
);
export type TaxRateRow = typeof taxRates.$inferSelect;

/** A client's own rates for its renewals (set on the client page). */
export const clientTaxRates = pgTable(
  'client_tax_rates',
  {
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    taxRateId: uuid()
      .notNull()
      .references(() => taxRates.id, { onDelete: 'restrict' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.taxRateId] })],
);

/**
 * Each rate an invoice applied, as it was then (name and percentage copied), with the base it
 * was applied to and its amount; their sum is invoices.tax. An invoice from before named rates
 * has one row without a rate ("Tax", its single amount). Written with the invoice's lines.
 */
export const invoiceTaxes = pgTable(
  'invoice_taxes',
  {
    id: uuid().primaryKey().defaultRandom(),
    invoiceId: uuid()
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    position: integer().notNull(),
    taxRateId: uuid().references(() => taxRates.id, { onDelete: 'restrict' }),
    name: text().notNull(),
    percentThousandths: integer(),
    taxableAmount: integer().notNull(),
    amount: integer().notNull(),
  },
  (t) => [
    uniqueIndex('invoice_taxes_invoice_position_idx').on(t.invoiceId, t.position),
    index('invoice_taxes_tax_rate_id_idx').on(t.taxRateId),
  ],
);
export type InvoiceTaxRow = typeof invoiceTaxes.$inferSelect;

/** What an issued credit note reversed of each of its invoice's taxes (shared/tax.ts). */
export const creditNoteTaxes = pgTable(
  'credit_note_taxes',
  {
    creditNoteId: uuid()
      .notNull()
      .references(() => creditNotes.id, { onDelete: 'cascade' }),
    invoiceTaxId: uuid()
      .notNull()
      .references(() => invoiceTaxes.id, { onDelete: 'restrict' }),
    amount: integer().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.creditNoteId, t.invoiceTaxId] }),
    index('credit_note_taxes_invoice_tax_id_idx').on(t.invoiceTaxId),
  ],
);
export type CreditNoteTaxRow = typeof creditNoteTaxes.$inferSelect;

/**
 * Stripe payouts to the bank (issue 39, docs/books.md "Payouts"), from payout.paid and
 * payout.failed; amounts in cents.
 */
export const payouts = pgTable(
  'payouts',
  {
    /** Stripe's po_... */
    id: text().primaryKey(),
    status: text({ enum: PAYOUT_STATUSES }).notNull(),
    amount: integer().notNull(),
    currency: text().notNull().default('usd'),
    arrivalDate: date({ mode: 'string' }).notNull(),
    automatic: boolean().notNull().default(true),
    /** What its transactions added up to before fees, and the fees Stripe kept. */
    gross: integer().notNull().default(0),
    fees: integer().notNull().default(0),
    failureMessage: text(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('payouts_arrival_date_idx').on(t.arrivalDate, t.id)],
);
export type PayoutRow = typeof payouts.$inferSelect;

/** One balance transaction a payout settled, matched to our payment or credit note if it can be. */
export const payoutLines = pgTable(
  'payout_lines',
  {
    /** Stripe's txn_... */
    id: text().primaryKey(),
    payoutId: text()
      .notNull()
      .references(() => payouts.id, { onDelete: 'cascade' }),
    kind: text({ enum: PAYOUT_LINE_KINDS }).notNull(),
    sourceId: text(),
    amount: integer().notNull(),
    fee: integer().notNull().default(0),
    net: integer().notNull(),
    description: text(),
    paymentId: uuid().references(() => payments.id, { onDelete: 'set null' }),
    creditNoteId: uuid().references(() => creditNotes.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('payout_lines_payout_id_idx').on(t.payoutId),
    index('payout_lines_payment_id_idx')
      .on(t.paymentId)
      .where(sql`${t.paymentId} is not null`),
  ],
);
export type PayoutLineRow = typeof payoutLines.$inferSelect;

/** The monthly statement e-mailed to a client for a month ('2026-11'), once. */
export const statementDeliveries = pgTable(
  'statement_deliveries',
  {
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    month: text().notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.month] })],
);
