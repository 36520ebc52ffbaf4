import { z } from '../zod';
import { ListQuerySchema, pageSchema, statusFilter } from './common';
import { UpdateProfileSchema } from './profile';
import { InvoiceSchema } from './invoices';
import { OutboxEntrySchema } from './mail';
import { PaymentSchema } from './payments';
import { SignupLinkSchema } from './signup-links';
import {
  SUBSCRIPTION_STATUSES,
  SubscriptionEventSchema,
  SubscriptionSchema,
} from './subscriptions';
import { TicketSchema } from './tickets';

/** The directory's status filter: a subscription status, or 'none' for clients without a plan. */
export const CLIENT_STATUS_FILTERS = [...SUBSCRIPTION_STATUSES, 'none'] as const;
export type ClientStatusFilter = (typeof CLIENT_STATUS_FILTERS)[number];

/**
 * GET /api/admin/clients?q=&status=&page=&pageSize=: q looks in the name, e-mail and
 * business; newest client first.
 */
export const ClientListQuerySchema = ListQuerySchema.extend({
  status: statusFilter(
    CLIENT_STATUS_FILTERS,
    'Status must be pending, active, past_due, canceled or none',
  ),
});
export type ClientListQuery = z.infer<typeof ClientListQuerySchema>;
export const CLIENT_LIST_PARAMS = ['q', 'status', 'page', 'pageSize'] as const;

/** A client account as the directory lists it, with its plan and what it owes. */
export const ClientAccountSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  /** Whether the client's issuer verified the e-mail (only then does it decide ownership). */
  emailVerified: z.boolean(),
  businessName: z.string().nullable(),
  createdAt: z.iso.datetime(),
  plan: z.string().nullable(),
  subscriptionStatus: z.enum(SUBSCRIPTION_STATUSES).nullable(),
  /** What their sent and overdue invoices still ask for, in cents. */
  balance: z.number().int(),
  /** When the agency deactivated the account (sign-in refused), or null while it is active. */
  deactivatedAt: z.iso.datetime().nullable(),
});
export type ClientAccount = z.infer<typeof ClientAccountSchema>;

export const ClientAccountPageSchema = pageSchema(ClientAccountSchema);
export type ClientAccountPage = z.infer<typeof ClientAccountPageSchema>;

/** A private note of the agency on a client: never shown to the client. */
export const ClientNoteSchema = z.object({
  id: z.string(),
  body: z.string(),
  /** The admin who wrote it (null once that admin is removed). */
  authorEmail: z.string().nullable(),
  createdAt: z.iso.datetime(),
});
export type ClientNote = z.infer<typeof ClientNoteSchema>;

/** POST /api/admin/clients/{id}/notes. */
export const NewClientNoteSchema = z.object({
  body: z
    .string({ error: 'Write the note first' })
    .trim()
    .min(1, 'Write the note first')
    .max(5000, 'A note can be at most 5000 characters'),
});
export type NewClientNote = z.infer<typeof NewClientNoteSchema>;

/** The most recent rows of one of the client's lists, and how many there are in all. */
const recent = <T extends z.ZodType>(item: T) =>
  z.object({ items: z.array(item), total: z.number().int() });

/** A payment on the client page: which invoice it paid. */
export const ClientPaymentSchema = PaymentSchema.extend({ invoiceNumber: z.string() });
export type ClientPayment = z.infer<typeof ClientPaymentSchema>;

/** How many rows of each list the client page shows; the rest are a link away. */
export const CLIENT_DETAIL_RECENT = 10;

/** GET /api/admin/clients/{id}: everything the agency knows about one client. */
export const ClientDetailSchema = z.object({
  profile: z.object({
    id: z.string(),
    firstName: z.string().nullable(),
    lastName: z.string().nullable(),
    name: z.string(),
    email: z.string().nullable(),
    emailVerified: z.boolean(),
    businessName: z.string().nullable(),
    phoneNumber: z.string().nullable(),
    createdAt: z.iso.datetime(),
    /** The card Stripe keeps for renewals, if any (never the number). */
    card: z
      .object({ brand: z.string(), last4: z.string(), expMonth: z.number(), expYear: z.number() })
      .nullable(),
    autoPay: z.boolean(),
    /** When the agency deactivated the account (sign-in refused), or null while it is active. */
    deactivatedAt: z.iso.datetime().nullable(),
  }),
  /** freeMonths: months given free still to be credited on the next renewal invoices. */
  subscription: SubscriptionSchema.extend({ freeMonths: z.number().int() }).nullable(),
  /** Newest first. */
  history: recent(SubscriptionEventSchema),
  /** In cents: still owed on sent and overdue invoices, of which overdue, and paid so far. */
  money: z.object({
    balance: z.number().int(),
    overdue: z.number().int(),
    paid: z.number().int(),
  }),
  invoices: recent(InvoiceSchema),
  payments: recent(ClientPaymentSchema),
  tickets: recent(TicketSchema),
  /** The e-mails sent (or kept) to their address. */
  messages: recent(OutboxEntrySchema),
  signupLinks: recent(SignupLinkSchema),
  notes: z.array(ClientNoteSchema),
});
export type ClientDetail = z.infer<typeof ClientDetailSchema>;

/**
 * GET /api/admin/clients/{id}/password-reset: whether the agency can send this client a
 * password-reset e-mail (only accounts of the built-in sign-in provider have a password here).
 */
export const ClientPasswordResetStatusSchema = z.object({ available: z.boolean() });
export type ClientPasswordResetStatus = z.infer<typeof ClientPasswordResetStatusSchema>;

/** POST /api/admin/clients/{id}/password-reset: what was sent, and to whom. */
export const ClientPasswordResetSentSchema = z.object({ message: z.string() });
export type ClientPasswordResetSent = z.infer<typeof ClientPasswordResetSentSchema>;

/**
 * PATCH /api/admin/clients/{id}: the agency corrects the client's details, the fields (and
 * their checks) of the portal's Account Information form; a field left out stays as it is.
 */
export const ClientDetailsSchema = UpdateProfileSchema.strict();
export type ClientDetails = z.infer<typeof ClientDetailsSchema>;

/**
 * PUT /api/admin/clients/{id}/active: deactivate (false) or reactivate (true) the client's
 * account. A deactivated client cannot sign in and their sessions end; their data stays.
 */
export const ClientActiveSchema = z
  .object({ active: z.boolean({ error: 'active must be true or false' }) })
  .strict();
export type ClientActive = z.infer<typeof ClientActiveSchema>;

/** What PUT /api/admin/clients/{id}/active answers: what happened. */
export const ClientActiveChangedSchema = z.object({ message: z.string() });
export type ClientActiveChanged = z.infer<typeof ClientActiveChangedSchema>;
