import { PROPOSAL_MESSAGES, type ProposalInput } from '@shared/schemas/proposals';
import type { ProposalRow } from '../../db/schema';
import type { AuditActor } from '../../lib/audit-trail';
import { AppError } from '../../lib/errors';
import { existingId } from '../../lib/ids';
import type { ProposalDeps } from './proposal-deps';
import { changedContent, contentOf } from './proposal-input';
import type { ProposalSettingsStore } from './proposal-settings';

/** A proposal that can no longer change: signed (or paid) or declined. */
export function assertEditable(row: ProposalRow): void {
  if (row.signedAt || row.status === 'signed' || row.status === 'paid') {
    throw new AppError(409, PROPOSAL_MESSAGES.signedUnchangeable);
  }
  if (row.status === 'declined') throw new AppError(409, PROPOSAL_MESSAGES.declinedUnchangeable);
}

/** The proposal of an admin's URL, or 404. */
export async function findProposal(deps: Pick<ProposalDeps, 'repository'>, id: string) {
  const row = await deps.repository.findById(existingId(id, PROPOSAL_MESSAGES.notFound));
  if (!row) throw new AppError(404, PROPOSAL_MESSAGES.notFound);
  return row;
}

/**
 * The owner edits a proposal until it is signed or declined. A version once frozen (sent, or
 * read by the recipient) never changes: an edit after it makes the next version, which the
 * next send freezes in turn; edits before that send stay in that same version.
 */
export async function updateProposal(
  deps: ProposalDeps,
  settings: ProposalSettingsStore,
  id: string,
  input: ProposalInput,
  actor: AuditActor,
): Promise<ProposalRow> {
  const current = await findProposal(deps, id);
  assertEditable(current);
  const content = await contentOf(deps, settings, input, current);
  const saved = await deps.repository.withLocked(current.id, async (locked) => {
    const { row } = locked;
    assertEditable(row);
    const changed = changedContent(row, content);
    if (changed.length === 0) return row;
    const version = (await locked.frozen(row.version)) ? row.version + 1 : row.version;
    // The link proves control of the address it went to: another address gets another link,
    // and the one sent to the old address opens nothing from now on.
    const readdressed = row.tokenHash !== null && content.recipientEmail !== row.recipientEmail;
    const link = readdressed ? { tokenHash: null, tokenVersion: row.tokenVersion + 1 } : {};
    const updated = await locked.update({ ...content, ...link, version });
    await locked.addEvent({ kind: 'edited', version, detail: `Changed: ${changed.join(', ')}` });
    if (readdressed) {
      await locked.addEvent({
        kind: 'revoked',
        version,
        email: row.recipientEmail,
        detail: `Link to ${row.recipientEmail} revoked: the proposal is now for ${content.recipientEmail}`,
      });
    }
    const pick = (source: ProposalRow) =>
      Object.fromEntries(changed.map((key) => [key, source[key as keyof ProposalRow]]));
    await deps.audit.recordIn(locked.tx, actor, {
      kind: 'proposal.updated',
      targetType: 'proposal',
      targetId: row.id,
      before: { version: row.version, ...pick(row) },
      after: { version, ...pick(updated) },
    });
    return updated;
  });
  if (!saved) throw new AppError(404, PROPOSAL_MESSAGES.notFound);
  return saved.result;
}
