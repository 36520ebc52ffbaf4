import { z } from '../zod';
import { blankAsUndefined, ListQuerySchema, pageSchema } from './common';

/**
 * Every kind of audit event, `target.action`. 'client.merged' has no writer yet: there is no
 * merge action; the kind is here so the one that comes records itself the same way.
 */
export const AUDIT_KINDS = [
  'admin.created',
  'admin.signed_in',
  'admin.sign_in_failed',
  'admin.password_changed',
  'admin.two_factor_enabled',
  'admin.two_factor_disabled',
  'admin.two_factor_change_failed',
  'admin.recovery_code_used',
  'admin.recovery_codes_regenerated',
  'admin.password_reset_requested',
  'admin.password_reset',
  'admin.invited',
  'admin.invite_revoked',
  'invoice.created',
  'invoice.sent',
  'invoice.paid',
  'invoice.payment_recorded',
  'invoice.payment_flag_resolved',
  'invoice.status_changed',
  'invoice.emailed',
  'invoice.deleted',
  'invoice.pay_link_revoked',
  'invoice.updated',
  'invoice.marked_sent',
  'invoice.voided',
  'invoice.credit_note_issued',
  'payment.flag_resolved',
  'payment.voided',
  'payment.refund_failed',
  'invoice.credit_note_refunded_by_hand',
  'settings.updated',
  'settings.logo_uploaded',
  'settings.logo_removed',
  'legal_page.updated',
  'site_content.saved',
  'site_content.published',
  'site_content.restored',
  'site_image.uploaded',
  'plan.created',
  'plan.updated',
  'plan.subscribers_moved',
  'signup_link.created',
  'signup_link.sent',
  'signup_link.renewed',
  'signup_link.revoked',
  'ticket.replied',
  'ticket.status_changed',
  'ticket.kind_changed',
  'ticket.extra_update_billed',
  'mail.resent',
  'client.note_added',
  'client.note_deleted',
  'client.merged',
  'client.password_reset_sent',
  'client.details_updated',
  'client.subscription_changed',
  'client.free_months_given',
  'client.deactivated',
  'client.reactivated',
  'client.email_change_started',
  'client.email_change_cancelled',
  'client.email_changed',
  'client.statement_emailed',
  'inbound.released',
  'inbound.consultation_created',
  'report.made',
  'report.sent',
  'site.added',
  'site.updated',
  'site.paused',
  'site.resumed',
  'site.removed',
  'site.domain_date_set',
  'proposal.created',
  'proposal.updated',
  'proposal.sent',
  'proposal.revoked',
  'proposal.deleted',
] as const;
export type AuditKind = (typeof AUDIT_KINDS)[number];

/** How the audit log names each kind of event to the agency. */
export const AUDIT_KIND_LABELS: Record<AuditKind, string> = {
  'admin.created': 'Admin created',
  'admin.signed_in': 'Admin signed in',
  'admin.sign_in_failed': 'Admin sign-in failed',
  'admin.password_changed': 'Password changed',
  'admin.two_factor_enabled': 'Two-factor turned on',
  'admin.two_factor_disabled': 'Two-factor turned off',
  'admin.two_factor_change_failed': 'Two-factor change refused',
  'admin.recovery_code_used': 'Recovery code used',
  'admin.recovery_codes_regenerated': 'New recovery codes',
  'admin.password_reset_requested': 'Password reset link made',
  'admin.password_reset': 'Password reset by link',
  'admin.invited': 'Admin invited',
  'admin.invite_revoked': 'Admin invitation revoked',
  'invoice.created': 'Invoice created',
  'invoice.sent': 'Invoice sent',
  'invoice.paid': 'Invoice paid',
  'invoice.payment_recorded': 'Payment recorded',
  'invoice.payment_flag_resolved': 'Payment check resolved',
  'invoice.status_changed': 'Invoice status changed',
  'invoice.emailed': 'Invoice e-mailed',
  'invoice.deleted': 'Invoice deleted',
  'invoice.pay_link_revoked': 'Pay link revoked',
  'invoice.updated': 'Draft invoice edited',
  'invoice.marked_sent': 'Invoice marked as sent',
  'invoice.voided': 'Invoice voided',
  'invoice.credit_note_issued': 'Credit note issued',
  'payment.flag_resolved': 'Payment check resolved',
  'payment.voided': 'Payment voided',
  'payment.refund_failed': 'Card refund failed',
  'invoice.credit_note_refunded_by_hand': 'Credit note returned by hand',
  'settings.updated': 'Settings changed',
  'settings.logo_uploaded': 'Logo uploaded',
  'settings.logo_removed': 'Logo removed',
  'legal_page.updated': 'Legal page changed',
  'site_content.saved': 'Website draft saved',
  'site_content.published': 'Website published',
  'site_content.restored': 'Website restored to the previous version',
  'site_image.uploaded': 'Website image uploaded',
  'plan.created': 'Plan added',
  'plan.updated': 'Plan changed',
  'plan.subscribers_moved': 'Plan subscribers moved to its price',
  'signup_link.created': 'Signup link created',
  'signup_link.sent': 'Signup link sent',
  'signup_link.renewed': 'Signup link renewed',
  'signup_link.revoked': 'Signup link revoked',
  'ticket.replied': 'Ticket answered',
  'ticket.status_changed': 'Ticket status changed',
  'ticket.kind_changed': 'Ticket kind changed',
  'ticket.extra_update_billed': 'Extra update billed',
  'mail.resent': 'E-mail sent again',
  'client.note_added': 'Client note added',
  'client.note_deleted': 'Client note deleted',
  'client.merged': 'Clients merged',
  'client.password_reset_sent': 'Client sent a password-reset e-mail',
  'client.details_updated': 'Client details changed',
  'client.subscription_changed': 'Client plan changed',
  'client.free_months_given': 'Month free given',
  'client.deactivated': 'Client account deactivated',
  'client.reactivated': 'Client account reactivated',
  'client.email_change_started': 'Client e-mail change started',
  'client.email_change_cancelled': 'Client e-mail change cancelled',
  'client.email_changed': 'Client e-mail changed',
  'client.statement_emailed': 'Statement e-mailed to the client',
  'inbound.released': 'Held e-mail released into a ticket',
  'inbound.consultation_created': 'Held e-mail turned into a consultation request',
  'report.made': 'Monthly report made and e-mailed',
  'report.sent': 'Monthly report sent again',
  'site.added': 'Website added',
  'site.updated': 'Website changed',
  'site.paused': 'Website checks paused',
  'site.resumed': 'Website checks resumed',
  'site.removed': 'Website removed',
  'site.domain_date_set': 'Domain expiry date typed',
  'proposal.created': 'Proposal written',
  'proposal.updated': 'Proposal changed',
  'proposal.sent': 'Proposal sent',
  'proposal.revoked': 'Proposal link revoked',
  'proposal.deleted': 'Draft proposal deleted',
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
    page: ListQuerySchema.shape.page,
    pageSize: ListQuerySchema.shape.pageSize,
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
  /**
   * What the target is called now (a client's name, an admin's e-mail, an invoice's number
   * and client...); null when it has none or no longer exists.
   */
  targetName: z.string().nullable(),
  /** The fields that changed, as they were and as they became; null when there is no side. */
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
});
export type AuditEvent = z.infer<typeof AuditEventSchema>;

export const AuditPageSchema = pageSchema(AuditEventSchema);
export type AuditPage = z.infer<typeof AuditPageSchema>;
