import { eq, sql } from 'drizzle-orm';
import { DEFAULT_SETTINGS } from '@shared/constants';
import type { UpdateAllowanceSettings } from '@shared/schemas/updates';
import type { Database } from '../../db/client';
import { settings } from '../../db/schema';

const SETTINGS_ID = 1;

const allowanceColumns = {
  extraUpdatePriceCents: settings.extraUpdatePriceCents,
};

/** The price of an extra update, kept on the one settings record (issue 28). */
export function createUpdateAllowanceRepository(db: Database) {
  return {
    async find(): Promise<UpdateAllowanceSettings | undefined> {
      const [row] = await db
        .select(allowanceColumns)
        .from(settings)
        .where(eq(settings.id, SETTINGS_ID));
      return row;
    },

    /**
     * Saved on the settings record; made with the default business details when there is none
     * yet, marked as not holding the owner's details (the set-up checklist still asks for them).
     */
    async save(values: UpdateAllowanceSettings): Promise<UpdateAllowanceSettings> {
      const [row] = await db
        .insert(settings)
        .values({
          id: SETTINGS_ID,
          businessName: DEFAULT_SETTINGS.businessName,
          businessEmail: DEFAULT_SETTINGS.businessEmail,
          businessDetailsSaved: false,
          ...values,
        })
        .onConflictDoUpdate({ target: settings.id, set: { ...values, updatedAt: sql`now()` } })
        .returning(allowanceColumns);
      if (!row) throw new Error('Update allowance upsert returned no row');
      return row;
    },
  };
}
export type UpdateAllowanceRepository = ReturnType<typeof createUpdateAllowanceRepository>;
