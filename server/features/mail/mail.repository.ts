import { desc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { outboxMessages, type OutboxMessageRow } from '../../db/schema';

export function createMailRepository(db: Database) {
  return {
    async record(values: typeof outboxMessages.$inferInsert): Promise<OutboxMessageRow> {
      const [row] = await db.insert(outboxMessages).values(values).returning();
      if (!row) throw new Error('Outbox insert returned no row');
      return row;
    },

    /** Newest first, without bodies and attachment bytes. */
    async list(limit: number) {
      return db
        .select({
          id: outboxMessages.id,
          toAddress: outboxMessages.toAddress,
          subject: outboxMessages.subject,
          status: outboxMessages.status,
          error: outboxMessages.error,
          createdAt: outboxMessages.createdAt,
        })
        .from(outboxMessages)
        .orderBy(desc(outboxMessages.createdAt))
        .limit(limit);
    },

    async find(id: string): Promise<OutboxMessageRow | null> {
      const [row] = await db.select().from(outboxMessages).where(eq(outboxMessages.id, id));
      return row ?? null;
    },
  };
}
export type MailRepository = ReturnType<typeof createMailRepository>;
