import {
  PROPOSAL_MESSAGES,
  type PublicProposal,
  type SignProposal,
} from '@shared/schemas/proposals';
import { AppError } from '../../lib/errors';
import type { ProposalDeps, Visitor } from './proposal-deps';
import type { ProposalSettingsStore } from './proposal-settings';
import { frozenCurrent } from './send-proposal';
import { assertAnswerable, openedBy, toPublicProposal } from './view-proposal';

/**
 * POST /api/proposals/{token}/sign: in one transaction with the row locked, so of two
 * signatures at once exactly one is taken. The signature binds the version the signer saw
 * (409 when it changed since), and the evidence keeps who, when, from where, what exactly was
 * signed (the frozen version's SHA-256) and the consent agreed to. The after-signing steps
 * (sealed PDF, invoice, e-mails) run after the commit; the upkeep finishes what they left.
 */
export async function signProposal(
  deps: ProposalDeps,
  settings: ProposalSettingsStore,
  afterSigning: (proposalId: string) => Promise<void>,
  token: string,
  input: SignProposal,
  visitor: Visitor,
): Promise<{ status: 'signed'; proposal: PublicProposal }> {
  const opened = await openedBy(deps, token);
  const agency = await deps.agency();
  const consent = await settings.consent();
  const signed = await deps.repository.withLocked(opened.id, async (locked) => {
    assertAnswerable(deps, locked, opened, agency);
    const { row } = locked;
    if (input.version !== row.version || input.consentHash !== consent.hash) {
      throw new AppError(409, PROPOSAL_MESSAGES.changed, { version: row.version });
    }
    const frozen = await frozenCurrent(locked, agency);
    const updated = await locked.update({
      status: 'signed',
      signedAt: deps.now(),
      signedVersion: row.version,
      signerName: input.signerName,
      signatureDrawn: input.signature.drawn ?? null,
      signatureTyped: input.signature.typed || null,
    });
    await locked.addEvent({
      kind: 'signed',
      version: row.version,
      email: row.recipientEmail,
      ip: visitor.ip,
      userAgent: visitor.userAgent,
      documentSha256: frozen.documentSha256,
      consentText: consent.text,
      consentSha256: consent.hash,
      detail: `Signed by ${input.signerName}`,
    });
    return { row: updated, document: frozen.document };
  });
  if (!signed) throw new AppError(404, PROPOSAL_MESSAGES.linkNotValid);
  try {
    await afterSigning(opened.id);
  } catch (error) {
    // Signed is signed: the daily upkeep runs the steps again until they are done.
    deps.logger.error({ err: error, proposalId: opened.id }, 'after-signing steps not finished');
  }
  const row = (await deps.repository.findById(opened.id)) ?? signed.result.row;
  return {
    status: 'signed',
    proposal: await toPublicProposal(deps, settings, row, signed.result.document),
  };
}
