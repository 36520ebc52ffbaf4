import type { UpdateAllowanceSettings } from '@shared/schemas/updates';
import type { Database } from '../../db/client';
import { settings } from '../../db/schema';
import { saveSettingsColumns, theSettingsRecord } from '../../db/settings-record';

const allowanceColumns = {
  extraUpdatePriceCents: settings.extraUpdatePriceCents,
};

/** The price of an extra update, kept on the one settings record (issue 28). */
export function createUpdateAllowanceRepository(db: Database) {
  return {
    async find(): Promise<UpdateAllowanceSettings | undefined> {
      const [row] = await db.select(allowanceColumns).from(settings).where(theSettingsRecord);
      return row;
    },

    /**
     * Saved on the settings record; made with the default business details when there is none
     * yet, marked as not holding the owner's details (the set-up checklist still asks for them).
     */
    async save(values: UpdateAllowanceSettings): Promise<UpdateAllowanceSettings> {
      const row = await saveSettingsColumns(db, values);
      return { extraUpdatePriceCents: row.extraUpdatePriceCents };
    },
  };
}
export type UpdateAllowanceRepository = ReturnType<typeof createUpdateAllowanceRepository>;
