import { calendarDateIn } from '@shared/dates';
import {
  OPEN_PROPOSAL_STATUSES,
  PROPOSAL_MESSAGES,
  proposalExpiredMessage,
  type ProposalDocument,
  type ProposalStatus,
  type PublicProposal,
} from '@shared/schemas/proposals';
import type { ProposalRow } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { displayDate } from '../../lib/format';
import { buildProposalDocument, type ProposalAgency } from './proposal-document';
import type { ProposalDeps, Visitor } from './proposal-deps';
import type { ProposalSettingsStore } from './proposal-settings';
import type { LockedProposal } from './proposals.repository';
import { mailOf } from './proposal-views';
import { frozenCurrent } from './send-proposal';

export const isOpen = (status: ProposalStatus) =>
  (OPEN_PROPOSAL_STATUSES as readonly ProposalStatus[]).includes(status);

/** The proposal a link opens: 404 for a forged, revoked or never sent one. */
export async function openedBy(deps: Pick<ProposalDeps, 'repository' | 'tokens'>, token: string) {
  const hash = deps.tokens.lookupHash(token);
  const row = hash ? await deps.repository.findByTokenHash(hash) : null;
  if (!row) throw new AppError(404, PROPOSAL_MESSAGES.linkNotValid);
  return row;
}

/**
 * 410 for a proposal past its valid-until date unsigned (in the business's calendar), whether
 * the daily upkeep has marked it expired yet or not: the message says whom to ask.
 */
export function assertNotExpired(
  deps: Pick<ProposalDeps, 'now' | 'timeZone'>,
  row: ProposalRow,
  agency: ProposalAgency,
): void {
  const lapsed = isOpen(row.status) && row.validUntil < calendarDateIn(deps.now(), deps.timeZone);
  if (row.status === 'expired' || lapsed) {
    throw new AppError(
      410,
      proposalExpiredMessage(displayDate(row.validUntil, deps.timeZone), agency.name, agency.email),
    );
  }
}

/** Why a signature or a decline cannot be taken now (409, 410), read on the locked row. */
export function assertAnswerable(
  deps: ProposalDeps,
  locked: LockedProposal,
  opened: ProposalRow,
  agency: ProposalAgency,
): void {
  const { row } = locked;
  // Revoked between the look-up and the lock: the link is no longer this proposal's.
  if (row.tokenHash !== opened.tokenHash) throw new AppError(404, PROPOSAL_MESSAGES.linkNotValid);
  if (row.signedAt || row.status === 'signed' || row.status === 'paid') {
    throw new AppError(409, PROPOSAL_MESSAGES.alreadySigned);
  }
  if (row.status === 'declined') throw new AppError(409, PROPOSAL_MESSAGES.alreadyDeclined);
  assertNotExpired(deps, row, agency);
}

/** What the recipient's page shows. */
export async function toPublicProposal(
  deps: Pick<ProposalDeps, 'billing'>,
  settings: ProposalSettingsStore,
  row: ProposalRow,
  document: ProposalDocument,
): Promise<PublicProposal> {
  return {
    status: row.status,
    document,
    consent: await settings.consent(),
    signedAt: row.signedAt?.toISOString() ?? null,
    signerName: row.signerName,
    declinedAt: row.declinedAt?.toISOString() ?? null,
    payment: row.signedAt ? await deps.billing.payment(row.id) : null,
  };
}

/** The document a settled proposal shows: the version signed (or the last one out). */
async function settledDocument(deps: ProposalDeps, row: ProposalRow, agency: ProposalAgency) {
  const frozen = await deps.repository.version(row.id, row.signedVersion ?? row.version);
  return frozen?.document ?? buildProposalDocument(row, agency);
}

/**
 * GET /api/proposals/{token}: the current version, frozen as it is read. The first view sets
 * viewedAt, moves sent to viewed and tells the owner once; each version's first view is
 * evidence (IP, user agent).
 */
export async function viewProposal(
  deps: ProposalDeps,
  settings: ProposalSettingsStore,
  token: string,
  visitor: Visitor,
): Promise<PublicProposal> {
  const found = await openedBy(deps, token);
  const agency = await deps.agency();
  assertNotExpired(deps, found, agency);
  if (!isOpen(found.status)) {
    return toPublicProposal(deps, settings, found, await settledDocument(deps, found, agency));
  }
  const seen = await deps.repository.withLocked(found.id, async (locked) => {
    const { row } = locked;
    const frozen = await frozenCurrent(locked, agency);
    if (!isOpen(row.status)) return { row, document: frozen.document, first: false };
    const first = row.viewedAt === null;
    const updated = first ? await locked.update({ viewedAt: deps.now(), status: 'viewed' }) : row;
    if (!(await locked.hasEvent('viewed', row.version))) {
      await locked.addEvent({
        kind: 'viewed',
        version: row.version,
        ip: visitor.ip,
        userAgent: visitor.userAgent,
        documentSha256: frozen.documentSha256,
      });
    }
    return { row: updated, document: frozen.document, first };
  });
  if (!seen) throw new AppError(404, PROPOSAL_MESSAGES.linkNotValid);
  const { row, document, first } = seen.result;
  if (first) deps.mail.proposalOpened(mailOf(row), row.viewedAt ?? deps.now());
  return toPublicProposal(deps, settings, row, document);
}
