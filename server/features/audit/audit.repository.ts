import { and, count, desc, eq, gte, lt, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { onPage } from '../../db/paging';
import { auditEvents, type AuditEventRow } from '../../db/schema';

export type NewAuditEvent = typeof auditEvents.$inferInsert;

export interface AuditFilter {
  actorEmail?: string;
  kind?: string;
  /** Inclusive lower bound. */
  from?: Date;
  /** Exclusive upper bound. */
  until?: Date;
  limit: number;
  offset: number;
}

export function createAuditRepository(db: Database) {
  return {
    async insert(row: NewAuditEvent): Promise<void> {
      await db.insert(auditEvents).values(row);
    },

    /** One page, newest first, and how many rows match in all (every filter has its index). */
    async list(filter: AuditFilter): Promise<{ rows: AuditEventRow[]; total: number }> {
      const conditions: SQL[] = [];
      if (filter.actorEmail) conditions.push(eq(auditEvents.actorEmail, filter.actorEmail));
      if (filter.kind) conditions.push(eq(auditEvents.kind, filter.kind));
      if (filter.from) conditions.push(gte(auditEvents.createdAt, filter.from));
      if (filter.until) conditions.push(lt(auditEvents.createdAt, filter.until));
      const where = conditions.length ? and(...conditions) : undefined;
      const order = [desc(auditEvents.createdAt), desc(auditEvents.id)];
      const [rows, [counted]] = await Promise.all([
        db
          .select()
          .from(auditEvents)
          .where(onPage(db, auditEvents, auditEvents.id, where, order, filter))
          .orderBy(...order),
        db.select({ value: count() }).from(auditEvents).where(where),
      ]);
      return { rows, total: counted?.value ?? 0 };
    },
  };
}
export type AuditRepository = ReturnType<typeof createAuditRepository>;
