import { sql } from 'drizzle-orm';
import type { LegalPageId } from '@shared/schemas/legal-pages';
import type { Database } from '../../db/client';
import { legalPages, type LegalPageRow } from '../../db/schema';

/** The owner's texts of /privacy and /terms (settings feature). */
export function createLegalPageRepository(db: Database) {
  return {
    async findAll(): Promise<LegalPageRow[]> {
      return db.select().from(legalPages);
    },

    /** Saves the page's Markdown; null brings back the default text. */
    async save(page: LegalPageId, markdown: string | null): Promise<LegalPageRow> {
      const [row] = await db
        .insert(legalPages)
        .values({ page, markdown })
        .onConflictDoUpdate({ target: legalPages.page, set: { markdown, updatedAt: sql`now()` } })
        .returning();
      if (!row) throw new Error('Legal page upsert returned no row');
      return row;
    },
  };
}
export type LegalPageRepository = ReturnType<typeof createLegalPageRepository>;
