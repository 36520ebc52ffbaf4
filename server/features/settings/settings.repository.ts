import { eq, sql } from 'drizzle-orm';
import type { BusinessSettings } from '@shared/schemas/settings';
import type { Database } from '../../db/client';
import { settings, type Settings } from '../../db/schema';

const SETTINGS_ID = 1;

export function createSettingsRepository(db: Database) {
  return {
    async find(): Promise<Settings | undefined> {
      const [row] = await db.select().from(settings).where(eq(settings.id, SETTINGS_ID));
      return row;
    },

    /** The one record, created on the first save. */
    async save(values: BusinessSettings): Promise<Settings> {
      const [row] = await db
        .insert(settings)
        .values({ id: SETTINGS_ID, ...values, businessDetailsSaved: true })
        .onConflictDoUpdate({
          target: settings.id,
          set: { ...values, businessDetailsSaved: true, updatedAt: sql`now()` },
        })
        .returning();
      if (!row) throw new Error('Settings upsert returned no row');
      return row;
    },
  };
}
export type SettingsRepository = ReturnType<typeof createSettingsRepository>;
