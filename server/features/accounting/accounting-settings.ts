import { DEFAULT_ACCOUNTS, type AccountingSettings } from '@shared/schemas/exports';
import { changedFields, type AuditActor, type AuditTrail } from '../../lib/audit-trail';
import type { AccountingRepository } from './accounting.repository';

/** The ledger accounts the journal posts to: Xero's default chart until the owner names theirs. */
export async function accountingSettings(
  repository: AccountingRepository,
): Promise<AccountingSettings> {
  return { accounts: { ...DEFAULT_ACCOUNTS, ...(await repository.accounts()) } };
}

export async function saveAccountingSettings(
  deps: { repository: AccountingRepository; audit: AuditTrail },
  values: AccountingSettings,
  actor: AuditActor,
): Promise<AccountingSettings> {
  const before = await accountingSettings(deps.repository);
  await deps.repository.saveAccounts(values.accounts);
  const flat = (settings: AccountingSettings) =>
    Object.fromEntries(
      Object.entries(settings.accounts).map(([key, account]) => [
        key,
        `${account.code} ${account.name}`,
      ]),
    );
  const changes = changedFields(flat(before), flat(values));
  if (Object.keys(changes.after).length > 0) {
    await deps.audit.record(actor, {
      kind: 'settings.updated',
      targetType: 'settings',
      targetId: 'accounting',
      ...changes,
    });
  }
  return accountingSettings(deps.repository);
}
