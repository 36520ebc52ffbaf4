import { z } from '../zod';
import { ClientFilterSchema, ListQuerySchema, pageSchema, statusFilter } from './common';

export const TICKET_PRIORITIES = ['low', 'normal', 'high'] as const;
export type TicketPriority = (typeof TICKET_PRIORITIES)[number];
export const TICKET_STATUSES = ['open', 'in_progress', 'resolved'] as const;
export type TicketStatus = (typeof TICKET_STATUSES)[number];
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
  /** Where it was opened: the portal, or a client's e-mail (whose original the admin can read). */
  source: z.enum(['portal', 'email']),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type Ticket = z.infer<typeof TicketSchema>;

export const TicketMessageEntrySchema = z.object({
  id: z.string(),
  message: z.string(),
  isAdminReply: z.boolean(),
  source: z.enum(TICKET_MESSAGE_SOURCES),
  createdAt: z.iso.datetime(),
});
export type TicketMessageEntry = z.infer<typeof TicketMessageEntrySchema>;

export const TicketDetailSchema = z.object({
  ticket: TicketSchema,
  messages: z.array(TicketMessageEntrySchema),
});
export type TicketDetail = z.infer<typeof TicketDetailSchema>;

/** The admin's view of a ticket: whose it is. */
export const AdminTicketSchema = TicketSchema.extend({
  client: z.object({
    id: z.string(),
    name: z.string().nullable(),
    email: z.string().nullable(),
  }),
});
export type AdminTicket = z.infer<typeof AdminTicketSchema>;

export const AdminTicketDetailSchema = z.object({
  ticket: AdminTicketSchema,
  messages: z.array(TicketMessageEntrySchema),
});
export type AdminTicketDetail = z.infer<typeof AdminTicketDetailSchema>;

/** GET /api/admin/tickets/summary: the tickets waiting for the agency. */
export const TicketSummarySchema = z.object({ open: z.number().int() });
export type TicketSummary = z.infer<typeof TicketSummarySchema>;

/**
 * GET /api/admin/tickets?q=&status=&client=&page=&pageSize=: q looks in the subject and the
 * client's name, e-mail and business; most recent activity first.
 */
export const AdminTicketListQuerySchema = ListQuerySchema.extend({
  status: statusFilter(TICKET_STATUSES, 'Status must be open, in_progress or resolved'),
  client: ClientFilterSchema,
});
export type AdminTicketListQuery = z.infer<typeof AdminTicketListQuerySchema>;
export const ADMIN_TICKET_LIST_PARAMS = ['q', 'status', 'client', 'page', 'pageSize'] as const;
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
  status: z
    .enum(TICKET_STATUSES, { error: 'Status must be open, in_progress or resolved' })
    .optional(),
});
export type AdminReply = z.infer<typeof AdminReplySchema>;

/** PATCH /api/admin/tickets/{id}. */
export const UpdateTicketStatusSchema = z.object({
  status: z.enum(TICKET_STATUSES, { error: 'Status must be open, in_progress or resolved' }),
});
export type UpdateTicketStatus = z.infer<typeof UpdateTicketStatusSchema>;
