import { z } from '../zod';
import { ListQuerySchema, pageSchema, statusFilter } from './common';

export const OUTBOX_STATUSES = ['stored', 'sent', 'failed'] as const;
export type OutboxStatus = (typeof OUTBOX_STATUSES)[number];

/** How the outbox names each state: 'stored' was never sent, only kept. */
export const OUTBOX_STATUS_LABELS: Record<OutboxStatus, string> = {
  stored: 'In outbox',
  sent: 'Sent',
  failed: 'Failed',
};

/**
 * What every answer and screen says of a message that was kept rather than sent: without a
 * mail server nothing leaves the product, and no text may claim it did.
 */
export const KEPT_IN_OUTBOX = 'Kept in the outbox: no mail server is configured';

/**
 * What became of a message an admin sent (an invoice, a signup link): out through the mail
 * server, or kept in the outbox. A refusal is an error answer (502), never a delivery.
 */
export const MailDeliverySchema = z.enum(['sent', 'kept']);
export type MailDelivery = z.infer<typeof MailDeliverySchema>;

/** A toast's title for a message the admin sent: never a claim of sending when it was kept. */
export function deliveryTitle(delivery: MailDelivery | undefined, sentTitle: string): string {
  return delivery === 'kept' ? 'Kept in the outbox' : sentTitle;
}

/** GET /api/admin/outbox: one message in the list. */
export const OutboxEntrySchema = z.object({
  id: z.string(),
  toAddress: z.string(),
  /** The client account the recipient is (its page is /admin/clients/{clientId}), if any. */
  clientId: z.string().nullable(),
  subject: z.string(),
  status: z.enum(OUTBOX_STATUSES),
  error: z.string().nullable(),
  /** Hand-overs to the mail server so far: a refused message is tried again a few times. */
  attempts: z.number().int(),
  createdAt: z.iso.datetime(),
});
export type OutboxEntry = z.infer<typeof OutboxEntrySchema>;

/** GET /api/admin/outbox?q=&status=&page=&pageSize=: q looks in the recipient and subject. */
export const OutboxListQuerySchema = ListQuerySchema.extend({
  status: statusFilter(OUTBOX_STATUSES),
});
export type OutboxListQuery = z.infer<typeof OutboxListQuerySchema>;
export const OUTBOX_LIST_PARAMS = ['q', 'status', 'page', 'pageSize'] as const;

export const OutboxPageSchema = pageSchema(OutboxEntrySchema);
export type OutboxPage = z.infer<typeof OutboxPageSchema>;

/**
 * What the outbox shows in place of a code or link that opens the recipient's account while it
 * still works, when a mail server delivers the message (the recipient got it whole).
 */
export const SECRET_HIDDEN = '[hidden while it works]';

/** GET /api/admin/outbox/{id}: the whole message; attachments are fetched one by one. */
export const OutboxMessageSchema = OutboxEntrySchema.extend({
  fromAddress: z.string(),
  /** Where an answer goes (a ticket's plus-address), when the message names one. */
  replyTo: z.string().nullable(),
  /**
   * Its Message-ID, when it was given one (an e-mail about a ticket, which answers thread by);
   * else the mail server's own, not kept.
   */
  messageId: z.string().nullable(),
  text: z.string(),
  html: z.string().nullable(),
  /**
   * A code or link in it that opens the recipient's account and still works: 'hidden' (the
   * text and html show SECRET_HIDDEN instead) when a mail server delivers mail (SMTP_URL),
   * 'shown' without one, as the outbox is then how it reaches the recipient; null when none.
   */
  liveSecret: z.enum(['hidden', 'shown']).nullable(),
  attachments: z.array(
    z.object({
      index: z.number().int(),
      filename: z.string(),
      contentType: z.string(),
      size: z.number().int(),
    }),
  ),
});
export type OutboxMessage = z.infer<typeof OutboxMessageSchema>;

/**
 * POST /api/admin/outbox/{id}/send: a failed message tried once more, at once. Answered when
 * the mail server took it; a refusal is a 502 naming its error (the message stays failed).
 */
export const OutboxResentSchema = z.object({
  message: z.string(),
  outbox: OutboxMessageSchema,
});
export type OutboxResent = z.infer<typeof OutboxResentSchema>;

/** POST /api/admin/test-email. */
export const TestEmailResultSchema = z.object({
  /** Sent through SMTP, kept in the outbox (no mail server), or refused by the mail server. */
  outcome: z.enum(['sent', 'kept', 'failed']),
  message: z.string(),
  details: z.string().optional(),
});
export type TestEmailResult = z.infer<typeof TestEmailResultSchema>;
