import { and, count, desc, eq, gte, isNotNull, sql, type SQL } from 'drizzle-orm';
import type { ConsultationStatus } from '@shared/schemas/consultations';
import { accountIdsByEmail } from '../../db/accounts';
import type { Database } from '../../db/client';
import { consultations, consultationSearchText, type Consultation } from '../../db/schema';
import { onPage } from '../../db/paging';
import { textContains } from '../../db/search';

export interface ConsultationFilter {
  q: string;
  status?: ConsultationStatus;
  limit: number;
  offset: number;
}

/** The transaction lock's first key: requests of one address are recorded one at a time. */
const REQUEST_LOCK = 727302;

/** What became of a visitor's request: a new row, or merged into the day's first. */
export interface RecordedRequest {
  row: Consultation;
  repeat: boolean;
  /** No acknowledgement went to this address within the day: this one sends it. */
  acknowledge: boolean;
}

/** A request as listed: with the client account its e-mail belongs to, if any. */
export type ListedConsultation = Consultation & { clientId: string | null };

export function createConsultationRepository(db: Database) {
  return {
    async insert(values: typeof consultations.$inferInsert): Promise<Consultation> {
      const [row] = await db.insert(consultations).values(values).returning();
      if (!row) throw new Error('Consultation insert returned no row');
      return row;
    },

    /**
     * A visitor's request: merged (`merge` gives the changes) into the address's request made
     * since `since`, else inserted; and whether it is the one to acknowledge, marked so in the
     * same transaction. Under a lock on the address, so two requests sent at once become one.
     */
    async recordRequest(
      values: typeof consultations.$inferInsert & { email: string },
      { since, now }: { since: Date; now: Date },
      merge: (row: Consultation) => Partial<typeof consultations.$inferInsert>,
    ): Promise<RecordedRequest> {
      return db.transaction(async (tx) => {
        await tx.execute(
          sql`select pg_advisory_xact_lock(${REQUEST_LOCK}, hashtext(${values.email}))`,
        );
        const [first] = await tx
          .select()
          .from(consultations)
          .where(and(eq(consultations.email, values.email), gte(consultations.createdAt, since)))
          .orderBy(consultations.createdAt)
          .limit(1);
        const [acknowledged] = await tx
          .select({ id: consultations.id })
          .from(consultations)
          .where(
            and(
              eq(consultations.email, values.email),
              isNotNull(consultations.acknowledgedAt),
              gte(consultations.acknowledgedAt, since),
            ),
          )
          .limit(1);
        const acknowledge = !acknowledged;
        const stamp = acknowledge ? { acknowledgedAt: now } : {};
        const [row] = first
          ? await tx
              .update(consultations)
              .set({ ...merge(first), ...stamp })
              .where(eq(consultations.id, first.id))
              .returning()
          : await tx
              .insert(consultations)
              .values({ ...values, ...stamp })
              .returning();
        if (!row) throw new Error('Consultation request returned no row');
        return { row, repeat: Boolean(first), acknowledge };
      });
    },

    /** One request, with the client account its e-mail belongs to, if any. */
    async find(id: string): Promise<ListedConsultation | null> {
      const [row] = await db.select().from(consultations).where(eq(consultations.id, id));
      if (!row) return null;
      const accounts = await accountIdsByEmail(db, [row.email]);
      return { ...row, clientId: accounts.get(row.email.toLowerCase()) ?? null };
    },

    async setStatus(id: string, status: ConsultationStatus): Promise<Consultation | null> {
      const [row] = await db
        .update(consultations)
        .set({ status })
        .where(eq(consultations.id, id))
        .returning();
      return row ?? null;
    },

    async countByStatus(status: ConsultationStatus): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(consultations)
        .where(eq(consultations.status, status));
      return row?.n ?? 0;
    },

    /** One page of the requests, newest first, and how many match. */
    async list(filter: ConsultationFilter): Promise<{ rows: ListedConsultation[]; total: number }> {
      const conditions: SQL[] = [];
      if (filter.q) conditions.push(textContains(consultationSearchText, filter.q));
      if (filter.status) conditions.push(eq(consultations.status, filter.status));
      const where = conditions.length ? and(...conditions) : undefined;
      const order = [desc(consultations.createdAt), desc(consultations.id)];
      const [rows, [counted]] = await Promise.all([
        db
          .select()
          .from(consultations)
          .where(onPage(db, consultations, consultations.id, where, order, filter))
          .orderBy(...order),
        db.select({ value: count() }).from(consultations).where(where),
      ]);
      const accounts = await accountIdsByEmail(
        db,
        rows.map((row) => row.email),
      );
      return {
        rows: rows.map((row) => ({
          ...row,
          clientId: accounts.get(row.email.toLowerCase()) ?? null,
        })),
        total: counted?.value ?? 0,
      };
    },
  };
}
export type ConsultationRepository = ReturnType<typeof createConsultationRepository>;
