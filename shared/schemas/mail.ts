import { z } from 'zod';

export const OUTBOX_STATUSES = ['stored', 'sent', 'failed'] as const;

/** GET /api/admin/outbox: one message in the list. */
export const OutboxEntrySchema = z.object({
  id: z.string(),
  toAddress: z.string(),
  subject: z.string(),
  status: z.enum(OUTBOX_STATUSES),
  error: z.string().nullable(),
  createdAt: z.iso.datetime(),
});
export type OutboxEntry = z.infer<typeof OutboxEntrySchema>;

/** GET /api/admin/outbox/{id}: the whole message; attachments are fetched one by one. */
export const OutboxMessageSchema = OutboxEntrySchema.extend({
  fromAddress: z.string(),
  text: z.string(),
  html: z.string().nullable(),
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

/** POST /api/admin/test-email. */
export const TestEmailResultSchema = z.object({
  message: z.string(),
  details: z.string().optional(),
});
export type TestEmailResult = z.infer<typeof TestEmailResultSchema>;
