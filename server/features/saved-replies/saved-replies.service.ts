import { pageOffset, type ListQuery } from '@shared/schemas/common';
import type { SavedReply, SavedReplyInput, SavedReplyPage } from '@shared/schemas/saved-replies';
import type { SavedReplyRow } from '../../db/schema';
import type { AuditActor, AuditTrail } from '../../lib/audit-trail';
import { AppError } from '../../lib/errors';
import { existingId } from '../../lib/ids';
import type { SavedReplyRepository } from './saved-replies.repository';

export const SAVED_REPLY_NOT_FOUND = 'Saved reply not found';

function toSavedReply(row: SavedReplyRow): SavedReply {
  return { id: row.id, title: row.title, body: row.body, updatedAt: row.updatedAt.toISOString() };
}

/** The agency's saved replies (Settings), inserted in a ticket's reply box. */
export function createSavedReplyService(repository: SavedReplyRepository, audit: AuditTrail) {
  const checkedId = (id: string) => existingId(id, SAVED_REPLY_NOT_FOUND);
  return {
    async list({ q, page, pageSize }: ListQuery): Promise<SavedReplyPage> {
      const { rows, total } = await repository.list({
        q,
        limit: pageSize,
        offset: pageOffset({ page, pageSize }),
      });
      return { items: rows.map(toSavedReply), total, page, pageSize };
    },

    async create(actor: AuditActor, input: SavedReplyInput): Promise<SavedReply> {
      const row = await repository.create(input);
      await audit.record(actor, {
        kind: 'settings.updated',
        targetType: 'saved_reply',
        targetId: row.id,
        before: {},
        after: { title: row.title },
      });
      return toSavedReply(row);
    },

    async update(actor: AuditActor, id: string, input: SavedReplyInput): Promise<SavedReply> {
      const before = await repository.find(checkedId(id));
      const row = before && (await repository.update(before.id, input));
      if (!before || !row) throw new AppError(404, SAVED_REPLY_NOT_FOUND);
      await audit.record(actor, {
        kind: 'settings.updated',
        targetType: 'saved_reply',
        targetId: row.id,
        before: { title: before.title, body: before.body },
        after: { title: row.title, body: row.body },
      });
      return toSavedReply(row);
    },

    async remove(actor: AuditActor, id: string): Promise<void> {
      const row = await repository.remove(checkedId(id));
      if (!row) throw new AppError(404, SAVED_REPLY_NOT_FOUND);
      await audit.record(actor, {
        kind: 'settings.updated',
        targetType: 'saved_reply',
        targetId: row.id,
        before: { title: row.title },
        after: {},
      });
    },
  };
}
export type SavedReplyService = ReturnType<typeof createSavedReplyService>;
