import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client';
import {
  proposalEvents,
  proposals,
  proposalVersions,
  type ProposalEventRow,
  type ProposalRow,
  type ProposalVersionRow,
} from '../../db/schema';

/** Where a proposal's sealed agreement is in the file store, and its SHA-256. */
export interface AgreementFile {
  key: string;
  sha256: string;
}

/** What a signed proposal's agreement is made of, as stored. */
export interface SignedProposalFacts {
  proposal: ProposalRow;
  /** The version the signature binds (proposals.signed_version), frozen. */
  version: ProposalVersionRow | null;
  /** The evidence, oldest first. */
  events: ProposalEventRow[];
}

export function createAgreementsRepository(db: Database) {
  const stored = async (proposalId: string): Promise<AgreementFile | null> => {
    const [row] = await db
      .select({ key: proposals.agreementKey, sha256: proposals.agreementSha256 })
      .from(proposals)
      .where(eq(proposals.id, proposalId));
    return row?.key && row.sha256 ? { key: row.key, sha256: row.sha256 } : null;
  };

  return {
    /** The agreement's file, or null until it is made (or when there is no such proposal). */
    agreement: stored,

    /** The proposal, its signed version and its evidence; null when there is no proposal. */
    async signedFacts(proposalId: string): Promise<SignedProposalFacts | null> {
      const [proposal] = await db.select().from(proposals).where(eq(proposals.id, proposalId));
      if (!proposal) return null;
      const [version] =
        proposal.signedVersion === null
          ? []
          : await db
              .select()
              .from(proposalVersions)
              .where(
                and(
                  eq(proposalVersions.proposalId, proposalId),
                  eq(proposalVersions.version, proposal.signedVersion),
                ),
              );
      const events = await db
        .select()
        .from(proposalEvents)
        .where(eq(proposalEvents.proposalId, proposalId))
        .orderBy(asc(proposalEvents.id));
      return { proposal, version: version ?? null, events };
    },

    /**
     * Records the agreement's file unless one is recorded already: the file recorded, either
     * way (the first of two makers wins, the second uses its file).
     */
    async claim(proposalId: string, file: AgreementFile): Promise<AgreementFile | null> {
      await db
        .update(proposals)
        .set({ agreementKey: file.key, agreementSha256: file.sha256 })
        .where(and(eq(proposals.id, proposalId), isNull(proposals.agreementKey)));
      return stored(proposalId);
    },
  };
}
export type AgreementsRepository = ReturnType<typeof createAgreementsRepository>;
