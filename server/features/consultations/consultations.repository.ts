import { count, desc, eq } from 'drizzle-orm';
import type { ConsultationStatus } from '@shared/schemas/consultations';
import type { Database } from '../../db/client';
import { consultations, type Consultation } from '../../db/schema';

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

    /** Every request, newest first. */
    async list(): Promise<Consultation[]> {
      return db.select().from(consultations).orderBy(desc(consultations.createdAt));
    },
  };
}
export type ConsultationRepository = ReturnType<typeof createConsultationRepository>;
