import { z } from 'zod';

export const TICKET_PRIORITIES = ['low', 'normal', 'high'] as const;
export type TicketPriority = (typeof TICKET_PRIORITIES)[number];
export const TICKET_STATUSES = ['open', 'in_progress', 'resolved'] as const;
export type TicketStatus = (typeof TICKET_STATUSES)[number];

export const CreateTicketSchema = z.object({
  subject: z
    .string({ error: 'Subject is required' })
    .trim()
    .min(1, 'Subject is required')
    .max(255, 'Subject is too long'),
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
