import { DEFAULT_UPDATE_ALLOWANCE, type UpdateAllowanceSettings } from '@shared/schemas/updates';
import { changedFields, type AuditActor, type AuditTrail } from '../../lib/audit-trail';
import type { UpdateAllowanceRepository } from './update-allowance.repository';

function withDefaults(saved: UpdateAllowanceSettings | undefined): UpdateAllowanceSettings {
  if (!saved) return DEFAULT_UPDATE_ALLOWANCE;
  return { extraUpdatePriceCents: saved.extraUpdatePriceCents };
}

/**
 * The price of a website update beyond a plan's month (Settings, issue 28): $75.00 until the
 * owner saves it. Each plan's updates per month are on the plan (issue 37).
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
