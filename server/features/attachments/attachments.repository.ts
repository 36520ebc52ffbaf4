import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import {
  attachments,
  ticketMessages,
  tickets,
  type AttachmentRow,
  type ScanStatus,
} from '../../db/schema';

export type NewAttachment = Omit<AttachmentRow, 'id' | 'createdAt' | 'scanTries'>;

export function createAttachmentRepository(db: Database) {
  // Read with every ticket a client or the agency opens: prepared once (bench:api).
  const filesOfTicket = db
    .select()
    .from(attachments)
    .where(eq(attachments.ticketId, sql.placeholder('ticketId')))
    .orderBy(asc(attachments.createdAt), asc(attachments.id))
    .prepare('files_of_ticket');

  return {
    /** The rows naming files already stored (the bytes come first: attachments.service.ts). */
    async insert(rows: NewAttachment[]): Promise<AttachmentRow[]> {
      if (rows.length === 0) return [];
      return db.insert(attachments).values(rows).returning();
    },

    /** The ticket a message belongs to, or null when there is no such message. */
    async ticketOfMessage(ticketMessageId: string): Promise<string | null> {
      const [row] = await db
        .select({ ticketId: ticketMessages.ticketId })
        .from(ticketMessages)
        .where(eq(ticketMessages.id, ticketMessageId));
      return row?.ticketId ?? null;
    },

    /** Every file of a ticket (its opening request's and its messages'), oldest first. */
    async listForTicket(ticketId: string): Promise<AttachmentRow[]> {
      return filesOfTicket.execute({ ticketId });
    },

    /** The file and whose ticket it is on. */
    async findWithOwner(id: string) {
      const [row] = await db
        .select({ attachment: attachments, userId: tickets.userId })
        .from(attachments)
        .innerJoin(tickets, eq(tickets.id, attachments.ticketId))
        .where(eq(attachments.id, id));
      return row ?? null;
    },

    /** Files the scanner has not judged yet, oldest first. */
    async listPending(limit: number): Promise<AttachmentRow[]> {
      return db
        .select()
        .from(attachments)
        .where(eq(attachments.scanStatus, 'pending'))
        .orderBy(asc(attachments.createdAt))
        .limit(limit);
    },

    /** Records the scanner's verdict on a file still pending. */
    async setScanResult(id: string, scanStatus: ScanStatus, scanDetail: string | null) {
      await db
        .update(attachments)
        .set({ scanStatus, scanDetail })
        .where(and(eq(attachments.id, id), eq(attachments.scanStatus, 'pending')));
    },

    /**
     * Counts a scan that erred on a file still pending: held for a later scan with
     * `pendingDetail`, or, at its `maxTries`th, given up on ('unscannable') with
     * `givenUpDetail`. Its status after, or null when it was no longer pending.
     */
    async recordScanError(
      id: string,
      {
        maxTries,
        pendingDetail,
        givenUpDetail,
      }: { maxTries: number; pendingDetail: string; givenUpDetail: string },
    ): Promise<ScanStatus | null> {
      const givenUp = sql`${attachments.scanTries} + 1 >= ${maxTries}`;
      const [row] = await db
        .update(attachments)
        .set({
          scanTries: sql`${attachments.scanTries} + 1`,
          scanStatus: sql`case when ${givenUp} then 'unscannable' else 'pending' end`,
          scanDetail: sql`case when ${givenUp} then ${givenUpDetail} else ${pendingDetail} end`,
        })
        .where(and(eq(attachments.id, id), eq(attachments.scanStatus, 'pending')))
        .returning({ scanStatus: attachments.scanStatus });
      return row?.scanStatus ?? null;
    },

    /** Which of these storage keys a row names. */
    async keysInUse(keys: string[]): Promise<Set<string>> {
      if (keys.length === 0) return new Set();
      const rows = await db
        .select({ key: attachments.storageKey })
        .from(attachments)
        .where(inArray(attachments.storageKey, keys));
      return new Set(rows.map((row) => row.key));
    },
  };
}
export type AttachmentRepository = ReturnType<typeof createAttachmentRepository>;
