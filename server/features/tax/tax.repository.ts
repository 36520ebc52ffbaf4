import { and, asc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import {
  clientTaxRates,
  invoiceTaxes,
  proposals,
  taxRates,
  users,
  type TaxRateRow,
} from '../../db/schema';

/** A rate with whether an invoice, a client or a proposal uses it. */
export type TaxRateWithUse = TaxRateRow & { used: boolean };

/** The rate's id, qualified: in a subquery a bare "id" would be the other table's. */
const RATE_ID = sql`${taxRates}.${sql.identifier('id')}`;

/** Some invoice, client or proposal names the rate: it can be retired, never deleted. */
const usedBy = (id: SQL) => sql<boolean>`(
  exists (select 1 from ${invoiceTaxes} where ${invoiceTaxes.taxRateId} = ${id})
  or exists (select 1 from ${clientTaxRates} where ${clientTaxRates.taxRateId} = ${id})
  or exists (select 1 from ${proposals} where ${proposals.taxes} @> jsonb_build_array(jsonb_build_object('taxRateId', ${id}::text)))
)`;

/** How a client is taxed, as kept on their account. */
export interface ClientTaxValues {
  taxExempt: boolean;
  taxExemptCertificate: string | null;
  lateFeeExempt: boolean;
  taxRateIds: string[];
}

/** Tax rates (Settings) and each client's tax settings: the only reader of these tables. */
export function createTaxRepository(db: Database) {
  /** A rate with whether an invoice, a client or a proposal uses it. */
  const rateWithUse = {
    id: taxRates.id,
    name: taxRates.name,
    percentThousandths: taxRates.percentThousandths,
    isDefault: taxRates.isDefault,
    retiredAt: taxRates.retiredAt,
    createdAt: taxRates.createdAt,
    updatedAt: taxRates.updatedAt,
    used: usedBy(RATE_ID),
  };
  return {
    /** Every rate (a handful), active first, then by name. */
    async list(includeRetired: boolean): Promise<TaxRateWithUse[]> {
      return db
        .select(rateWithUse)
        .from(taxRates)
        .where(includeRetired ? undefined : isNull(taxRates.retiredAt))
        .orderBy(
          sql`${taxRates.retiredAt} is not null`,
          asc(sql`lower(${taxRates.name})`),
          asc(taxRates.id),
        );
    },

    async find(id: string): Promise<TaxRateWithUse | null> {
      const [row] = await db.select(rateWithUse).from(taxRates).where(eq(taxRates.id, id));
      return row ?? null;
    },

    /** The rates of these ids (retired ones too), in no order. */
    async findMany(ids: readonly string[]): Promise<TaxRateRow[]> {
      if (ids.length === 0) return [];
      return db
        .select()
        .from(taxRates)
        .where(inArray(taxRates.id, [...ids]));
    },

    /** An active rate of this name (any case), other than `exceptId`. */
    async activeNameTaken(name: string, exceptId?: string): Promise<boolean> {
      const [row] = await db
        .select({ id: taxRates.id })
        .from(taxRates)
        .where(
          and(
            isNull(taxRates.retiredAt),
            sql`lower(${taxRates.name}) = ${name.toLowerCase()}`,
            exceptId ? sql`${taxRates.id} <> ${exceptId}` : undefined,
          ),
        );
      return Boolean(row);
    },

    async create(values: {
      name: string;
      percentThousandths: number;
      isDefault: boolean;
    }): Promise<TaxRateRow> {
      const [row] = await db.insert(taxRates).values(values).returning();
      if (!row) throw new Error('Tax rate insert returned no row');
      return row;
    },

    async update(
      id: string,
      patch: { name?: string; isDefault?: boolean },
      at: Date,
    ): Promise<TaxRateRow | null> {
      const [row] = await db
        .update(taxRates)
        .set({ ...patch, updatedAt: at })
        .where(eq(taxRates.id, id))
        .returning();
      return row ?? null;
    },

    /** Retired (and no longer a default); an already retired rate keeps its date. */
    async retire(id: string, at: Date): Promise<TaxRateRow | null> {
      const [row] = await db
        .update(taxRates)
        .set({
          retiredAt: sql`coalesce(${taxRates.retiredAt}, ${at.toISOString()}::timestamptz)`,
          isDefault: false,
          updatedAt: at,
        })
        .where(eq(taxRates.id, id))
        .returning();
      return row ?? null;
    },

    /**
     * Deleted when nothing uses it, checked in the statement itself (a rate chosen at the same
     * moment is held by its foreign keys anyway): 'used' otherwise, null when there is none.
     */
    async remove(id: string): Promise<TaxRateRow | 'used' | null> {
      return db.transaction(async (tx) => {
        const [found] = await tx
          .select({ row: taxRates, used: usedBy(RATE_ID) })
          .from(taxRates)
          .where(eq(taxRates.id, id))
          .for('update');
        if (!found) return null;
        if (found.used) return 'used' as const;
        const { row } = found;
        await tx.delete(taxRates).where(eq(taxRates.id, id));
        return row;
      });
    },

    /** The agency's default rates that are not retired, by name. */
    async defaults(): Promise<TaxRateRow[]> {
      return db
        .select()
        .from(taxRates)
        .where(and(eq(taxRates.isDefault, true), isNull(taxRates.retiredAt)))
        .orderBy(asc(sql`lower(${taxRates.name})`), asc(taxRates.id));
    },

    /** How the client is taxed; null when there is no such client. */
    async clientSettings(userId: string): Promise<ClientTaxValues | null> {
      const [user] = await db
        .select({
          taxExempt: users.taxExempt,
          taxExemptCertificate: users.taxExemptCertificate,
          lateFeeExempt: users.lateFeeExempt,
        })
        .from(users)
        .where(eq(users.id, userId));
      if (!user) return null;
      const rates = await db
        .select({ id: clientTaxRates.taxRateId })
        .from(clientTaxRates)
        .innerJoin(taxRates, eq(taxRates.id, clientTaxRates.taxRateId))
        .where(eq(clientTaxRates.userId, userId))
        .orderBy(asc(sql`lower(${taxRates.name})`), asc(taxRates.id));
      return { ...user, taxRateIds: rates.map((rate) => rate.id) };
    },

    /** The client's tax settings replaced in one transaction; false when there is no client. */
    async saveClientSettings(userId: string, values: ClientTaxValues, at: Date): Promise<boolean> {
      return db.transaction(async (tx) => {
        const updated = await tx
          .update(users)
          .set({
            taxExempt: values.taxExempt,
            taxExemptCertificate: values.taxExemptCertificate,
            lateFeeExempt: values.lateFeeExempt,
            updatedAt: at,
          })
          .where(eq(users.id, userId))
          .returning({ id: users.id });
        if (updated.length === 0) return false;
        await tx.delete(clientTaxRates).where(eq(clientTaxRates.userId, userId));
        if (values.taxRateIds.length > 0) {
          await tx
            .insert(clientTaxRates)
            .values(values.taxRateIds.map((taxRateId) => ({ userId, taxRateId })));
        }
        return true;
      });
    },

    /** The client's own rates (retired ones too: they still say the client has its own). */
    async clientRates(userId: string): Promise<TaxRateRow[]> {
      return db
        .select({
          id: taxRates.id,
          name: taxRates.name,
          percentThousandths: taxRates.percentThousandths,
          isDefault: taxRates.isDefault,
          retiredAt: taxRates.retiredAt,
          createdAt: taxRates.createdAt,
          updatedAt: taxRates.updatedAt,
        })
        .from(clientTaxRates)
        .innerJoin(taxRates, eq(taxRates.id, clientTaxRates.taxRateId))
        .where(eq(clientTaxRates.userId, userId))
        .orderBy(asc(sql`lower(${taxRates.name})`), asc(taxRates.id));
    },
  };
}
export type TaxRepository = ReturnType<typeof createTaxRepository>;
