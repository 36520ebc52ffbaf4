import type {
  ClientAgreementList,
  DeclineProposal,
  ProposalInput,
  ProposalListQuery,
  ProposalPage,
  ProposalSaved,
  ProposalSettings,
  ProposalStats,
  PublicProposal,
  SignProposal,
} from '@shared/schemas/proposals';
import { PROPOSAL_MESSAGES } from '@shared/schemas/proposals';
import { pageOffset } from '@shared/schemas/common';
import type { ProposalRow } from '../../db/schema';
import type { AuditActor } from '../../lib/audit-trail';
import { AppError } from '../../lib/errors';
import { existingId } from '../../lib/ids';
import { runAfterSigning } from './after-signing';
import { createProposal } from './create-proposal';
import { declineProposal } from './decline-proposal';
import type { ProposalDeps, Visitor } from './proposal-deps';
import { createProposalSettings } from './proposal-settings';
import { proposalStats } from './proposal-stats';
import { createProposalUpkeep } from './proposal-upkeep';
import { toDetail, toProposal } from './proposal-views';
import { deleteProposal, revokeProposal } from './revoke-proposal';
import { sendProposal } from './send-proposal';
import { signProposal } from './sign-proposal';
import { findProposal, updateProposal } from './update-proposal';
import { openedBy, viewProposal } from './view-proposal';
import { agreementFilename } from './proposals.emails';

export type {
  AgreementStore,
  ProposalAudit,
  ProposalBilling,
  ProposalDeps,
  Visitor,
} from './proposal-deps';
export { proposalDocumentHash } from './proposal-document';

/** A PDF to download: its bytes and the name it is saved under. */
export interface AgreementFile {
  pdf: Buffer;
  filename: string;
}

/**
 * Proposals (issue 38, docs/proposals.md): written, sent, read, signed or declined, sealed,
 * billed. Each use case is its own file; this wires them.
 */
export function createProposalService(deps: ProposalDeps) {
  const settings = createProposalSettings(deps.repository, deps.audit);
  const afterSigning = (id: string) => runAfterSigning(deps, id);
  const upkeep = createProposalUpkeep(deps, settings, afterSigning);

  async function saved(row: ProposalRow): Promise<ProposalSaved> {
    return { proposal: toDetail(row, await deps.repository.events(row.id)) };
  }

  async function agreement(row: ProposalRow): Promise<AgreementFile> {
    const pdf = row.signedAt ? await deps.agreements.read(row.id) : null;
    if (!pdf) throw new AppError(404, PROPOSAL_MESSAGES.noAgreement);
    return { pdf, filename: agreementFilename(row) };
  }

  return {
    settings,

    create: async (input: ProposalInput, actor: AuditActor) =>
      saved(await createProposal(deps, settings, input, actor)),

    update: async (id: string, input: ProposalInput, actor: AuditActor) =>
      saved(await updateProposal(deps, settings, id, input, actor)),

    send: async (id: string, actor: AuditActor) => saved(await sendProposal(deps, id, actor)),

    revoke: async (id: string, actor: AuditActor) => saved(await revokeProposal(deps, id, actor)),

    remove: (id: string, actor: AuditActor) => deleteProposal(deps, id, actor),

    detail: async (id: string) => (await saved(await findProposal(deps, id))).proposal,

    async list({ q, status, client, page, pageSize }: ProposalListQuery): Promise<ProposalPage> {
      const { rows, total } = await deps.repository.list({
        q,
        status,
        userId: client,
        limit: pageSize,
        offset: pageOffset({ page, pageSize }),
      });
      return { items: rows.map(toProposal), total, page, pageSize };
    },

    stats: (): Promise<ProposalStats> => proposalStats(deps),

    getSettings: (): Promise<ProposalSettings> => settings.get(),
    saveSettings: (values: ProposalSettings, actor: AuditActor) => settings.save(values, actor),

    /** The sealed agreement, for the admin: 404 until signed. */
    adminAgreement: async (id: string) => agreement(await findProposal(deps, id)),

    // The recipient's link (no sign-in).
    view: (token: string, visitor: Visitor): Promise<PublicProposal> =>
      viewProposal(deps, settings, token, visitor),
    sign: (token: string, input: SignProposal, visitor: Visitor) =>
      signProposal(deps, settings, afterSigning, token, input, visitor),
    decline: (token: string, input: DeclineProposal, visitor: Visitor) =>
      declineProposal(deps, settings, token, input, visitor),
    linkAgreement: async (token: string) => agreement(await openedBy(deps, token)),
    /** The proposal a link opens (404 for none): the deposit's route pays its first invoice. */
    proposalIdOf: async (token: string) => (await openedBy(deps, token)).id,

    // The client's portal.
    async mine(userId: string): Promise<ClientAgreementList> {
      const rows = await deps.repository.signedOf(userId);
      return {
        items: rows.map((row) => ({
          id: row.id,
          title: row.title,
          signedAt: row.signedAt!.toISOString(),
          signerName: row.signerName ?? row.recipientName,
          pdfUrl: `/api/proposals/mine/${row.id}/pdf`,
        })),
      };
    },
    async myAgreement(userId: string, id: string): Promise<AgreementFile> {
      const row = await deps.repository.findById(existingId(id, PROPOSAL_MESSAGES.notFound));
      if (!row || row.userId !== userId) throw new AppError(404, PROPOSAL_MESSAGES.notFound);
      return agreement(row);
    },

    /** The after-signing steps of one proposal (idempotent). */
    afterSigning,
    /** The daily run: expiries, reminders, unfinished after-signing steps. */
    runUpkeep: () => upkeep.run(),
  };
}
export type ProposalService = ReturnType<typeof createProposalService>;
