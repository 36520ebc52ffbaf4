import { z } from '../zod';
import { ClientFilterSchema, ListQuerySchema, pageSchema, statusFilter } from './common';
import { TICKET_KINDS } from './updates';

export const TICKET_PRIORITIES = ['low', 'normal', 'high'] as const;
export type TicketPriority = (typeof TICKET_PRIORITIES)[number];
/**
 * waiting_on_client (issue 27, docs/spec-deviations.md): the agency waits for the client, and
 * the response clock is paused until they write.
 */
export const TICKET_STATUSES = ['open', 'in_progress', 'waiting_on_client', 'resolved'] as const;
export type TicketStatus = (typeof TICKET_STATUSES)[number];
const STATUS_ERROR = 'Status must be open, in_progress, waiting_on_client or resolved';
/** Where a ticket message was written. */
export const TICKET_MESSAGE_SOURCES = ['portal', 'admin', 'email'] as const;
export type TicketMessageSource = (typeof TICKET_MESSAGE_SOURCES)[number];

export const CreateTicketSchema = z.object({
  subject: z
    .string({ error: 'Subject is required' })
    .trim()
    .min(1, 'Subject is required')
    .max(255, 'Subject is too long')
    // It becomes an e-mail's subject line and a list row: one line, no control characters.
    .regex(/^[^\p{Cc}\u2028\u2029]*$/u, 'Subject must be one line of text'),
  description: z
    .string({ error: 'Description must be at least 10 characters' })
    .trim()
    .min(10, 'Description must be at least 10 characters')
    .max(5000, 'Description is too long'),
  priority: z
    .enum(TICKET_PRIORITIES, { error: 'Priority must be low, normal or high' })
    .default('normal'),
  /**
   * A website update (counted against the plan's month, issue 28) or a question or problem;
   * a question unless said, so older callers and e-mailed tickets keep working.
   */
  kind: z
    .enum(TICKET_KINDS, { error: 'Choose a website update or a question or problem' })
    .default('question'),
});
export type CreateTicket = z.infer<typeof CreateTicketSchema>;

export const TicketMessageSchema = z.object({
  message: z
    .string({ error: 'Message cannot be empty' })
    .trim()
    .min(1, 'Message cannot be empty')
    .max(5000, 'Message is too long'),
});
export type TicketMessage = z.infer<typeof TicketMessageSchema>;

/** A ticket as the API answers it (GET /api/tickets, /api/tickets/{id}). */
export const TicketSchema = z.object({
  id: z.string(),
  /** What people call it: "#42". */
  number: z.number().int(),
  subject: z.string(),
  description: z.string(),
  priority: z.enum(TICKET_PRIORITIES),
  status: z.enum(TICKET_STATUSES),
  /** A website update (counted against the plan) or a question or problem. */
  kind: z.enum(TICKET_KINDS),
  /** Where it was opened: the portal, or a client's e-mail (whose original the admin can read). */
  source: z.enum(['portal', 'email']),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type Ticket = z.infer<typeof TicketSchema>;

/**
 * A file on a ticket. `url` downloads it (the client's and the admin's differ); `status`:
 * 'ready' to download, 'scanning' while the virus scanner has not judged it (not served yet),
 * 'infected' when a later scan found a virus (never served), 'unscannable' when the scanner
 * erred on it every time it was tried (held for good, never served).
 */
export const AttachmentSchema = z.object({
  id: z.string(),
  filename: z.string(),
  size: z.number().int(),
  contentType: z.string(),
  url: z.string(),
  status: z.enum(['ready', 'scanning', 'infected', 'unscannable']),
  /** Why a file is not ready, in the admin's view only. */
  detail: z.string().optional(),
});
export type Attachment = z.infer<typeof AttachmentSchema>;

/** A file not kept, and why ("larger than 10 MB", "EXE files are not accepted"...). */
export const RefusedFileSchema = z.object({ filename: z.string(), reason: z.string() });
export type RefusedFile = z.infer<typeof RefusedFileSchema>;

/**
 * A file kept under another name than it was sent with: its contents are of a type its name
 * did not say ("statement.bat" holding a PDF is kept as "statement.pdf"), and why.
 */
export const RenamedFileSchema = z.object({
  filename: z.string(),
  keptAs: z.string(),
  reason: z.string(),
});
export type RenamedFile = z.infer<typeof RenamedFileSchema>;

/** GET /api/attachments/limits: what the file pickers check before sending (Settings). */
export const AttachmentLimitsSchema = z.object({
  maxFileBytes: z.number().int(),
  maxMessageBytes: z.number().int(),
  /** The accepted types, for the picker's `accept` and its hint. */
  accept: z.string(),
  acceptedText: z.string(),
});
export type AttachmentLimits = z.infer<typeof AttachmentLimitsSchema>;

export const TicketMessageEntrySchema = z.object({
  id: z.string(),
  message: z.string(),
  isAdminReply: z.boolean(),
  source: z.enum(TICKET_MESSAGE_SOURCES),
  createdAt: z.iso.datetime(),
  attachments: z.array(AttachmentSchema),
});
export type TicketMessageEntry = z.infer<typeof TicketMessageEntrySchema>;

export const TicketDetailSchema = z.object({
  ticket: TicketSchema,
  /** The files sent with the opening request (the description). */
  attachments: z.array(AttachmentSchema),
  messages: z.array(TicketMessageEntrySchema),
});
export type TicketDetail = z.infer<typeof TicketDetailSchema>;

/** POST /api/tickets: the new ticket, and the files not kept with it or kept renamed. */
export const CreatedTicketSchema = TicketSchema.extend({
  refused: z.array(RefusedFileSchema),
  renamed: z.array(RenamedFileSchema),
});
export type CreatedTicket = z.infer<typeof CreatedTicketSchema>;

/** POST /api/tickets/{id}/messages: the ticket as it is now, and the files not kept or renamed. */
export const TicketMessageResultSchema = TicketDetailSchema.extend({
  refused: z.array(RefusedFileSchema),
  renamed: z.array(RenamedFileSchema),
});
export type TicketMessageResult = z.infer<typeof TicketMessageResultSchema>;

/** The admin's view of a ticket: whose it is. */
export const AdminTicketSchema = TicketSchema.extend({
  client: z.object({
    id: z.string(),
    name: z.string().nullable(),
    /** For a saved reply's {{firstName}}. */
    firstName: z.string().nullable(),
    email: z.string().nullable(),
  }),
  /** The client's plan when the ticket was opened: its response targets apply. */
  planAtOpen: z.string().nullable(),
  /** When the answer owed now is due; null when none is owed, paused or resolved. */
  responseDueAt: z.iso.datetime().nullable(),
  firstResponseAt: z.iso.datetime().nullable(),
});
export type AdminTicket = z.infer<typeof AdminTicketSchema>;

export const AdminTicketDetailSchema = z.object({
  ticket: AdminTicketSchema,
  attachments: z.array(AttachmentSchema),
  messages: z.array(TicketMessageEntrySchema),
});
export type AdminTicketDetail = z.infer<typeof AdminTicketDetailSchema>;

/** POST /api/admin/tickets/{id}/messages: the ticket as it is now, and the files not kept or renamed. */
export const AdminReplyResultSchema = AdminTicketDetailSchema.extend({
  refused: z.array(RefusedFileSchema),
  renamed: z.array(RenamedFileSchema),
});
export type AdminReplyResult = z.infer<typeof AdminReplyResultSchema>;

/** GET /api/admin/tickets/summary: the tickets waiting for the agency. */
export const TicketSummarySchema = z.object({ open: z.number().int() });
export type TicketSummary = z.infer<typeof TicketSummarySchema>;

/** The orders of the support list besides the default (latest activity first). */
export const TICKET_SORTS = ['due'] as const;
export type TicketSort = (typeof TICKET_SORTS)[number];

/**
 * GET /api/admin/tickets?q=&status=&client=&sort=&page=&pageSize=: q looks in the subject and the
 * client's name, e-mail and business; most recent activity first.
 */
export const AdminTicketListQuerySchema = ListQuerySchema.extend({
  status: statusFilter(TICKET_STATUSES, STATUS_ERROR),
  client: ClientFilterSchema,
  /** due: the answer due soonest first (nothing owed last); unset: latest activity first. */
  sort: statusFilter(TICKET_SORTS, 'Sort must be due'),
});
export type AdminTicketListQuery = z.infer<typeof AdminTicketListQuerySchema>;
export const ADMIN_TICKET_LIST_PARAMS = [
  'q',
  'status',
  'client',
  'sort',
  'page',
  'pageSize',
] as const;
export const AdminTicketPageSchema = pageSchema(AdminTicketSchema);
export type AdminTicketPage = z.infer<typeof AdminTicketPageSchema>;

/** GET /api/tickets/summary: how many of the client's tickets are not resolved yet. */
export const ClientTicketSummarySchema = z.object({ unresolved: z.number().int() });
export type ClientTicketSummary = z.infer<typeof ClientTicketSummarySchema>;

/** GET /api/tickets?page=&pageSize=: the client's own tickets, newest first. */
export const TicketListQuerySchema = ListQuerySchema.pick({ page: true, pageSize: true });
export const TicketPageSchema = pageSchema(TicketSchema);
export type TicketPage = z.infer<typeof TicketPageSchema>;

/**
 * POST /api/admin/tickets/{id}/messages: the reply, and optionally the status it leaves the
 * ticket in (without one, a reply to an open ticket moves it to in_progress).
 */
export const AdminReplySchema = TicketMessageSchema.extend({
  status: z.enum(TICKET_STATUSES, { error: STATUS_ERROR }).optional(),
});
export type AdminReply = z.infer<typeof AdminReplySchema>;

/**
 * PATCH /api/admin/tickets/{id}: its status, its kind (an update the client filed as a
 * question, or one that came by e-mail, counts once the admin says so), or both.
 */
export const UpdateTicketStatusSchema = z
  .object({
    status: z.enum(TICKET_STATUSES, { error: STATUS_ERROR }).optional(),
    kind: z.enum(TICKET_KINDS, { error: 'Kind must be update or question' }).optional(),
  })
  .refine((change) => change.status !== undefined || change.kind !== undefined, {
    message: 'Choose a status or a kind',
  });
export type UpdateTicketStatus = z.infer<typeof UpdateTicketStatusSchema>;
