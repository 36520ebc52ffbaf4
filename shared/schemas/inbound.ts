import { z } from '../zod';
import { ListQuerySchema, statusFilter } from './common';

/** How an e-mail reached us. */
export const INBOUND_VIAS = ['smtp', 'imap', 'postmark', 'mailgun'] as const;
export type InboundVia = (typeof INBOUND_VIAS)[number];

/**
 * What became of a received e-mail (the inbound log's "why"). `received`: stored, not yet
 * processed. The held states (`unknown_sender`, `not_verified`) reach no client until the
 * admin releases them (`released`) or turns them into a consultation request (`consultation`).
 */
export const INBOUND_STATES = [
  'received',
  'new_ticket',
  'added',
  'auto_reply',
  'bounce',
  'unknown_sender',
  'not_verified',
  'too_large',
  'released',
  'consultation',
  'failed',
] as const;
export type InboundState = (typeof INBOUND_STATES)[number];

/** The held states: kept out of every client's view until the admin decides. */
export const HELD_INBOUND_STATES = [
  'unknown_sender',
  'not_verified',
] as const satisfies readonly InboundState[];

/** One check's verdict as mailauth reports it ('pass', 'fail', 'none', 'softfail'…). */
export const InboundAuthenticationSchema = z.object({
  dkim: z.string(),
  spf: z.string(),
  dmarc: z.string(),
  /** The domain DMARC was evaluated for (the From's), when there is one. */
  dmarcDomain: z.string().nullable(),
});
export type InboundAuthentication = z.infer<typeof InboundAuthenticationSchema>;

export const InboundListQuerySchema = ListQuerySchema.extend({
  state: statusFilter(INBOUND_STATES, 'State must be one of the inbound log states'),
});
export type InboundListQuery = z.infer<typeof InboundListQuerySchema>;

/**
 * The full original of a ticket message that came by e-mail, as the admin reads it
 * (GET /api/admin/tickets/{id}/messages/{messageId}/original, or /original for the e-mail that
 * opened the ticket): reduced to text, never HTML.
 */
export const OriginalEmailSchema = z.object({
  from: z.string(),
  to: z.string(),
  date: z.iso.datetime().nullable(),
  subject: z.string(),
  text: z.string(),
});
export type OriginalEmail = z.infer<typeof OriginalEmailSchema>;
