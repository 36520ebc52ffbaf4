import {
  PROPOSAL_MESSAGES,
  type DeclineProposal,
  type PublicProposal,
} from '@shared/schemas/proposals';
import { AppError } from '../../lib/errors';
import type { ProposalDeps, Visitor } from './proposal-deps';
import type { ProposalSettingsStore } from './proposal-settings';
import { mailOf } from './proposal-views';
import { frozenCurrent } from './send-proposal';
import { assertAnswerable, openedBy, toPublicProposal } from './view-proposal';

/** POST /api/proposals/{token}/decline: with an optional reason; the owner is told. */
export async function declineProposal(
  deps: ProposalDeps,
  settings: ProposalSettingsStore,
  token: string,
  input: DeclineProposal,
  visitor: Visitor,
): Promise<PublicProposal> {
  const opened = await openedBy(deps, token);
  const agency = await deps.agency();
  const declined = await deps.repository.withLocked(opened.id, async (locked) => {
    assertAnswerable(deps, locked, opened, agency);
    const { row } = locked;
    const reason = input.reason || null;
    const frozen = await frozenCurrent(locked, agency);
    const updated = await locked.update({
      status: 'declined',
      declinedAt: deps.now(),
      declineReason: reason,
    });
    await locked.addEvent({
      kind: 'declined',
      version: row.version,
      email: row.recipientEmail,
      ip: visitor.ip,
      userAgent: visitor.userAgent,
      documentSha256: frozen.documentSha256,
      detail: reason ?? '',
    });
    return { row: updated, document: frozen.document, reason };
  });
  if (!declined) throw new AppError(404, PROPOSAL_MESSAGES.linkNotValid);
  const { row, document, reason } = declined.result;
  deps.mail.proposalDeclined(mailOf(row), reason);
  return toPublicProposal(deps, settings, row, document);
}
