import { DEFAULT_UPDATE_ALLOWANCE, type UpdateAllowanceSettings } from '@shared/schemas/updates';
import { changedFields, type AuditActor, type AuditTrail } from '../../lib/audit-trail';
import type { UpdateAllowanceRepository } from './update-allowance.repository';

function withDefaults(saved: UpdateAllowanceSettings | undefined): UpdateAllowanceSettings {
  if (!saved) return DEFAULT_UPDATE_ALLOWANCE;
  return {
    // A plan added after the owner saved gets its default (null, unlimited, is kept as such).
    updatesPerMonth: { ...DEFAULT_UPDATE_ALLOWANCE.updatesPerMonth, ...saved.updatesPerMonth },
    extraUpdatePriceCents: saved.extraUpdatePriceCents,
  };
}

/**
 * The website updates each plan includes per month and the price of one more (Settings,
 * issue 28): Essentials 1, Signature 2, Prestige unlimited, $75.00 until the owner saves them.
 */
export function createUpdateAllowance({
  repository,
  audit,
}: {
  repository: UpdateAllowanceRepository;
  audit: AuditTrail;
}) {
  async function get(): Promise<UpdateAllowanceSettings> {
    return withDefaults(await repository.find());
  }
  return {
    get,

    /** Saved, and audited with the fields that changed. */
    async save(
      values: UpdateAllowanceSettings,
      actor: AuditActor,
    ): Promise<UpdateAllowanceSettings> {
      const before = await get();
      const after = withDefaults(await repository.save(values));
      const changes = changedFields(before, after);
      if (Object.keys(changes.after).length > 0) {
        await audit.record(actor, {
          kind: 'settings.updated',
          targetType: 'settings',
          targetId: 'updates',
          ...changes,
        });
      }
      return after;
    },
  };
}
export type UpdateAllowance = ReturnType<typeof createUpdateAllowance>;
