import type { Database } from '../../db/client';
import { consultations, type Consultation } from '../../db/schema';

export function createConsultationRepository(db: Database) {
  return {
    async insert(values: typeof consultations.$inferInsert): Promise<Consultation> {
      const [row] = await db.insert(consultations).values(values).returning();
      if (!row) throw new Error('Consultation insert returned no row');
      return row;
    },
  };
}
export type ConsultationRepository = ReturnType<typeof createConsultationRepository>;
