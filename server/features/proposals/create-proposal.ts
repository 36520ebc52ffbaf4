import type { ProposalInput } from '@shared/schemas/proposals';
import type { ProposalRow } from '../../db/schema';
import type { AuditActor } from '../../lib/audit-trail';
import { totalsOf } from './proposal-document';
import type { ProposalDeps } from './proposal-deps';
import { contentOf } from './proposal-input';
import type { ProposalSettingsStore } from './proposal-settings';

/**
 * The owner writes a proposal: a draft, version 1, for a client or a contact (a lead, a
 * consultation request). The plan's name and price are copied: a later price change never
 * alters it.
 */
export async function createProposal(
  deps: ProposalDeps,
  settings: ProposalSettingsStore,
  input: ProposalInput,
  actor: AuditActor,
): Promise<ProposalRow> {
  const content = await contentOf(deps, settings, input);
  return deps.repository.insert(
    { ...content, status: 'draft', version: 1 },
    { kind: 'created', version: 1, detail: content.title },
    (tx, row) =>
      deps.audit.recordIn(tx, actor, {
        kind: 'proposal.created',
        targetType: 'proposal',
        targetId: row.id,
        before: null,
        after: {
          title: row.title,
          recipientEmail: row.recipientEmail,
          planId: row.planId,
          total: totalsOf(row).oneOff,
          validUntil: row.validUntil,
        },
      }),
  );
}
