import crypto from 'node:crypto';
import {
  and,
  asc,
  count,
  countDistinct,
  desc,
  eq,
  gte,
  inArray,
  isNotNull,
  isNull,
  lt,
  lte,
  notExists,
  sql,
  type SQL,
} from 'drizzle-orm';
import {
  OPEN_PROPOSAL_STATUSES,
  type ProposalDocument,
  type ProposalEventKind,
  type ProposalStatus,
} from '@shared/schemas/proposals';
import type { Database } from '../../db/client';
import { onPage } from '../../db/paging';
import { textContains } from '../../db/search';
import { getOrCreateSecret } from '../../db/secrets';
import {
  consultations,
  leadSearches,
  proposalEvents,
  proposalSearchText,
  proposals,
  proposalVersions,
  settings,
  taxRates,
  users,
  type ProposalRow,
  type ProposalVersionRow,
} from '../../db/schema';
import { saveSettingsColumns, theSettingsRecord } from '../../db/settings-record';

export type NewProposal = typeof proposals.$inferInsert;
export type ProposalPatch = Partial<Omit<NewProposal, 'id' | 'createdAt'>>;
export type NewProposalEvent = Omit<typeof proposalEvents.$inferInsert, 'id' | 'proposalId'>;

export interface ProposalFilter {
  q: string;
  status?: ProposalStatus;
  userId?: string;
  limit: number;
  offset: number;
}

/** The settings columns of proposals (null: the product's default wording). */
export interface StoredProposalSettings {
  terms: string | null;
  consentText: string | null;
  reminderDays: number;
}

/** The one-off total of a proposal's items, in SQL (items is a jsonb array). */
const oneOffSql = sql<number>`(select coalesce(sum((item->>'quantity')::bigint * (item->>'unitPrice')::bigint), 0) from jsonb_array_elements(${proposals.items}) as item)`;

/** What a use case may do with a proposal it holds locked, inside one transaction. */
function lockedOps(tx: Database, row: ProposalRow) {
  return {
    row,
    /** The transaction: the audit row and the outbox's letters join it. */
    tx,
    async update(patch: ProposalPatch): Promise<ProposalRow> {
      const [updated] = await tx
        .update(proposals)
        .set({ ...patch, updatedAt: sql`now()` })
        .where(eq(proposals.id, row.id))
        .returning();
      if (!updated) throw new Error(`Proposal ${row.id} vanished while locked`);
      return updated;
    },
    async addEvent(event: NewProposalEvent): Promise<void> {
      await tx.insert(proposalEvents).values({ ...event, proposalId: row.id });
    },
    async hasEvent(kind: ProposalEventKind, version?: number): Promise<boolean> {
      const [found] = await tx
        .select({ id: proposalEvents.id })
        .from(proposalEvents)
        .where(
          and(
            eq(proposalEvents.proposalId, row.id),
            eq(proposalEvents.kind, kind),
            version === undefined ? undefined : eq(proposalEvents.version, version),
          ),
        )
        .limit(1);
      return Boolean(found);
    },
    async frozen(version: number): Promise<ProposalVersionRow | null> {
      const [found] = await tx
        .select()
        .from(proposalVersions)
        .where(and(eq(proposalVersions.proposalId, row.id), eq(proposalVersions.version, version)));
      return found ?? null;
    },
    /** Freezes a version as it is now (once: a version already frozen stays as it was). */
    async freeze(document: ProposalDocument, documentSha256: string): Promise<ProposalVersionRow> {
      await tx
        .insert(proposalVersions)
        .values({ proposalId: row.id, version: document.version, document, documentSha256 })
        .onConflictDoNothing();
      const [stored] = await tx
        .select()
        .from(proposalVersions)
        .where(
          and(
            eq(proposalVersions.proposalId, row.id),
            eq(proposalVersions.version, document.version),
          ),
        );
      if (!stored) throw new Error(`Version ${document.version} of ${row.id} was not frozen`);
      return stored;
    },
  };
}

export type LockedProposal = ReturnType<typeof lockedOps>;

/**
 * The proposals, their frozen versions and their evidence (the only writer of the three), and
 * the few rows of other features a proposal reads: the client it is for, the lead search and
 * the consultation it names, the settings' proposal columns.
 */
export function createProposalRepository(db: Database) {
  return {
    /** The key proposal links are derived with: made once, kept with the other secrets. */
    tokenKey: () =>
      getOrCreateSecret(db, 'proposal-link-key', () => crypto.randomBytes(32).toString('hex')),

    /** A new proposal and its first event, then `also` (the audit row) in the same transaction. */
    async insert(
      values: NewProposal,
      event: NewProposalEvent,
      also: (tx: Database, row: ProposalRow) => Promise<void>,
    ): Promise<ProposalRow> {
      return db.transaction(async (tx) => {
        const [row] = await tx.insert(proposals).values(values).returning();
        if (!row) throw new Error('Proposal insert returned no row');
        await tx.insert(proposalEvents).values({ ...event, proposalId: row.id });
        await also(tx, row);
        return row;
      });
    },

    /**
     * Runs `work` in one transaction with the proposal's row locked (`select … for update`):
     * two signatures, or a signature and an edit, take turns. Null when there is no such
     * proposal.
     */
    async withLocked<T>(
      id: string,
      work: (locked: LockedProposal) => Promise<T>,
    ): Promise<{ result: T } | null> {
      return db.transaction(async (tx) => {
        const [row] = await tx.select().from(proposals).where(eq(proposals.id, id)).for('update');
        if (!row) return null;
        return { result: await work(lockedOps(tx, row)) };
      });
    },

    async findById(id: string): Promise<ProposalRow | null> {
      const [row] = await db.select().from(proposals).where(eq(proposals.id, id));
      return row ?? null;
    },

    async findByTokenHash(tokenHash: string): Promise<ProposalRow | null> {
      const [row] = await db.select().from(proposals).where(eq(proposals.tokenHash, tokenHash));
      return row ?? null;
    },

    async version(id: string, version: number): Promise<ProposalVersionRow | null> {
      const [row] = await db
        .select()
        .from(proposalVersions)
        .where(and(eq(proposalVersions.proposalId, id), eq(proposalVersions.version, version)));
      return row ?? null;
    },

    /** The proposal's evidence, oldest first. */
    events: (id: string) =>
      db
        .select()
        .from(proposalEvents)
        .where(eq(proposalEvents.proposalId, id))
        .orderBy(asc(proposalEvents.id)),

    /** One page of the proposals, newest first, and how many match. */
    async list(filter: ProposalFilter) {
      const conditions: SQL[] = [];
      if (filter.q) conditions.push(textContains(proposalSearchText, filter.q));
      if (filter.status) conditions.push(eq(proposals.status, filter.status));
      if (filter.userId) conditions.push(eq(proposals.userId, filter.userId));
      const where = conditions.length ? and(...conditions) : undefined;
      const order = [desc(proposals.createdAt), desc(proposals.id)];
      const [rows, [counted]] = await Promise.all([
        db
          .select()
          .from(proposals)
          .where(onPage(db, proposals, proposals.id, where, order, filter))
          .orderBy(...order),
        db.select({ value: count() }).from(proposals).where(where),
      ]);
      return { rows, total: counted?.value ?? 0 };
    },

    /** A draft never sent goes, with its events (the trigger lets the cascade through). */
    async deleteUnsentDraft(id: string): Promise<ProposalRow | null> {
      const [row] = await db
        .delete(proposals)
        .where(and(eq(proposals.id, id), eq(proposals.status, 'draft'), isNull(proposals.sentAt)))
        .returning();
      return row ?? null;
    },

    /** The client a proposal is written for: their name, e-mail and business. */
    async client(userId: string) {
      const [row] = await db
        .select({
          id: users.id,
          email: users.email,
          firstName: users.firstName,
          lastName: users.lastName,
          businessName: users.businessName,
        })
        .from(users)
        .where(eq(users.id, userId));
      return row ?? null;
    },

    /** The tax rates of these ids (issue 39), retired ones included: the caller says why not. */
    async taxRates(ids: readonly string[]) {
      if (ids.length === 0) return [];
      return db
        .select({
          id: taxRates.id,
          name: taxRates.name,
          percentThousandths: taxRates.percentThousandths,
          retiredAt: taxRates.retiredAt,
        })
        .from(taxRates)
        .where(inArray(taxRates.id, [...ids]));
    },

    async searchExists(searchId: string): Promise<boolean> {
      const [row] = await db
        .select({ id: leadSearches.id })
        .from(leadSearches)
        .where(eq(leadSearches.id, searchId));
      return Boolean(row);
    },

    async consultationExists(consultationId: string): Promise<boolean> {
      const [row] = await db
        .select({ id: consultations.id })
        .from(consultations)
        .where(eq(consultations.id, consultationId));
      return Boolean(row);
    },

    async settings(): Promise<StoredProposalSettings> {
      const [row] = await db
        .select({
          terms: settings.proposalTerms,
          consentText: settings.esignConsentText,
          reminderDays: settings.proposalReminderDays,
        })
        .from(settings)
        .where(theSettingsRecord);
      return row ?? { terms: null, consentText: null, reminderDays: 3 };
    },

    /** Saved on the settings record (made with the default business details when none yet). */
    async saveSettings(values: StoredProposalSettings): Promise<StoredProposalSettings> {
      const columns = {
        proposalTerms: values.terms,
        esignConsentText: values.consentText,
        proposalReminderDays: values.reminderDays,
      };
      const row = await saveSettingsColumns(db, columns);
      return {
        terms: row.proposalTerms,
        consentText: row.esignConsentText,
        reminderDays: row.proposalReminderDays,
      };
    },

    /** Unsigned proposals out whose last day was before `today`: the upkeep expires them. */
    dueToExpire: (today: string) =>
      db
        .select({ id: proposals.id })
        .from(proposals)
        .where(
          and(inArray(proposals.status, OPEN_PROPOSAL_STATUSES), lt(proposals.validUntil, today)),
        ),

    /**
     * Unsigned proposals out, not reminded since sent, whose last day is between `today` and
     * `lastDay` (today plus the reminder days): the upkeep reminds them.
     */
    dueForReminder: (today: string, lastDay: string) =>
      db
        .select({ id: proposals.id })
        .from(proposals)
        .where(
          and(
            inArray(proposals.status, OPEN_PROPOSAL_STATUSES),
            isNull(proposals.remindedAt),
            isNotNull(proposals.tokenHash),
            gte(proposals.validUntil, today),
            lte(proposals.validUntil, lastDay),
          ),
        ),

    /** Signed proposals whose after-signing steps did not all finish (none delivered yet). */
    unfinishedSigned: () =>
      db
        .select({ id: proposals.id })
        .from(proposals)
        .where(
          and(
            isNotNull(proposals.signedAt),
            notExists(
              db
                .select({ one: sql`1` })
                .from(proposalEvents)
                .where(
                  and(
                    eq(proposalEvents.proposalId, proposals.id),
                    eq(proposalEvents.kind, 'delivered'),
                  ),
                ),
            ),
          ),
        ),

    /** The client's signed proposals, newest first (the portal's agreements). */
    signedOf: (userId: string) =>
      db
        .select()
        .from(proposals)
        .where(and(eq(proposals.userId, userId), isNotNull(proposals.signedAt)))
        .orderBy(desc(proposals.signedAt)),

    /**
     * The dashboard's figures: proposals sent, opened and signed since `monthStart`; signed,
     * declined and expired since `windowStart`; and the open ones' value.
     */
    async stats(monthStart: Date, windowStart: Date) {
      const distinctSince = async (kind: ProposalEventKind, since: Date) => {
        const [row] = await db
          .select({ value: countDistinct(proposalEvents.proposalId) })
          .from(proposalEvents)
          .where(and(eq(proposalEvents.kind, kind), gte(proposalEvents.occurredAt, since)));
        return row?.value ?? 0;
      };
      const settledSince = async (
        column:
          typeof proposals.signedAt | typeof proposals.declinedAt | typeof proposals.expiredAt,
      ) => {
        const [row] = await db
          .select({ value: count() })
          .from(proposals)
          .where(gte(column, windowStart));
        return row?.value ?? 0;
      };
      const [sent, opened, signed, signedInWindow, declined, expired, [open]] = await Promise.all([
        distinctSince('sent', monthStart),
        distinctSince('viewed', monthStart),
        distinctSince('signed', monthStart),
        settledSince(proposals.signedAt),
        settledSince(proposals.declinedAt),
        settledSince(proposals.expiredAt),
        db
          .select({
            value: sql<string>`coalesce(sum(${oneOffSql} + 12 * coalesce(${proposals.planMonthlyCents}, 0)), 0)`,
          })
          .from(proposals)
          .where(inArray(proposals.status, OPEN_PROPOSAL_STATUSES)),
      ]);
      return {
        sent,
        opened,
        signed,
        signedInWindow,
        declined,
        expired,
        openValueCents: Number(open?.value ?? 0),
      };
    },

    /** Whether the proposal's evidence holds an event of this kind (e.g. 'delivered'). */
    async hasEvent(id: string, kind: ProposalEventKind): Promise<boolean> {
      const [row] = await db
        .select({ id: proposalEvents.id })
        .from(proposalEvents)
        .where(and(eq(proposalEvents.proposalId, id), eq(proposalEvents.kind, kind)))
        .limit(1);
      return Boolean(row);
    },
  };
}
export type ProposalRepository = ReturnType<typeof createProposalRepository>;
