import { desc } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { consultations, type Consultation } from '../../db/schema';

export function createConsultationRepository(db: Database) {
  return {
    async insert(values: typeof consultations.$inferInsert): Promise<Consultation> {
      const [row] = await db.insert(consultations).values(values).returning();
      if (!row) throw new Error('Consultation insert returned no row');
      return row;
    },

    /** Every request, newest first. */
    async list(): Promise<Consultation[]> {
      return db.select().from(consultations).orderBy(desc(consultations.createdAt));
    },
  };
}
export type ConsultationRepository = ReturnType<typeof createConsultationRepository>;
