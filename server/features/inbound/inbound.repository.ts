import {
  and,
  asc,
  count,
  desc,
  eq,
  inArray,
  isNotNull,
  isNull,
  lt,
  min,
  notInArray,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import {
  HELD_INBOUND_STATES,
  type InboundAuthentication,
  type InboundState,
  type InboundStateFilter,
  type InboundVia,
} from '@shared/schemas/inbound';
import type { Database } from '../../db/client';
import { onPage } from '../../db/paging';
import {
  inboundHeldDigests,
  inboundMessages,
  inboundSearchText,
  inboundWebhookTokens,
  ticketMessages,
  tickets,
  users,
  type InboundMessageRow,
  type TicketRow,
} from '../../db/schema';
import { textContains } from '../../db/search';
import { NOT_READ_ORIGINAL_GONE } from './raw-messages';

export interface ArrivedMessage {
  messageId: string;
  /** What makes two deliveries one message (message-identity.ts dedupeKeyOf). */
  dedupeKey: string;
  via: InboundVia;
  envelopeFrom: string | null;
  envelopeTo: string[];
  /** The sending server's IP and EHLO name, when the path tells them (SMTP). */
  remoteAddress?: string | null;
  helo?: string | null;
  /** Where the bytes are in the file store (raw-messages.ts), how many, and their hash. */
  rawKey: string;
  size: number;
  rawSha256: string;
}

/** How many bytes of a row's old bytea column one query reads while it moves to the store. */
const LEGACY_SLICE_BYTES = 1024 * 1024;

export function createInboundRepository(db: Database) {
  return {
    /**
     * Logs a message as it arrived, once: a second delivery of the same message (its dedupe
     * key) only counts. `stored` is true for the first delivery, the only one to process.
     */
    async store(message: ArrivedMessage): Promise<{
      id: string;
      stored: boolean;
      /** The copy the row names (on a second delivery, the first one's). */
      rawKey: string | null;
      /** Whether the row's copy was let go on purpose (the retention) or is still to move. */
      rawAccountedFor: boolean;
    }> {
      const [row] = await db
        .insert(inboundMessages)
        .values(message)
        .onConflictDoUpdate({
          target: inboundMessages.dedupeKey,
          set: {
            deliveries: sql`${inboundMessages.deliveries} + 1`,
            lastDeliveredAt: sql`now()`,
          },
        })
        .returning({
          id: inboundMessages.id,
          stored: sql<boolean>`(xmax = 0)`,
          rawKey: inboundMessages.rawKey,
          rawAccountedFor: sql<boolean>`(${inboundMessages.rawRemovedAt} is not null or ${inboundMessages.raw} is not null)`,
        });
      if (!row) throw new Error('Inbound insert returned no row');
      return row;
    },

    /**
     * A later delivery's copy takes the place of the row's, which went missing (an unclear
     * failure of the first delivery); a message failed for it is read again. False when the
     * row changed since (another delivery did it first, or the retention let the copy go).
     */
    async replaceMissingRaw(
      id: string,
      missingKey: string | null,
      copy: { rawKey: string; rawSha256: string; size: number },
    ): Promise<{ readAgain: boolean } | null> {
      const gone = and(
        eq(inboundMessages.state, 'failed'),
        eq(inboundMessages.stateDetail, NOT_READ_ORIGINAL_GONE),
      );
      const [row] = await db
        .update(inboundMessages)
        .set({
          ...copy,
          state: sql`case when ${gone} then 'received' else ${inboundMessages.state} end`,
          stateDetail: sql`case when ${gone} then null else ${inboundMessages.stateDetail} end`,
          processedAt: sql`case when ${gone} then null else ${inboundMessages.processedAt} end`,
        })
        .where(
          and(
            eq(inboundMessages.id, id),
            missingKey === null
              ? isNull(inboundMessages.rawKey)
              : eq(inboundMessages.rawKey, missingKey),
            isNull(inboundMessages.rawRemovedAt),
            isNull(inboundMessages.raw),
          ),
        )
        .returning({ state: inboundMessages.state });
      return row ? { readAgain: row.state === 'received' } : null;
    },

    async find(id: string): Promise<InboundMessageRow | null> {
      const [row] = await db.select().from(inboundMessages).where(eq(inboundMessages.id, id));
      return row ?? null;
    },

    // --- The transports and the inbound log (the admin's list) ---

    /** One page of the inbound log, newest first, and how many match. */
    async list(filter: InboundFilter): Promise<{ rows: ListedInbound[]; total: number }> {
      const conditions: SQL[] = [];
      if (filter.q) {
        conditions.push(textContains(inboundSearchText, filter.q));
      }
      if (filter.state === 'held') {
        conditions.push(inArray(inboundMessages.state, [...HELD_INBOUND_STATES]));
      } else if (filter.state) conditions.push(eq(inboundMessages.state, filter.state));
      const where = conditions.length ? and(...conditions) : undefined;
      const order = [desc(inboundMessages.receivedAt), desc(inboundMessages.id)];
      const [rows, [counted]] = await Promise.all([
        db
          .select(listedColumns)
          .from(inboundMessages)
          .leftJoin(tickets, eq(tickets.id, inboundMessages.ticketId))
          .where(onPage(db, inboundMessages, inboundMessages.id, where, order, filter))
          .orderBy(...order),
        db.select({ value: count() }).from(inboundMessages).where(where),
      ]);
      return { rows, total: counted?.value ?? 0 };
    },

    /** One message of the log, without its bytes. */
    async findListed(id: string): Promise<ListedInbound | null> {
      const [row] = await db
        .select(listedColumns)
        .from(inboundMessages)
        .leftJoin(tickets, eq(tickets.id, inboundMessages.ticketId))
        .where(eq(inboundMessages.id, id));
      return row ?? null;
    },

    /** Where the message as it arrived is kept (null: no longer), for the admin's download. */
    async rawOf(id: string): Promise<{ rawKey: string | null; messageId: string } | null> {
      const [row] = await db
        .select({ rawKey: inboundMessages.rawKey, messageId: inboundMessages.messageId })
        .from(inboundMessages)
        .where(eq(inboundMessages.id, id));
      return row ?? null;
    },

    /** A held message becomes a consultation request; null when it is not held (any more). */
    async heldToConsultation(id: string, detail: string): Promise<InboundMessageRow | null> {
      const [row] = await db
        .update(inboundMessages)
        .set({ state: 'consultation', stateDetail: detail, processedAt: sql`now()` })
        .where(
          and(eq(inboundMessages.id, id), inArray(inboundMessages.state, [...HELD_INBOUND_STATES])),
        )
        .returning();
      return row ?? null;
    },

    /** How many messages wait for the admin's decision, and since when the oldest. */
    async heldSummary(): Promise<{ held: number; oldestHeldAt: Date | null }> {
      const [row] = await db
        .select({ held: count(), oldest: min(inboundMessages.receivedAt) })
        .from(inboundMessages)
        .where(inArray(inboundMessages.state, [...HELD_INBOUND_STATES]));
      return { held: row?.held ?? 0, oldestHeldAt: row?.oldest ?? null };
    },

    /** The held messages, oldest first (the daily digest), at most `limit`. */
    async heldMessages(limit: number): Promise<HeldInbound[]> {
      return db
        .select({
          id: inboundMessages.id,
          fromAddress: inboundMessages.fromAddress,
          fromName: inboundMessages.fromName,
          envelopeFrom: inboundMessages.envelopeFrom,
          subject: inboundMessages.subject,
          receivedAt: inboundMessages.receivedAt,
          state: inboundMessages.state,
          stateDetail: inboundMessages.stateDetail,
        })
        .from(inboundMessages)
        .where(inArray(inboundMessages.state, [...HELD_INBOUND_STATES]))
        .orderBy(asc(inboundMessages.receivedAt), asc(inboundMessages.id))
        .limit(limit);
    },

    /**
     * Claims the day's digest of held mail: true when this call took it, and then `within` has
     * written the digest's e-mail in the same transaction; false when the day was already
     * claimed (by another process, or before a restart).
     */
    async claimHeldDigest(
      day: string,
      held: number,
      within: (tx: InboundTransaction) => Promise<void>,
    ): Promise<boolean> {
      return db.transaction(async (tx) => {
        const [claimed] = await tx
          .insert(inboundHeldDigests)
          .values({ day, held })
          .onConflictDoNothing()
          .returning({ day: inboundHeldDigests.day });
        if (!claimed) return false;
        await within(tx);
        return true;
      });
    },

    /** How many messages are in the log, by state (the benchmark's accounting). */
    async countByState(): Promise<Partial<Record<InboundState, number>>> {
      const rows = await db
        .select({ state: inboundMessages.state, n: count() })
        .from(inboundMessages)
        .groupBy(inboundMessages.state);
      return Object.fromEntries(rows.map((row) => [row.state, row.n]));
    },

    /**
     * Takes a signed webhook's token: true the first time, false when it was already used
     * (a replay). Tokens older than `forgetBefore` are dropped on the way.
     */
    async useWebhookToken(token: string, forgetBefore: Date): Promise<boolean> {
      await db.delete(inboundWebhookTokens).where(lt(inboundWebhookTokens.usedAt, forgetBefore));
      const rows = await db
        .insert(inboundWebhookTokens)
        .values({ token })
        .onConflictDoNothing()
        .returning({ token: inboundWebhookTokens.token });
      return rows.length === 1;
    },

    /** Gives a token back when what it signed could not be stored, so the provider's retry works. */
    async releaseWebhookToken(token: string): Promise<void> {
      await db.delete(inboundWebhookTokens).where(eq(inboundWebhookTokens.token, token));
    },

    ...processingQueries(db),
    ...rawCopyQueries(db),
  };
}

/** The transaction the digest's claim and its e-mail are written in. */
export type InboundTransaction = Parameters<Parameters<Database['transaction']>[0]>[0];

/** A held message as the daily digest names it. */
export type HeldInbound = Pick<
  InboundMessageRow,
  | 'id'
  | 'fromAddress'
  | 'fromName'
  | 'envelopeFrom'
  | 'subject'
  | 'receivedAt'
  | 'state'
  | 'stateDetail'
>;

export interface InboundFilter {
  q: string;
  state?: InboundStateFilter;
  limit: number;
  offset: number;
}

const listedColumns = {
  id: inboundMessages.id,
  messageId: inboundMessages.messageId,
  via: inboundMessages.via,
  envelopeFrom: inboundMessages.envelopeFrom,
  fromAddress: inboundMessages.fromAddress,
  fromName: inboundMessages.fromName,
  subject: inboundMessages.subject,
  size: inboundMessages.size,
  deliveries: inboundMessages.deliveries,
  state: inboundMessages.state,
  stateDetail: inboundMessages.stateDetail,
  authentication: inboundMessages.authentication,
  refusedFiles: inboundMessages.refusedFiles,
  ticketId: inboundMessages.ticketId,
  ticketNumber: tickets.number,
  userId: inboundMessages.userId,
  receivedAt: inboundMessages.receivedAt,
  lastDeliveredAt: inboundMessages.lastDeliveredAt,
  rawKey: inboundMessages.rawKey,
  rawRemovedAt: inboundMessages.rawRemovedAt,
};
/** A message as the inbound log lists it: every column but the bytes, with its ticket's number. */
export type ListedInbound = Omit<
  InboundMessageRow,
  'raw' | 'rawSha256' | 'dedupeKey' | 'processedAt' | 'envelopeTo' | 'remoteAddress' | 'helo'
> & {
  ticketNumber: number | null;
};

/** What processing a message writes at its end: the state and why, and what it found. */
export interface InboundOutcome {
  state: InboundState;
  stateDetail: string;
  fromAddress?: string | null;
  fromName?: string | null;
  subject?: string | null;
  authentication?: InboundAuthentication | null;
  refusedFiles?: { filename: string; reason: string }[];
  ticketId?: string | null;
  userId?: string | null;
}

/** How long a claim on a message keeps another processor off it (a crashed one's expires). */
const CLAIM_SECONDS = 120;

/**
 * The inbound processor's queries (process.ts): claiming a message, finding its sender and
 * its ticket, and writing what became of it.
 */
function processingQueries(db: Database) {
  return {
    /**
     * Takes a `received` message (or a held one, for `release`) for processing: one
     * processor at a time; a claim older than CLAIM_SECONDS was a crash and is taken over.
     */
    async claim(id: string, states: InboundState[]): Promise<InboundMessageRow | null> {
      const [row] = await db
        .update(inboundMessages)
        .set({ processedAt: sql`now()` })
        .where(
          and(
            eq(inboundMessages.id, id),
            inArray(inboundMessages.state, states),
            or(
              isNull(inboundMessages.processedAt),
              lt(inboundMessages.processedAt, sql`now() - make_interval(secs => ${CLAIM_SECONDS})`),
              // A held message was processed once; its release claims it again.
              sql`${inboundMessages.state} <> 'received'`,
            ),
          ),
        )
        .returning();
      return row ?? null;
    },

    async settle(id: string, outcome: InboundOutcome): Promise<void> {
      await db
        .update(inboundMessages)
        .set({ ...outcome, processedAt: sql`now()` })
        .where(eq(inboundMessages.id, id));
    },

    /** Messages still `received` a while after they arrived: their processing never finished. */
    async stale(olderThanSeconds: number, limit: number): Promise<string[]> {
      const rows = await db
        .select({ id: inboundMessages.id })
        .from(inboundMessages)
        .where(
          and(
            eq(inboundMessages.state, 'received'),
            lt(inboundMessages.receivedAt, sql`now() - make_interval(secs => ${olderThanSeconds})`),
          ),
        )
        .orderBy(asc(inboundMessages.receivedAt), asc(inboundMessages.id))
        .limit(limit);
      return rows.map((row) => row.id);
    },

    /** The clients whose verified sign-in address this is (one, unless two accounts share it). */
    async clientsWithVerifiedEmail(address: string) {
      return db
        .select({ id: users.id, email: users.email })
        .from(users)
        .where(
          and(
            sql`lower(${users.email}) = ${address.toLowerCase()}`,
            eq(users.emailVerified, true),
            isNull(users.deactivatedAt),
          ),
        )
        .limit(2);
    },

    async clientById(userId: string) {
      const [row] = await db
        .select({ id: users.id, email: users.email })
        .from(users)
        .where(eq(users.id, userId));
      return row ?? null;
    },

    async ticketByReplyToken(token: string): Promise<TicketRow | null> {
      const [row] = await db.select().from(tickets).where(eq(tickets.replyToken, token));
      return row ?? null;
    },

    async ticketById(id: string): Promise<TicketRow | null> {
      const [row] = await db.select().from(tickets).where(eq(tickets.id, id));
      return row ?? null;
    },

    async ticketOfClientByNumber(userId: string, number: number): Promise<TicketRow | null> {
      const [row] = await db
        .select()
        .from(tickets)
        .where(and(eq(tickets.userId, userId), eq(tickets.number, number)));
      return row ?? null;
    },

    /**
     * The ticket an e-mail with one of these Message-IDs belongs to: a ticket message sent or
     * received as one, or an inbound e-mail that opened or joined a ticket. The latest wins.
     */
    async ticketByMessageIds(messageIds: string[]): Promise<TicketRow | null> {
      if (messageIds.length === 0) return null;
      const [viaMessage] = await db
        .select({ ticket: tickets })
        .from(ticketMessages)
        .innerJoin(tickets, eq(tickets.id, ticketMessages.ticketId))
        .where(inArray(ticketMessages.emailMessageId, messageIds))
        .orderBy(desc(ticketMessages.createdAt))
        .limit(1);
      if (viaMessage) return viaMessage.ticket;
      const [viaInbound] = await db
        .select({ ticket: tickets })
        .from(inboundMessages)
        .innerJoin(tickets, eq(tickets.id, inboundMessages.ticketId))
        .where(
          and(inArray(inboundMessages.messageId, messageIds), isNotNull(inboundMessages.ticketId)),
        )
        .orderBy(desc(inboundMessages.receivedAt))
        .limit(1);
      return viaInbound?.ticket ?? null;
    },

    /** What a crashed run already wrote for this message: its ticket message or its ticket. */
    async alreadyApplied(inboundMessageId: string): Promise<TicketRow | null> {
      const [asMessage] = await db
        .select({ ticket: tickets })
        .from(ticketMessages)
        .innerJoin(tickets, eq(tickets.id, ticketMessages.ticketId))
        .where(eq(ticketMessages.inboundMessageId, inboundMessageId));
      if (asMessage) return asMessage.ticket;
      const [asTicket] = await db
        .select()
        .from(tickets)
        .where(eq(tickets.inboundMessageId, inboundMessageId));
      return asTicket ?? null;
    },

    /**
     * The e-mail behind a ticket's message (or, without a message id, the one that opened
     * the ticket): where its original is kept (`rawKey` null: no longer), for the admin; null
     * when there is no such e-mail.
     */
    async originalOf(
      ticketId: string,
      ticketMessageId: string | null,
    ): Promise<{ rawKey: string | null } | null> {
      if (ticketMessageId) {
        const [row] = await db
          .select({ rawKey: inboundMessages.rawKey })
          .from(ticketMessages)
          .innerJoin(inboundMessages, eq(inboundMessages.id, ticketMessages.inboundMessageId))
          .where(
            and(eq(ticketMessages.id, ticketMessageId), eq(ticketMessages.ticketId, ticketId)),
          );
        return row ?? null;
      }
      const [row] = await db
        .select({ rawKey: inboundMessages.rawKey })
        .from(tickets)
        .innerJoin(inboundMessages, eq(inboundMessages.id, tickets.inboundMessageId))
        .where(eq(tickets.id, ticketId));
      return row ?? null;
    },
  };
}
/**
 * The raw copies' upkeep (raw-upkeep.ts): the rows still holding their bytes in the database
 * (from before the file store), the copies past the retention, and the keys rows name.
 */
function rawCopyQueries(db: Database) {
  return {
    /** Rows whose bytes are still in the database column, a batch at a time. */
    async legacyRawIds(limit: number): Promise<string[]> {
      const rows = await db
        .select({ id: inboundMessages.id })
        .from(inboundMessages)
        .where(isNotNull(inboundMessages.raw))
        .orderBy(asc(inboundMessages.receivedAt), asc(inboundMessages.id))
        .limit(limit);
      return rows.map((row) => row.id);
    },

    /**
     * A row's old bytes as a stream of slices, each read by its own query, so a large message
     * is never one value in memory; empty when the row was moved meanwhile.
     */
    async *legacyRaw(id: string): AsyncGenerator<Buffer> {
      const [row] = await db
        .select({ size: sql<number>`octet_length(${inboundMessages.raw})` })
        .from(inboundMessages)
        .where(and(eq(inboundMessages.id, id), isNotNull(inboundMessages.raw)));
      const size = row?.size ?? 0;
      for (let offset = 0; offset < size; offset += LEGACY_SLICE_BYTES) {
        const [slice] = await db
          .select({
            bytes: sql<Buffer | null>`substring(${inboundMessages.raw} from ${offset + 1}::int for ${LEGACY_SLICE_BYTES}::int)`,
          })
          .from(inboundMessages)
          .where(eq(inboundMessages.id, id));
        if (!slice?.bytes) return;
        yield Buffer.from(slice.bytes);
      }
    },

    /** What the dedupe key of an old row is made of besides its bytes. */
    async legacyFacts(id: string) {
      const [row] = await db
        .select({
          messageId: inboundMessages.messageId,
          envelopeFrom: inboundMessages.envelopeFrom,
        })
        .from(inboundMessages)
        .where(eq(inboundMessages.id, id));
      return row ?? null;
    },

    /**
     * Points an old row at its copy in the store and empties its column; false when another
     * process moved it first (its copy is kept, this one is to be deleted). The dedupe key is
     * set unless a newer row already has it.
     */
    async attachLegacyRaw(
      id: string,
      moved: { rawKey: string; rawSha256: string; dedupeKey: string },
    ): Promise<boolean> {
      const rows = await db
        .update(inboundMessages)
        .set({
          rawKey: moved.rawKey,
          rawSha256: moved.rawSha256,
          raw: null,
          dedupeKey: sql`case when exists (select 1 from ${inboundMessages} other where other.dedupe_key = ${moved.dedupeKey}) then null else ${moved.dedupeKey} end`,
        })
        .where(and(eq(inboundMessages.id, id), isNotNull(inboundMessages.raw)))
        .returning({ id: inboundMessages.id });
      return rows.length === 1;
    },

    /**
     * Raw copies older than the retention, a batch at a time: every message but the held ones
     * (they keep theirs until the admin decides) and those not yet processed.
     */
    async rawPastRetention(receivedBefore: Date, limit: number) {
      return db
        .select({ id: inboundMessages.id, rawKey: inboundMessages.rawKey })
        .from(inboundMessages)
        .where(
          and(
            isNotNull(inboundMessages.rawKey),
            lt(inboundMessages.receivedAt, receivedBefore),
            notInArray(inboundMessages.state, ['received', ...HELD_INBOUND_STATES]),
          ),
        )
        .orderBy(asc(inboundMessages.receivedAt), asc(inboundMessages.id))
        .limit(limit) as Promise<Array<{ id: string; rawKey: string }>>;
    },

    /** The row no longer names its copy (which is deleted next); false when it did not. */
    async forgetRaw(id: string, rawKey: string): Promise<boolean> {
      const rows = await db
        .update(inboundMessages)
        .set({ rawKey: null, rawRemovedAt: sql`now()` })
        .where(and(eq(inboundMessages.id, id), eq(inboundMessages.rawKey, rawKey)))
        .returning({ id: inboundMessages.id });
      return rows.length === 1;
    },

    /** Of these store keys, the ones a row names. */
    async namedRawKeys(keys: string[]): Promise<Set<string>> {
      if (keys.length === 0) return new Set();
      const rows = await db
        .select({ rawKey: inboundMessages.rawKey })
        .from(inboundMessages)
        .where(inArray(inboundMessages.rawKey, keys));
      return new Set(rows.map((row) => row.rawKey!));
    },
  };
}
export type InboundRepository = ReturnType<typeof createInboundRepository>;
