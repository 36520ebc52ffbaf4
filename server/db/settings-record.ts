import { eq, sql } from 'drizzle-orm';
import { DEFAULT_SETTINGS } from '@shared/constants';
import type { Database } from './client';
import { settings, type Settings } from './schema';

/** The settings table holds one record, this one. */
export const SETTINGS_ID = 1;

/** Where a query reads the one settings record. */
export const theSettingsRecord = eq(settings.id, SETTINGS_ID);

/**
 * Writes some columns of the one settings record, and returns it. A part of Settings saved
 * before the business details makes the record with the default details, marked as not the
 * owner's (the set-up checklist still asks for them).
 */
export async function saveSettingsColumns(
  db: Database,
  columns: Partial<typeof settings.$inferInsert>,
): Promise<Settings> {
  const [row] = await db
    .insert(settings)
    .values({
      id: SETTINGS_ID,
      businessName: DEFAULT_SETTINGS.businessName,
      businessEmail: DEFAULT_SETTINGS.businessEmail,
      businessDetailsSaved: false,
      ...columns,
    })
    .onConflictDoUpdate({ target: settings.id, set: { ...columns, updatedAt: sql`now()` } })
    .returning();
  if (!row) throw new Error('The settings record was not written');
  return row;
}
