import { z } from 'zod';

/**
 * Every kind of audit event, `target.action`. 'client.merged' has no writer yet: there is no
 * merge action; the kind is here so the one that comes records itself the same way.
 */
export const AUDIT_KINDS = [
  'admin.signed_in',
  'admin.sign_in_failed',
  'admin.password_changed',
  'admin.two_factor_enabled',
  'admin.two_factor_disabled',
  'admin.recovery_code_used',
  'admin.recovery_codes_regenerated',
  'invoice.created',
  'invoice.sent',
  'invoice.paid',
  'invoice.payment_recorded',
  'invoice.payment_flag_resolved',
  'invoice.status_changed',
  'invoice.emailed',
  'invoice.deleted',
  'settings.updated',
  'signup_link.created',
  'signup_link.sent',
  'ticket.replied',
  'ticket.status_changed',
  'client.merged',
] as const;
export type AuditKind = (typeof AUDIT_KINDS)[number];

/** How the audit log names each kind of event to the agency. */
export const AUDIT_KIND_LABELS: Record<AuditKind, string> = {
  'admin.signed_in': 'Admin signed in',
  'admin.sign_in_failed': 'Admin sign-in failed',
  'admin.password_changed': 'Password changed',
  'admin.two_factor_enabled': 'Two-factor turned on',
  'admin.two_factor_disabled': 'Two-factor turned off',
  'admin.recovery_code_used': 'Recovery code used',
  'admin.recovery_codes_regenerated': 'New recovery codes',
  'invoice.created': 'Invoice created',
  'invoice.sent': 'Invoice sent',
  'invoice.paid': 'Invoice paid',
  'invoice.payment_recorded': 'Payment recorded',
  'invoice.payment_flag_resolved': 'Payment check resolved',
  'invoice.status_changed': 'Invoice status changed',
  'invoice.emailed': 'Invoice e-mailed',
  'invoice.deleted': 'Invoice deleted',
  'settings.updated': 'Settings changed',
  'signup_link.created': 'Signup link created',
  'signup_link.sent': 'Signup link sent',
  'ticket.replied': 'Ticket answered',
  'ticket.status_changed': 'Ticket status changed',
  'client.merged': 'Clients merged',
};

/** Fields of audit values that hold integer cents: shown as money. */
export const AUDIT_MONEY_FIELDS = new Set([
  'total',
  'subtotal',
  'tax',
  'discount',
  'unitPrice',
  'amount',
  'amountPaid',
]);

export const AUDIT_PAGE_SIZES = [25, 50, 100] as const;
const DEFAULT_PAGE_SIZE = 25;

const blankAsUndefined = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;

const DaySchema = (label: string) =>
  z.preprocess(
    blankAsUndefined,
    z
      .string({ error: `${label} must be a date` })
      .regex(/^\d{4}-\d{2}-\d{2}$/, `${label} must be a date (YYYY-MM-DD)`)
      .refine((day) => !Number.isNaN(Date.parse(`${day}T00:00:00Z`)), `${label} is not a date`)
      .optional(),
  );

/**
 * GET /api/admin/audit?actor=&kind=&from=&to=&page=&pageSize= (the screen keeps them in its
 * URL). actor is an e-mail, matched exactly; from and to are UTC days, both included.
 */
export const AuditQuerySchema = z
  .object({
    actor: z.preprocess(
      blankAsUndefined,
      z
        .string({ error: 'Actor must be an e-mail address' })
        .trim()
        .max(254, 'Actor is too long')
        .transform((email) => email.toLowerCase())
        .optional(),
    ),
    kind: z.preprocess(
      blankAsUndefined,
      z.enum(AUDIT_KINDS, { error: 'Unknown event kind' }).optional(),
    ),
    from: DaySchema('From'),
    to: DaySchema('To'),
    page: z.preprocess(
      blankAsUndefined,
      z.coerce
        .number({ error: 'Page must be a number' })
        .int('Page must be a whole number')
        .min(1, 'Page must be 1 or more')
        .max(100_000, 'Page is too large')
        .default(1),
    ),
    pageSize: z.preprocess(
      blankAsUndefined,
      z.coerce
        .number({ error: 'Page size must be a number' })
        .int('Page size must be a whole number')
        .min(1, 'Page size must be 1 or more')
        .max(100, 'Page size must be at most 100')
        .default(DEFAULT_PAGE_SIZE),
    ),
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, {
    message: 'From must be on or before To',
    path: ['to'],
  });
export type AuditQuery = z.infer<typeof AuditQuerySchema>;

/** One row of the audit log as the API answers it. */
export const AuditEventSchema = z.object({
  id: z.string(),
  createdAt: z.string(),
  actorAdminId: z.string().nullable(),
  actorEmail: z.string().nullable(),
  kind: z.string(),
  targetType: z.string().nullable(),
  targetId: z.string().nullable(),
  /** The fields that changed, as they were and as they became; null when there is no side. */
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
});
export type AuditEvent = z.infer<typeof AuditEventSchema>;

export const AuditPageSchema = z.object({
  items: z.array(AuditEventSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type AuditPage = z.infer<typeof AuditPageSchema>;

/** 'Showing 1-25 of 1,234' (and 'No events' when there are none). */
export function showingRange({ total, page, pageSize }: Omit<AuditPage, 'items'>): string {
  const n = (value: number) => value.toLocaleString('en-US');
  if (total === 0) return 'No events';
  const first = (page - 1) * pageSize + 1;
  if (first > total) return `No events on this page (${n(total)} in all)`;
  const last = Math.min(page * pageSize, total);
  return `Showing ${n(first)}-${n(last)} of ${n(total)}`;
}
