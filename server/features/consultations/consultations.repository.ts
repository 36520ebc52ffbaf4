import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import type { ConsultationStatus } from '@shared/schemas/consultations';
import { accountIdsByEmail } from '../../db/accounts';
import type { Database } from '../../db/client';
import { consultations, consultationSearchText, type Consultation } from '../../db/schema';
import { onPage } from '../../db/paging';
import { textContains } from '../../db/search';

export interface ConsultationFilter {
  q: string;
  status?: ConsultationStatus;
  limit: number;
  offset: number;
}

/** A request as listed: with the client account its e-mail belongs to, if any. */
export type ListedConsultation = Consultation & { clientId: string | null };

export function createConsultationRepository(db: Database) {
  return {
    async insert(values: typeof consultations.$inferInsert): Promise<Consultation> {
      const [row] = await db.insert(consultations).values(values).returning();
      if (!row) throw new Error('Consultation insert returned no row');
      return row;
    },

    async setStatus(id: string, status: ConsultationStatus): Promise<Consultation | null> {
      const [row] = await db
        .update(consultations)
        .set({ status })
        .where(eq(consultations.id, id))
        .returning();
      return row ?? null;
    },

    async countByStatus(status: ConsultationStatus): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(consultations)
        .where(eq(consultations.status, status));
      return row?.n ?? 0;
    },

    /** One page of the requests, newest first, and how many match. */
    async list(filter: ConsultationFilter): Promise<{ rows: ListedConsultation[]; total: number }> {
      const conditions: SQL[] = [];
      if (filter.q) conditions.push(textContains(consultationSearchText, filter.q));
      if (filter.status) conditions.push(eq(consultations.status, filter.status));
      const where = conditions.length ? and(...conditions) : undefined;
      const order = [desc(consultations.createdAt), desc(consultations.id)];
      const [rows, [counted]] = await Promise.all([
        db
          .select()
          .from(consultations)
          .where(onPage(db, consultations, consultations.id, where, order, filter))
          .orderBy(...order),
        db.select({ value: count() }).from(consultations).where(where),
      ]);
      const accounts = await accountIdsByEmail(
        db,
        rows.map((row) => row.email),
      );
      return {
        rows: rows.map((row) => ({
          ...row,
          clientId: accounts.get(row.email.toLowerCase()) ?? null,
        })),
        total: counted?.value ?? 0,
      };
    },
  };
}
export type ConsultationRepository = ReturnType<typeof createConsultationRepository>;
