import { eq, sql } from 'drizzle-orm';
import type { InboundVia } from '@shared/schemas/inbound';
import type { Database } from '../../db/client';
import { inboundMessages, type InboundMessageRow } from '../../db/schema';

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
  };
}
export type InboundRepository = ReturnType<typeof createInboundRepository>;
