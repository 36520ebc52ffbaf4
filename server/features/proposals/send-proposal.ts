import { calendarDateIn } from '@shared/dates';
import { PROPOSAL_MESSAGES } from '@shared/schemas/proposals';
import type { ProposalRow } from '../../db/schema';
import type { AuditActor } from '../../lib/audit-trail';
import { AppError } from '../../lib/errors';
import {
  buildProposalDocument,
  proposalDocumentHash,
  type ProposalAgency,
} from './proposal-document';
import type { ProposalDeps } from './proposal-deps';
import { proposalTokenHash } from './proposal-tokens';
import { mailOf } from './proposal-views';
import { proposalUrl } from './proposals.emails';
import type { LockedProposal } from './proposals.repository';
import { findProposal } from './update-proposal';

const UNSENDABLE = new Set(['signed', 'paid', 'declined']);

/** The current version, frozen now unless it already is: what the recipient reads and signs. */
export async function frozenCurrent(locked: LockedProposal, agency: ProposalAgency) {
  const { row } = locked;
  const frozen = await locked.frozen(row.version);
  if (frozen) return frozen;
  const document = buildProposalDocument(row, agency);
  return locked.freeze(document, proposalDocumentHash(document));
}

/**
 * E-mails the recipient the link and marks the proposal sent (one that was opened stays
 * viewed). The version sent is frozen; the send, its evidence, the audit row and the letter
 * are one transaction, the letter handed to the mail server after it. An expired proposal is
 * sent again only once its valid-until date was moved.
 */
export async function sendProposal(
  deps: ProposalDeps,
  id: string,
  actor: AuditActor,
): Promise<ProposalRow> {
  const before = await findProposal(deps, id);
  if (UNSENDABLE.has(before.status)) throw new AppError(409, PROPOSAL_MESSAGES.notSendable);
  // What needs the database outside the transaction is read first (PGlite has one connection).
  const agency = await deps.agency();
  const token = await deps.tokens.tokenOf(before.id, before.tokenVersion);
  const letter = await deps.mail.proposalLink(mailOf(before), proposalUrl(deps.appUrl, token));
  const sent = await deps.repository.withLocked(before.id, async (locked) => {
    const { row } = locked;
    if (UNSENDABLE.has(row.status)) throw new AppError(409, PROPOSAL_MESSAGES.notSendable);
    if (row.validUntil < calendarDateIn(deps.now(), deps.timeZone)) {
      throw new AppError(409, PROPOSAL_MESSAGES.validUntilPassed);
    }
    if (row.tokenVersion !== before.tokenVersion || row.recipientEmail !== before.recipientEmail) {
      throw new AppError(409, 'The proposal changed meanwhile: please send it again');
    }
    const frozen = await frozenCurrent(locked, agency);
    const updated = await locked.update({
      status: row.status === 'viewed' ? 'viewed' : 'sent',
      sentAt: deps.now(),
      tokenHash: proposalTokenHash(token),
      remindedAt: null,
      expiredAt: null,
    });
    await locked.addEvent({
      kind: 'sent',
      version: row.version,
      email: row.recipientEmail,
      documentSha256: frozen.documentSha256,
      detail: `Sent to ${row.recipientEmail}`,
    });
    await deps.audit.recordIn(locked.tx, actor, {
      kind: 'proposal.sent',
      targetType: 'proposal',
      targetId: row.id,
      before: { status: row.status },
      after: { status: updated.status, version: row.version, emailedTo: row.recipientEmail },
    });
    await letter.write(locked.tx);
    return updated;
  });
  if (!sent) throw new AppError(404, PROPOSAL_MESSAGES.notFound);
  await letter.handOver();
  return sent.result;
}
