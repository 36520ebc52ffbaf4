import { DEFAULT_ESIGN_CONSENT, DEFAULT_PROPOSAL_TERMS } from '@shared/proposal-defaults';
import type { ProposalSettings } from '@shared/schemas/proposals';
import { changedFields, type AuditActor, type AuditTrail } from '../../lib/audit-trail';
import { sha256Hex } from './proposal-document';
import type { ProposalRepository, StoredProposalSettings } from './proposals.repository';

function withDefaults(stored: StoredProposalSettings): ProposalSettings {
  return {
    terms: stored.terms ?? DEFAULT_PROPOSAL_TERMS,
    consentText: stored.consentText ?? DEFAULT_ESIGN_CONSENT,
    reminderDaysBeforeExpiry: stored.reminderDays,
  };
}

/**
 * Settings › Proposals: the terms a new proposal starts with, the consent to sign
 * electronically, and the reminder's days. The product's wording until the owner saves theirs.
 */
export function createProposalSettings(repository: ProposalRepository, audit: AuditTrail) {
  async function get(): Promise<ProposalSettings> {
    return withDefaults(await repository.settings());
  }
  return {
    get,

    /** The consent a signature agrees to now, and its SHA-256 (the evidence keeps both). */
    async consent(): Promise<{ text: string; hash: string }> {
      const { consentText } = await get();
      return { text: consentText, hash: sha256Hex(consentText) };
    },

    /** Saved, and audited with the fields that changed. */
    async save(values: ProposalSettings, actor: AuditActor): Promise<ProposalSettings> {
      const before = await get();
      const after = withDefaults(
        await repository.saveSettings({
          terms: values.terms,
          consentText: values.consentText,
          reminderDays: values.reminderDaysBeforeExpiry,
        }),
      );
      const changes = changedFields(before, after);
      if (Object.keys(changes.after).length > 0) {
        await audit.record(actor, {
          kind: 'settings.updated',
          targetType: 'settings',
          targetId: 'proposals',
          ...changes,
        });
      }
      return after;
    },
  };
}
export type ProposalSettingsStore = ReturnType<typeof createProposalSettings>;
