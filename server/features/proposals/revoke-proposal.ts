import { PROPOSAL_MESSAGES } from '@shared/schemas/proposals';
import type { ProposalRow } from '../../db/schema';
import type { AuditActor } from '../../lib/audit-trail';
import { AppError } from '../../lib/errors';
import type { ProposalDeps } from './proposal-deps';
import { findProposal } from './update-proposal';

/**
 * The proposal's link stops working: its token version moves on and the hash goes, so the
 * old link is a 404 like a forged one. Sending it again hands out a new link.
 */
export async function revokeProposal(
  deps: ProposalDeps,
  id: string,
  actor: AuditActor,
): Promise<ProposalRow> {
  const before = await findProposal(deps, id);
  const revoked = await deps.repository.withLocked(before.id, async (locked) => {
    const { row } = locked;
    if (!row.tokenHash) throw new AppError(409, PROPOSAL_MESSAGES.noLink);
    const updated = await locked.update({ tokenHash: null, tokenVersion: row.tokenVersion + 1 });
    await locked.addEvent({ kind: 'revoked', version: row.version, detail: 'Link revoked' });
    await deps.audit.recordIn(locked.tx, actor, {
      kind: 'proposal.revoked',
      targetType: 'proposal',
      targetId: row.id,
      before: { link: 'working' },
      after: { link: 'revoked' },
    });
    return updated;
  });
  if (!revoked) throw new AppError(404, PROPOSAL_MESSAGES.notFound);
  await deps.mail.forgetProposalLink(revoked.result.id);
  return revoked.result;
}

/** A draft never sent can go; anything sent stays, with its evidence. */
export async function deleteProposal(
  deps: ProposalDeps,
  id: string,
  actor: AuditActor,
): Promise<void> {
  const before = await findProposal(deps, id);
  const removed = await deps.repository.deleteUnsentDraft(before.id);
  if (!removed) throw new AppError(409, PROPOSAL_MESSAGES.notDeletable);
  await deps.audit.record(actor, {
    kind: 'proposal.deleted',
    targetType: 'proposal',
    targetId: removed.id,
    before: { title: removed.title, recipientEmail: removed.recipientEmail },
    after: null,
  });
}
