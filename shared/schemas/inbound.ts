import { z } from '../zod';
import { ListQuerySchema, pageSchema, statusFilter } from './common';

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

/**
 * What the inbound log's list filters by: one state, or `held` for both held states (what the
 * Support tab's and the dashboard's count of held messages link to).
 */
export const INBOUND_STATE_FILTERS = ['held', ...INBOUND_STATES] as const;
export type InboundStateFilter = (typeof INBOUND_STATE_FILTERS)[number];

export const InboundListQuerySchema = ListQuerySchema.extend({
  state: statusFilter(INBOUND_STATE_FILTERS, 'State must be one of the inbound log states'),
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

// --- The inbound log (the admin's list of every message received) ---

/** How the inbound log names each state to the agency. */
export const INBOUND_STATE_LABELS: Record<InboundState, string> = {
  received: 'Received, not yet processed',
  new_ticket: 'New ticket',
  added: 'Added to ticket',
  auto_reply: 'Auto-reply',
  bounce: 'Bounce',
  unknown_sender: 'Unknown sender (held)',
  not_verified: 'Sender not verified (held)',
  too_large: 'Too large',
  released: 'Released into a ticket',
  consultation: 'Turned into a consultation request',
  failed: 'Could not be processed',
};

/** How the inbound log's filter names each choice. */
export const INBOUND_STATE_FILTER_LABELS: Record<InboundStateFilter, string> = {
  held: 'Held for review (either reason)',
  ...INBOUND_STATE_LABELS,
};

/**
 * GET /api/admin/inbound/summary: how many messages are held for the admin's decision (the
 * Support tab's and the dashboard's count).
 */
export const InboundSummarySchema = z.object({
  held: z.number().int(),
  /** When the oldest held message was received; null when none is held. */
  oldestHeldAt: z.iso.datetime().nullable(),
});
export type InboundSummary = z.infer<typeof InboundSummarySchema>;

export const INBOUND_VIA_LABELS: Record<InboundVia, string> = {
  smtp: 'SMTP',
  imap: 'IMAP',
  postmark: 'Postmark',
  mailgun: 'Mailgun',
};

export const isHeldInboundState = (state: InboundState): boolean =>
  (HELD_INBOUND_STATES as readonly InboundState[]).includes(state);

/** One message of the inbound log (GET /api/admin/inbound and /api/admin/inbound/:id). */
export const InboundMessageSchema = z.object({
  id: z.string(),
  messageId: z.string(),
  via: z.enum(INBOUND_VIAS),
  /** The From address once processed; until then the envelope's MAIL FROM, if any. */
  from: z.string().nullable(),
  fromName: z.string().nullable(),
  subject: z.string().nullable(),
  receivedAt: z.string(),
  lastDeliveredAt: z.string(),
  /** How many times it arrived: more than 1 means duplicate deliveries, applied once. */
  deliveries: z.number().int(),
  size: z.number().int(),
  state: z.enum(INBOUND_STATES),
  stateDetail: z.string().nullable(),
  authentication: InboundAuthenticationSchema.nullable(),
  refusedFiles: z.array(z.object({ filename: z.string(), reason: z.string() })),
  /**
   * Whether the message as it arrived is still kept (its download, "View original e-mail"):
   * originals are deleted after the days set in Settings, except a held message's.
   */
  originalKept: z.boolean(),
  /** When the original was deleted; null while it is kept. */
  originalRemovedAt: z.string().nullable(),
  ticket: z.object({ id: z.string(), number: z.number().int() }).nullable(),
  userId: z.string().nullable(),
});
export type InboundMessage = z.infer<typeof InboundMessageSchema>;

export const InboundPageSchema = pageSchema(InboundMessageSchema);
export type InboundPage = z.infer<typeof InboundPageSchema>;

/** POST /api/admin/inbound/:id/release: the client a held message becomes the message of. */
export const ReleaseInboundSchema = z.object({
  userId: z.uuid('Choose the client this message is from'),
});
export type ReleaseInbound = z.infer<typeof ReleaseInboundSchema>;

/** The query parameters the inbound log keeps in its URL. */
export const INBOUND_LIST_PARAMS = ['q', 'state', 'page', 'pageSize'] as const;
