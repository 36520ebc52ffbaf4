import { eq, sql } from 'drizzle-orm';
import type { ResponseTimeSettings } from '@shared/schemas/response-times';
import type { Database } from '../../db/client';
import { responseTimeSettings, type ResponseTimeSettingsRow } from '../../db/schema';

const SETTINGS_ID = 1;

export function createResponseTimeRepository(db: Database) {
  return {
    async find(): Promise<ResponseTimeSettingsRow | undefined> {
      const [row] = await db
        .select()
        .from(responseTimeSettings)
        .where(eq(responseTimeSettings.id, SETTINGS_ID));
      return row;
    },

    /** The one record, created on the first save. */
    async save(values: ResponseTimeSettings): Promise<ResponseTimeSettingsRow> {
      const [row] = await db
        .insert(responseTimeSettings)
        .values({ id: SETTINGS_ID, ...values })
        .onConflictDoUpdate({
          target: responseTimeSettings.id,
          set: { ...values, updatedAt: sql`now()` },
        })
        .returning();
      if (!row) throw new Error('Response time settings upsert returned no row');
      return row;
    },
  };
}
export type ResponseTimeRepository = ReturnType<typeof createResponseTimeRepository>;
