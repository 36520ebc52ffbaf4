import { thousandthsToPercent } from '@shared/tax';
import {
  lateFeeTerms,
  LateFeeSettingsSchema,
  type LateFeeSettings,
  type LateFeeSettingsView,
} from '@shared/schemas/late-fees';
import { changedFields, type AuditActor, type AuditTrail } from '../../lib/audit-trail';
import type { LateFeeSettingsRepository } from './late-fees.repository';

/** Off, $25.00 after 15 days: the schema's defaults until the owner saves them. */
const DEFAULT_LATE_FEES: LateFeeSettings = LateFeeSettingsSchema.parse({});

function toView(fee: LateFeeSettings): LateFeeSettingsView {
  return { ...fee, percent: thousandthsToPercent(fee.percent) };
}

/**
 * The late-fee terms of Settings (issue 39): what the daily billing run charges once per
 * overdue invoice when its grace period ends, and the sentence every invoice prints while
 * they are on.
 */
export function createLateFeeSettings({
  repository,
  audit,
}: {
  repository: LateFeeSettingsRepository;
  audit: AuditTrail;
}) {
  async function get(): Promise<LateFeeSettings> {
    return (await repository.find()) ?? DEFAULT_LATE_FEES;
  }
  return {
    /** The terms in force (percent in thousandths), as the billing run reads them. */
    get,

    async view(): Promise<LateFeeSettingsView> {
      return toView(await get());
    },

    /** The sentence printed on every invoice, its e-mail and pay page; null while off. */
    async terms(): Promise<string | null> {
      const fee = await get();
      return fee.enabled ? lateFeeTerms(fee) : null;
    },

    /** Saved, and audited with the fields that changed. */
    async save(values: LateFeeSettings, actor: AuditActor): Promise<LateFeeSettingsView> {
      const before = toView(await get());
      const after = toView(await repository.save(values));
      const changes = changedFields(before, after);
      if (Object.keys(changes.after).length > 0) {
        await audit.record(actor, {
          kind: 'settings.updated',
          targetType: 'settings',
          targetId: 'late-fees',
          ...changes,
        });
      }
      return after;
    },
  };
}
export type LateFeeSettingsService = ReturnType<typeof createLateFeeSettings>;
