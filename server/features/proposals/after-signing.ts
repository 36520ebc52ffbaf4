import type { ProposalRow } from '../../db/schema';
import type { ProposalDeps } from './proposal-deps';
import { mailOf } from './proposal-views';

/**
 * What follows a signature, each step safe to run again (the upkeep re-runs it for a signed
 * proposal whose steps did not all finish, e.g. a restart between them):
 * 1. the billing: the first invoice, the plan request (its own steps are exactly-once), first
 *    and on its own, so a deposit never waits for the paper;
 * 2. the sealed agreement, made and stored once (agreements.ensure records it);
 * 3. the agreement e-mailed to both parties, once: the 'delivered' event and the two letters
 *    are written in one transaction, and a run that finds the event sends nothing.
 * A step that fails does not stop the others; the run then throws, for the log and the retry.
 */
export async function runAfterSigning(deps: ProposalDeps, proposalId: string): Promise<void> {
  const row = await deps.repository.findById(proposalId);
  if (!row?.signedAt || !row.signerName) return;
  let billing: unknown = null;
  try {
    await deps.billing.settleSigned(proposalId);
  } catch (error) {
    billing = error;
  }
  if (!row.agreementKey) await deps.agreements.ensure(proposalId);
  await deliverAgreement(deps, row);
  if (billing) throw billing;
}

/** The sealed agreement e-mailed to the signer and the owner, once. */
async function deliverAgreement(deps: ProposalDeps, row: ProposalRow): Promise<void> {
  const proposalId = row.id;
  if (!row.signedAt || !row.signerName) return;
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
