import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { settings, type Settings } from '../../db/schema';

const SETTINGS_ID = 1;

export function createSettingsRepository(db: Database) {
  return {
    async find(): Promise<Settings | undefined> {
      const [row] = await db.select().from(settings).where(eq(settings.id, SETTINGS_ID));
      return row;
    },
  };
}
export type SettingsRepository = ReturnType<typeof createSettingsRepository>;
