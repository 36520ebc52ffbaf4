import crypto from 'node:crypto';
import { PROPOSAL_MESSAGES } from '@shared/schemas/proposals';
import { AppError } from '../../lib/errors';
import { newStorageKey, type FileStorage } from '../../lib/file-storage';
import { renderAgreement, type AgreementEvidence, type AgreementIssuer } from './agreement-pdf';
import type {
  AgreementFile,
  AgreementsRepository,
  SignedProposalFacts,
} from './agreements.repository';
import type { PdfSealer } from './pdf-seal';

/** 409 of an agreement asked for before the proposal is signed. */
export const AGREEMENT_NOT_SIGNED = 'Only a signed proposal has an agreement';

export interface Agreements {
  /**
   * The signed proposal's sealed agreement: made, sealed and stored the first time, the same
   * file every time after (and when two processes make it at once, the first one stored).
   */
  ensure(proposalId: string): Promise<AgreementFile>;
  /** The sealed agreement's bytes; null until `ensure` made it. */
  read(proposalId: string): Promise<Buffer | null>;
}

const PNG_DATA_URL_PREFIX = 'data:image/png;base64,';

function sha256(bytes: Buffer): string {
  return crypto.createHash('sha256').update(bytes).digest('hex');
}

/** The evidence up to the signature: what came after it (invoiced, paid) is not part of it. */
function evidenceOf(facts: SignedProposalFacts) {
  const signedAt = facts.events.findLastIndex((event) => event.kind === 'signed');
  const signed = facts.events[signedAt];
  if (!signed) throw new Error(`Proposal ${facts.proposal.id} is signed but has no signed event`);
  const trail = facts.events.slice(0, signedAt + 1);
  const sentTo = trail.findLast(
    (event) => event.email && ['sent', 'reminded'].includes(event.kind),
  );
  return {
    signed,
    sentTo: sentTo?.email ?? facts.proposal.recipientEmail,
    events: trail.map((event): AgreementEvidence => ({
      kind: event.kind,
      at: event.occurredAt,
      version: event.version,
      email: event.email,
      ip: event.ip,
      userAgent: event.userAgent,
      detail: event.detail,
    })),
  };
}

/**
 * The signed agreements (issue 38): the PDF of the version signed, with the signature and the
 * certificate page, sealed once and kept in the file store (`agreements/`), so every download,
 * e-mail and portal copy is the same file, whose SHA-256 the proposal keeps.
 */
export function createAgreements({
  repository,
  files,
  sealer,
  issuer,
}: {
  repository: AgreementsRepository;
  files: FileStorage;
  sealer: PdfSealer;
  issuer: () => Promise<AgreementIssuer>;
}): Agreements {
  const making = new Map<string, Promise<AgreementFile>>();

  async function make(proposalId: string): Promise<AgreementFile> {
    const facts = await repository.signedFacts(proposalId);
    if (!facts) throw new AppError(404, PROPOSAL_MESSAGES.notFound);
    const { proposal, version } = facts;
    if (!proposal.signedAt || !proposal.signerName || !version) {
      throw new AppError(409, AGREEMENT_NOT_SIGNED);
    }
    const evidence = evidenceOf(facts);
    const drawn = proposal.signatureDrawn?.startsWith(PNG_DATA_URL_PREFIX)
      ? Buffer.from(proposal.signatureDrawn.slice(PNG_DATA_URL_PREFIX.length), 'base64')
      : null;
    const rendered = await renderAgreement({
      issuer: await issuer(),
      reference: proposal.id,
      document: version.document,
      documentSha256: version.documentSha256,
      signerName: proposal.signerName,
      signature: { drawn, typed: proposal.signatureTyped },
      signedAt: proposal.signedAt,
      sentTo: evidence.sentTo,
      events: evidence.events,
      consent: {
        text: evidence.signed.consentText ?? '',
        sha256: evidence.signed.consentSha256 ?? '',
      },
    });
    const sealed = await sealer.seal(
      rendered,
      `${proposal.signerName} signed "${version.document.title}" (version ${version.version})`,
    );
    const file = { key: newStorageKey(), sha256: sha256(sealed) };
    await files.put(file.key, sealed, 'application/pdf');
    const kept = await repository.claim(proposalId, file);
    if (kept?.key !== file.key) await files.delete(file.key);
    if (!kept) throw new AppError(404, PROPOSAL_MESSAGES.notFound);
    return kept;
  }

  return {
    async ensure(proposalId) {
      const existing = await repository.agreement(proposalId);
      if (existing) return existing;
      // One maker per proposal in this process; the database settles it between processes.
      let pending = making.get(proposalId);
      if (!pending) {
        pending = make(proposalId).finally(() => making.delete(proposalId));
        making.set(proposalId, pending);
      }
      return pending;
    },

    async read(proposalId) {
      const file = await repository.agreement(proposalId);
      return file ? files.get(file.key) : null;
    },
  };
}
