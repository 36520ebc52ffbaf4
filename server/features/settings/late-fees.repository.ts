import type { LateFeeSettings } from '@shared/schemas/late-fees';
import type { Database } from '../../db/client';
import { settings } from '../../db/schema';
import { saveSettingsColumns, theSettingsRecord } from '../../db/settings-record';

const lateFeeColumns = {
  enabled: settings.lateFeeEnabled,
  kind: settings.lateFeeKind,
  amountCents: settings.lateFeeAmountCents,
  percent: settings.lateFeePercentThousandths,
  graceDays: settings.lateFeeGraceDays,
  taxable: settings.lateFeeTaxable,
  enabledAt: settings.lateFeeEnabledAt,
};

/** The terms with when they were turned on: only invoices sent since then are charged. */
export type LateFeeTerms = LateFeeSettings & { enabledAt: Date | null };

/** The late-fee terms (issue 39), kept on the one settings record; percent in thousandths. */
export function createLateFeeSettingsRepository(db: Database) {
  return {
    async find(): Promise<LateFeeTerms | undefined> {
      const [row] = await db.select(lateFeeColumns).from(settings).where(theSettingsRecord);
      return row;
    },

    /**
     * Saved on the settings record; made with the default business details when there is none
     * yet, marked as not holding the owner's details (the set-up checklist still asks for them).
     */
    async save(values: LateFeeSettings, enabledAt: Date | null): Promise<LateFeeTerms> {
      const columns = {
        lateFeeEnabled: values.enabled,
        lateFeeKind: values.kind,
        lateFeeAmountCents: values.amountCents,
        lateFeePercentThousandths: values.percent,
        lateFeeGraceDays: values.graceDays,
        lateFeeTaxable: values.taxable,
        lateFeeEnabledAt: enabledAt,
      };
      const row = await saveSettingsColumns(db, columns);
      return {
        enabled: row.lateFeeEnabled,
        kind: row.lateFeeKind,
        amountCents: row.lateFeeAmountCents,
        percent: row.lateFeePercentThousandths,
        graceDays: row.lateFeeGraceDays,
        taxable: row.lateFeeTaxable,
        enabledAt: row.lateFeeEnabledAt,
      };
    },
  };
}
export type LateFeeSettingsRepository = ReturnType<typeof createLateFeeSettingsRepository>;
