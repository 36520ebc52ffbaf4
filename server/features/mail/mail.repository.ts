import { and, count, desc, eq, isNotNull, lte, sql, type SQL } from 'drizzle-orm';
import type { OutboxStatus } from '@shared/schemas/mail';
import type { Database } from '../../db/client';
import { accountIdsByEmail } from '../../db/accounts';
import { listCount } from '../../db/list-counts';
import { onPage } from '../../db/paging';
import { outboxMessages, outboxSearchText, type OutboxMessageRow } from '../../db/schema';
import { textContains } from '../../db/search';

/** What a secret that was used or expired reads as in the outbox. */
export const FORGOTTEN = '[removed: used or expired]';
/** Messages blanked per transaction. */
const FORGET_BATCH = 200;

export interface OutboxFilter {
  q: string;
  status?: OutboxStatus;
  limit: number;
  offset: number;
}

/** A message as lists show it: without its bodies and attachment bytes. */
const summary = {
  id: outboxMessages.id,
  toAddress: outboxMessages.toAddress,
  subject: outboxMessages.subject,
  status: outboxMessages.status,
  error: outboxMessages.error,
  attempts: outboxMessages.attempts,
  createdAt: outboxMessages.createdAt,
};

export function createMailRepository(db: Database) {
  return {
    /** `within`: the caller's transaction, when the message exists only if its change does. */
    async record(
      values: typeof outboxMessages.$inferInsert,
      within: Database = db,
    ): Promise<OutboxMessageRow> {
      const [row] = await within.insert(outboxMessages).values(values).returning();
      if (!row) throw new Error('Outbox insert returned no row');
      return row;
    },

    /** The most recent e-mails to an address (outbox_messages_recipient_idx), and how many. */
    async sentTo(email: string, limit: number) {
      const where = sql`lower(${outboxMessages.toAddress}) = ${email.toLowerCase()}`;
      const [rows, [counted]] = await Promise.all([
        db
          .select(summary)
          .from(outboxMessages)
          .where(where)
          .orderBy(desc(outboxMessages.createdAt), desc(outboxMessages.id))
          .limit(limit),
        db.select({ value: count() }).from(outboxMessages).where(where),
      ]);
      return { rows, total: counted?.value ?? 0 };
    },

    /**
     * One page of the outbox, newest first, without bodies and attachment bytes, and how many
     * match in all. Each filter has its index: (status, created_at, id) and the trigram index
     * of the search; the order is (created_at, id).
     */
    async list(filter: OutboxFilter) {
      const conditions: SQL[] = [];
      if (filter.q) conditions.push(textContains(outboxSearchText, filter.q));
      if (filter.status) conditions.push(eq(outboxMessages.status, filter.status));
      const where = conditions.length ? and(...conditions) : undefined;
      const order = [desc(outboxMessages.createdAt), desc(outboxMessages.id)];
      const [rows, [counted]] = await Promise.all([
        db
          .select(summary)
          .from(outboxMessages)
          .where(onPage(db, outboxMessages, outboxMessages.id, where, order, filter))
          .orderBy(...order),
        // The whole outbox and each status are counted by trigger (db/list-counts.ts).
        filter.q
          ? db.select({ value: count() }).from(outboxMessages).where(where)
          : listCount(db, 'outbox', filter.status).then((value) => [{ value }]),
      ]);
      // The page's recipients in one query (a subquery per row would also run for the rows an
      // OFFSET skips).
      const accounts = await accountIdsByEmail(
        db,
        rows.map((row) => row.toAddress),
      );
      return {
        rows: rows.map((row) => ({
          ...row,
          clientId: accounts.get(row.toAddress.toLowerCase()) ?? null,
        })),
        total: counted?.value ?? 0,
      };
    },

    async find(id: string) {
      const [row] = await db.select().from(outboxMessages).where(eq(outboxMessages.id, id));
      if (!row) return null;
      const accounts = await accountIdsByEmail(db, [row.toAddress]);
      return { ...row, clientId: accounts.get(row.toAddress.toLowerCase()) ?? null };
    },

    /**
     * Takes a failed message for one more hand-over to the mail server, counting the attempt.
     * Only if it is still failed and nobody took it since `attempts` was read: two workers, or
     * a worker and the admin's 'Send again', never both send it for the same failure.
     */
    async claimRetry(id: string, attempts: number): Promise<OutboxMessageRow | null> {
      const [row] = await db
        .update(outboxMessages)
        .set({ attempts: sql`${outboxMessages.attempts} + 1` })
        .where(
          and(
            eq(outboxMessages.id, id),
            eq(outboxMessages.status, 'failed'),
            eq(outboxMessages.attempts, attempts),
          ),
        )
        .returning();
      return row ?? null;
    },

    /**
     * Blanks out the secrets of the messages `which` picks (those of one ref, those whose
     * secrets have expired, or one message's): each value becomes FORGOTTEN in the subject and bodies, the
     * attachments that carry them are dropped, and the message keeps no secret. How many.
     */
    async forgetSecrets(
      which: { ref: string } | { expiredBy: Date } | { messageId: string },
    ): Promise<number> {
      const picked =
        'ref' in which
          ? eq(outboxMessages.secretRef, which.ref)
          : 'messageId' in which
            ? and(eq(outboxMessages.id, which.messageId), isNotNull(outboxMessages.secretRef))
            : lte(outboxMessages.secretsExpireAt, which.expiredBy);
      // In batches, each its own short transaction: a sweep after a long pause (or the first
      // after the migration) does not hold the outbox's rows for long.
      let forgotten = 0;
      for (;;) {
        const batch = await db.transaction(async (tx) => {
          const rows = await tx
            .select({
              id: outboxMessages.id,
              subject: outboxMessages.subject,
              text: outboxMessages.text,
              html: outboxMessages.html,
              secrets: outboxMessages.secrets,
              secretsInAttachments: outboxMessages.secretsInAttachments,
            })
            .from(outboxMessages)
            .where(picked)
            .limit(FORGET_BATCH)
            .for('update', { skipLocked: true });
          for (const row of rows) {
            const blank = (value: string) =>
              row.secrets.reduce((blanked, secret) => blanked.replaceAll(secret, FORGOTTEN), value);
            await tx
              .update(outboxMessages)
              .set({
                subject: blank(row.subject),
                text: blank(row.text),
                html: row.html === null ? null : blank(row.html),
                ...(row.secretsInAttachments && { attachments: [] }),
                secretRef: null,
                secrets: [],
                secretsExpireAt: null,
                secretsInAttachments: false,
              })
              .where(eq(outboxMessages.id, row.id));
          }
          return rows.length;
        });
        forgotten += batch;
        if (batch < FORGET_BATCH) return forgotten;
      }
    },

    /** What the last hand-over came to: sent (the error cleared), or failed with its error. */
    async settle(id: string, outcome: { status: 'sent' | 'failed'; error: string | null }) {
      await db.update(outboxMessages).set(outcome).where(eq(outboxMessages.id, id));
    },
  };
}
export type MailRepository = ReturnType<typeof createMailRepository>;
