import { asc, count, eq, sql } from 'drizzle-orm';
import type { SavedReplyInput } from '@shared/schemas/saved-replies';
import type { Database } from '../../db/client';
import { savedReplies } from '../../db/schema';
import { searchText, textContains } from '../../db/search';

const savedReplySearchText = searchText(savedReplies.title, savedReplies.body);

export function createSavedReplyRepository(db: Database) {
  return {
    /** One page by title, A to Z, and how many match. */
    async list({ q, limit, offset }: { q: string; limit: number; offset: number }) {
      const where = q ? textContains(savedReplySearchText, q) : undefined;
      const [rows, [counted]] = await Promise.all([
        db
          .select()
          .from(savedReplies)
          .where(where)
          .orderBy(asc(savedReplies.title), asc(savedReplies.id))
          .limit(limit)
          .offset(offset),
        db.select({ value: count() }).from(savedReplies).where(where),
      ]);
      return { rows, total: counted?.value ?? 0 };
    },

    async find(id: string) {
      const [row] = await db.select().from(savedReplies).where(eq(savedReplies.id, id));
      return row ?? null;
    },

    async create(input: SavedReplyInput) {
      const [row] = await db.insert(savedReplies).values(input).returning();
      if (!row) throw new Error('Saved reply insert returned no row');
      return row;
    },

    async update(id: string, input: SavedReplyInput) {
      const [row] = await db
        .update(savedReplies)
        .set({ ...input, updatedAt: sql`now()` })
        .where(eq(savedReplies.id, id))
        .returning();
      return row ?? null;
    },

    async remove(id: string) {
      const [row] = await db.delete(savedReplies).where(eq(savedReplies.id, id)).returning();
      return row ?? null;
    },
  };
}
export type SavedReplyRepository = ReturnType<typeof createSavedReplyRepository>;
