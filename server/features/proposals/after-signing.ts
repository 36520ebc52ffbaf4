import type { ProposalDeps } from './proposal-deps';
import { mailOf } from './proposal-views';

/**
 * What follows a signature, each step safe to run again (the upkeep re-runs it for a signed
 * proposal whose steps did not all finish, e.g. a restart between them):
 * 1. the sealed agreement, made and stored once;
 * 2. the billing: the first invoice, the plan request (its own steps are exactly-once);
 * 3. the agreement e-mailed to both parties, once: the 'delivered' event and the two letters
 *    are written in one transaction, and a run that finds the event sends nothing.
 */
export async function runAfterSigning(deps: ProposalDeps, proposalId: string): Promise<void> {
  const row = await deps.repository.findById(proposalId);
  if (!row?.signedAt || !row.signerName) return;
  if (!row.agreementKey) {
    const { key, sha256 } = await deps.agreements.ensure(proposalId);
    await deps.repository.setAgreement(proposalId, key, sha256);
  }
  await deps.billing.settleSigned(proposalId);
  if (await deps.repository.hasEvent(proposalId, 'delivered')) return;
  const pdf = await deps.agreements.read(proposalId);
  if (!pdf) throw new Error(`The sealed agreement of proposal ${proposalId} is missing`);
  const agency = await deps.agency();
  const letters = await deps.mail.agreementSigned(
    { ...mailOf(row), signerName: row.signerName, signedAt: row.signedAt },
    pdf,
  );
  const delivered = await deps.repository.withLocked(proposalId, async (locked) => {
    if (await locked.hasEvent('delivered')) return false;
    await locked.addEvent({
      kind: 'delivered',
      version: row.signedVersion,
      email: row.recipientEmail,
      detail: `Signed agreement e-mailed to ${row.recipientEmail} and ${agency.email}`,
    });
    for (const letter of letters) await letter.write(locked.tx);
    return true;
  });
  if (delivered?.result) {
    for (const letter of letters) await letter.handOver();
  }
}
