import { thousandthsToPercent } from '@shared/tax';
import {
  lateFeeTerms,
  LateFeeSettingsSchema,
  type LateFeeSettings,
  type LateFeeSettingsView,
} from '@shared/schemas/late-fees';
import { changedFields, type AuditActor, type AuditTrail } from '../../lib/audit-trail';
import type { LateFeeSettingsRepository, LateFeeTerms } from './late-fees.repository';

/** Off, $25.00 after 15 days: the schema's defaults until the owner saves them. */
const DEFAULT_LATE_FEES: LateFeeTerms = { ...LateFeeSettingsSchema.parse({}), enabledAt: null };

function toView({ enabled, kind, amountCents, percent, graceDays, taxable }: LateFeeSettings) {
  const view: LateFeeSettingsView = {
    enabled,
    kind,
    amountCents,
    percent: thousandthsToPercent(percent),
    graceDays,
    taxable,
  };
  return view;
}

/**
 * The late-fee terms of Settings (issue 39): what the daily billing run charges once per
 * overdue invoice when its grace period ends, and the sentence every invoice prints while
 * they are on.
 */
export function createLateFeeSettings({
  repository,
  audit,
  now,
}: {
  repository: LateFeeSettingsRepository;
  audit: AuditTrail;
  now: () => Date;
}) {
  async function get(): Promise<LateFeeTerms> {
    return (await repository.find()) ?? DEFAULT_LATE_FEES;
  }
  return {
    /**
     * The terms in force (percent in thousandths) and since when, as the billing run reads
     * them.
     */
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
      const current = await get();
      const before = toView(current);
      // Turning fees on starts the clock; saving them on again keeps it; off forgets it.
      const enabledAt = values.enabled ? (current.enabledAt ?? now()) : null;
      const after = toView(await repository.save(values, enabledAt));
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
