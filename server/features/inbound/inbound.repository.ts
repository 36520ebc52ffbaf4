import { and, count, desc, eq, inArray, lt, sql, type SQL } from 'drizzle-orm';
import { HELD_INBOUND_STATES, type InboundState, type InboundVia } from '@shared/schemas/inbound';
import type { Database } from '../../db/client';
import { onPage } from '../../db/paging';
import {
  inboundMessages,
  inboundSearchText,
  inboundWebhookTokens,
  tickets,
  type InboundMessageRow,
} from '../../db/schema';
import { textContains } from '../../db/search';

export interface ArrivedMessage {
  messageId: string;
  via: InboundVia;
  envelopeFrom: string | null;
  envelopeTo: string[];
  raw: Buffer;
}

export function createInboundRepository(db: Database) {
  return {
    /**
     * Stores a message as it arrived, once: a second delivery of the same Message-ID only
     * counts. `stored` is true for the first delivery, the only one to process.
     */
    async store(message: ArrivedMessage): Promise<{ id: string; stored: boolean }> {
      const [row] = await db
        .insert(inboundMessages)
        .values({ ...message, size: message.raw.length })
        .onConflictDoUpdate({
          target: inboundMessages.messageId,
          set: {
            deliveries: sql`${inboundMessages.deliveries} + 1`,
            lastDeliveredAt: sql`now()`,
          },
        })
        .returning({ id: inboundMessages.id, stored: sql<boolean>`(xmax = 0)` });
      if (!row) throw new Error('Inbound insert returned no row');
      return row;
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
        conditions.push(
          sql`(${textContains(inboundSearchText, filter.q)} or ${textContains(
            sql`coalesce(${inboundMessages.envelopeFrom}, '')`,
            filter.q,
          )})`,
        );
      }
      if (filter.state) conditions.push(eq(inboundMessages.state, filter.state));
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

    /** The message as it arrived, for the admin's download. */
    async raw(id: string): Promise<{ raw: Buffer; messageId: string } | null> {
      const [row] = await db
        .select({ raw: inboundMessages.raw, messageId: inboundMessages.messageId })
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
  };
}

export interface InboundFilter {
  q: string;
  state?: InboundState;
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
};
/** A message as the inbound log lists it: every column but the bytes, with its ticket's number. */
export type ListedInbound = Omit<InboundMessageRow, 'raw' | 'processedAt' | 'envelopeTo'> & {
  ticketNumber: number | null;
};
export type InboundRepository = ReturnType<typeof createInboundRepository>;
