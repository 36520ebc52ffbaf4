import { z } from '../zod';
import { ListQuerySchema, pageSchema } from './common';

/**
 * The variables a saved reply may hold, filled in when it is inserted in a ticket's reply box:
 * the client's first name, the ticket's number, the link to the ticket in the portal.
 */
export const SAVED_REPLY_VARIABLES = ['firstName', 'ticketNumber', 'portalLink'] as const;
export type SavedReplyVariable = (typeof SAVED_REPLY_VARIABLES)[number];

/** POST /api/admin/saved-replies, PUT /api/admin/saved-replies/{id}. */
export const SavedReplyInputSchema = z.object({
  title: z
    .string({ error: 'Title is required' })
    .trim()
    .min(1, 'Title is required')
    .max(100, 'Title is too long'),
  body: z
    .string({ error: 'Text is required' })
    .trim()
    .min(1, 'Text is required')
    .max(5000, 'Text is too long'),
});
export type SavedReplyInput = z.infer<typeof SavedReplyInputSchema>;

export const SavedReplySchema = SavedReplyInputSchema.extend({
  id: z.string(),
  updatedAt: z.iso.datetime(),
});
export type SavedReply = z.infer<typeof SavedReplySchema>;

/** GET /api/admin/saved-replies?q=&page=&pageSize=: by title, A to Z; q looks in title and text. */
export const SavedReplyListQuerySchema = ListQuerySchema;
export const SAVED_REPLY_LIST_PARAMS = ['q', 'page', 'pageSize'] as const;
export const SavedReplyPageSchema = pageSchema(SavedReplySchema);
export type SavedReplyPage = z.infer<typeof SavedReplyPageSchema>;

/**
 * A saved reply's text with its variables filled in ('{{firstName}}' -> 'Amélie'); an unknown
 * or empty variable is left out rather than shown in braces to the client.
 */
export function fillSavedReply(
  body: string,
  values: Partial<Record<SavedReplyVariable, string | null>>,
): string {
  return body.replace(/\{\{\s*(\w+)\s*\}\}/g, (_match, name: string) =>
    (SAVED_REPLY_VARIABLES as readonly string[]).includes(name)
      ? (values[name as SavedReplyVariable] ?? '')
      : '',
  );
}
