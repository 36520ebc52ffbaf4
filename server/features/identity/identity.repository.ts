import { and, eq, lt } from 'drizzle-orm';
import type { Adapter, AdapterPayload } from 'oidc-provider';
import type { Database } from '../../db/client';
import { identityAccounts, oidcPayloads, type IdentityAccount } from '../../db/schema';

export function createIdentityAccountRepository(db: Database) {
  return {
    async findByEmail(email: string): Promise<IdentityAccount | undefined> {
      const [account] = await db
        .select()
        .from(identityAccounts)
        .where(eq(identityAccounts.email, email));
      return account;
    },
    async findById(id: string): Promise<IdentityAccount | undefined> {
      // Ids are uuids; anything else cannot match and must not reach the uuid cast.
      if (!/^[0-9a-f-]{36}$/i.test(id)) return undefined;
      const [account] = await db.select().from(identityAccounts).where(eq(identityAccounts.id, id));
      return account;
    },
    /** Inserts the account; undefined when the e-mail is already registered. */
    async insert(
      values: typeof identityAccounts.$inferInsert,
    ): Promise<IdentityAccount | undefined> {
      const [account] = await db
        .insert(identityAccounts)
        .values(values)
        .onConflictDoNothing()
        .returning();
      return account;
    },
  };
}
export type IdentityAccountRepository = ReturnType<typeof createIdentityAccountRepository>;

/**
 * oidc-provider's storage (sessions, interactions, codes, grants...) in our database, so
 * sign-ins in progress survive a restart and are shared across app instances.
 */
export function createOidcAdapterClass(db: Database) {
  return class DatabaseOidcAdapter implements Adapter {
    constructor(private readonly model: string) {}

    async upsert(id: string, payload: AdapterPayload, expiresIn: number): Promise<void> {
      const expiresAt = expiresIn ? new Date(Date.now() + expiresIn * 1000) : null;
      const row = {
        id,
        type: this.model,
        payload,
        grantId: payload.grantId ?? null,
        userCode: payload.userCode ?? null,
        uid: payload.uid ?? null,
        expiresAt,
      };
      await db
        .insert(oidcPayloads)
        .values(row)
        .onConflictDoUpdate({
          target: [oidcPayloads.type, oidcPayloads.id],
          set: { payload, grantId: row.grantId, userCode: row.userCode, uid: row.uid, expiresAt },
        });
    }

    private async findWhere(condition: ReturnType<typeof eq>): Promise<AdapterPayload | undefined> {
      const [row] = await db
        .select()
        .from(oidcPayloads)
        .where(and(eq(oidcPayloads.type, this.model), condition));
      if (!row) return undefined;
      if (row.expiresAt && row.expiresAt.getTime() <= Date.now()) return undefined;
      const payload = row.payload as AdapterPayload;
      return row.consumedAt
        ? { ...payload, consumed: Math.floor(row.consumedAt.getTime() / 1000) }
        : payload;
    }

    find(id: string) {
      return this.findWhere(eq(oidcPayloads.id, id));
    }

    findByUid(uid: string) {
      return this.findWhere(eq(oidcPayloads.uid, uid));
    }

    findByUserCode(userCode: string) {
      return this.findWhere(eq(oidcPayloads.userCode, userCode));
    }

    async consume(id: string): Promise<void> {
      await db
        .update(oidcPayloads)
        .set({ consumedAt: new Date() })
        .where(and(eq(oidcPayloads.type, this.model), eq(oidcPayloads.id, id)));
    }

    async destroy(id: string): Promise<void> {
      await db
        .delete(oidcPayloads)
        .where(and(eq(oidcPayloads.type, this.model), eq(oidcPayloads.id, id)));
    }

    async revokeByGrantId(grantId: string): Promise<void> {
      await db.delete(oidcPayloads).where(eq(oidcPayloads.grantId, grantId));
    }
  };
}

export async function pruneExpiredOidcPayloads(db: Database): Promise<void> {
  await db.delete(oidcPayloads).where(lt(oidcPayloads.expiresAt, new Date()));
}
