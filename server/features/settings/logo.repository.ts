import type { Database } from '../../db/client';
import { settings } from '../../db/schema';
import { saveSettingsColumns, theSettingsRecord } from '../../db/settings-record';

const logoColumns = {
  key: settings.logoKey,
  width: settings.logoWidth,
  height: settings.logoHeight,
  updatedAt: settings.logoUpdatedAt,
};

/** The stored logo: its key in the brand file store and its size in pixels. */
export interface StoredLogo {
  key: string;
  width: number;
  height: number;
  updatedAt: Date;
}

/** The logo on the PDFs, kept on the one settings record (issue 37). */
export function createLogoRepository(db: Database) {
  return {
    async find(): Promise<StoredLogo | null> {
      const [row] = await db.select(logoColumns).from(settings).where(theSettingsRecord);
      if (!row?.key || !row.width || !row.height || !row.updatedAt) return null;
      return { key: row.key, width: row.width, height: row.height, updatedAt: row.updatedAt };
    },

    /**
     * The logo now in use (null: none), on the settings record; made with the default business
     * details when there is none yet, marked as not holding the owner's details.
     */
    async save(logo: StoredLogo | null): Promise<void> {
      const values = {
        logoKey: logo?.key ?? null,
        logoWidth: logo?.width ?? null,
        logoHeight: logo?.height ?? null,
        logoUpdatedAt: logo?.updatedAt ?? null,
      };
      await saveSettingsColumns(db, values);
    },
  };
}
export type LogoRepository = ReturnType<typeof createLogoRepository>;
