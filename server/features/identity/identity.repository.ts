import { and, eq, gt, isNull, lt, ne, sql } from 'drizzle-orm';
import type { Adapter, AdapterPayload } from 'oidc-provider';
import type { Database, Transaction } from '../../db/client';
import { getOrCreateSecret } from '../../db/secrets';
import {
  identityAccounts,
  identityEmailCodes,
  oidcPayloads,
  type EmailCodePurpose,
  type IdentityAccount,
  type IdentityEmailCode,
} from '../../db/schema';

export type NewEmailCode = Pick<
  IdentityEmailCode,
  'interactionUid' | 'email' | 'accountId' | 'pendingSignup' | 'codeHash' | 'expiresAt'
> &
  Partial<Pick<IdentityEmailCode, 'purpose'>>;

/**
 * Uses up (deletes) the code of this key and purpose, in `tx`: the row as it was, or
 * undefined when there was none (already used, or replaced).
 */
async function takeCode(
  tx: Database | Transaction,
  interactionUid: string,
  purpose: EmailCodePurpose,
): Promise<IdentityEmailCode | undefined> {
  const [used] = await tx
    .delete(identityEmailCodes)
    .where(
      and(
        eq(identityEmailCodes.interactionUid, interactionUid),
        eq(identityEmailCodes.purpose, purpose),
      ),
    )
    .returning();
  return used;
}

/**
 * Ends the provider's own sessions of the account (the 'Session' model of oidc-provider), so
 * no browser is signed in to the provider with the old password any more.
 */
async function endProviderSessions(tx: Database | Transaction, accountId: string) {
  await tx
    .delete(oidcPayloads)
    .where(
      and(
        eq(oidcPayloads.type, 'Session'),
        sql`${oidcPayloads.payload}->>'accountId' = ${accountId}`,
      ),
    );
}

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

    /** The sign-in's code, replacing any earlier one of the same sign-in. */
    async saveCode(values: NewEmailCode): Promise<void> {
      const { interactionUid: _key, ...rest } = values;
      await db
        .insert(identityEmailCodes)
        .values(values)
        .onConflictDoUpdate({
          target: identityEmailCodes.interactionUid,
          set: { purpose: 'verify', ...rest, attempts: 0, sends: 1, createdAt: sql`now()` },
        });
    },

    /**
     * The code of a password reset asked for `email`, into the row its request kept (no
     * account, no code yet); undefined when that row is gone or another request replaced it.
     */
    async addResetCode(
      interactionUid: string,
      values: { email: string; accountId: string; codeHash: string },
    ): Promise<IdentityEmailCode | undefined> {
      const [row] = await db
        .update(identityEmailCodes)
        .set({ accountId: values.accountId, codeHash: values.codeHash })
        .where(
          and(
            eq(identityEmailCodes.interactionUid, interactionUid),
            eq(identityEmailCodes.purpose, 'reset'),
            eq(identityEmailCodes.email, values.email),
            isNull(identityEmailCodes.accountId),
            isNull(identityEmailCodes.codeHash),
          ),
        )
        .returning();
      return row;
    },

    async findCode(interactionUid: string): Promise<IdentityEmailCode | undefined> {
      const [row] = await db
        .select()
        .from(identityEmailCodes)
        .where(eq(identityEmailCodes.interactionUid, interactionUid));
      return row;
    },

    /**
     * Counts one try at the code, atomically, while it is live and has tries left; the row
     * as counted, or undefined when no try is allowed.
     */
    async countAttempt(
      interactionUid: string,
      maxAttempts: number,
      now: Date,
      purpose: EmailCodePurpose = 'verify',
    ): Promise<IdentityEmailCode | undefined> {
      const [row] = await db
        .update(identityEmailCodes)
        .set({ attempts: sql`${identityEmailCodes.attempts} + 1` })
        .where(
          and(
            eq(identityEmailCodes.interactionUid, interactionUid),
            eq(identityEmailCodes.purpose, purpose),
            lt(identityEmailCodes.attempts, maxAttempts),
            gt(identityEmailCodes.expiresAt, now),
          ),
        )
        .returning();
      return row;
    },

    /** A new code for the sign-in (tries start again), while it has sends left. */
    async renewCode(
      interactionUid: string,
      values: Pick<IdentityEmailCode, 'codeHash' | 'expiresAt'>,
      maxSends: number,
    ): Promise<IdentityEmailCode | undefined> {
      const [row] = await db
        .update(identityEmailCodes)
        .set({
          // A sign-up for a taken address never gets a code, however often it asks.
          codeHash: sql`case when ${identityEmailCodes.codeHash} is null then null else ${values.codeHash} end`,
          expiresAt: values.expiresAt,
          attempts: 0,
          sends: sql`${identityEmailCodes.sends} + 1`,
        })
        .where(
          and(
            eq(identityEmailCodes.interactionUid, interactionUid),
            lt(identityEmailCodes.sends, maxSends),
          ),
        )
        .returning();
      return row;
    },

    /**
     * The proven e-mail's account, and the code used up, in one transaction. A sign-up makes
     * the account, or completes an account of that e-mail made before codes existed (it was
     * never proven, so its password and names are the prover's now); an older account is
     * marked proven. Undefined when the code is gone, or the address got a proven account
     * since the sign-up began.
     */
    async completeVerification(
      code: IdentityEmailCode,
      now: Date,
    ): Promise<IdentityAccount | undefined> {
      return db.transaction(async (tx) => {
        const used = await takeCode(tx, code.interactionUid, 'verify');
        if (!used) return undefined;
        if (used.accountId) {
          const [account] = await tx
            .update(identityAccounts)
            .set({ emailVerifiedAt: now })
            .where(eq(identityAccounts.id, used.accountId))
            .returning();
          return account;
        }
        if (!used.pendingSignup) return undefined;
        const [account] = await tx
          .insert(identityAccounts)
          .values({ email: used.email, ...used.pendingSignup, emailVerifiedAt: now })
          .onConflictDoUpdate({
            target: identityAccounts.email,
            set: { ...used.pendingSignup, emailVerifiedAt: now },
            setWhere: isNull(identityAccounts.emailVerifiedAt),
          })
          .returning();
        return account;
      });
    },

    /**
     * The reset code used up, the account's new password (its e-mail proven by the code), and
     * the provider's sessions of the account ended, in one transaction. Undefined when the
     * code is gone or was sent to no account.
     */
    async completeReset(
      code: IdentityEmailCode,
      passwordHash: string,
      now: Date,
    ): Promise<IdentityAccount | undefined> {
      return db.transaction(async (tx) => {
        const used = await takeCode(tx, code.interactionUid, 'reset');
        if (!used?.accountId || !used.codeHash) return undefined;
        const [account] = await tx
          .update(identityAccounts)
          .set({
            passwordHash,
            emailVerifiedAt: sql`coalesce(${identityAccounts.emailVerifiedAt}, ${now})`,
          })
          .where(eq(identityAccounts.id, used.accountId))
          .returning();
        if (account) await endProviderSessions(tx, account.id);
        return account;
      });
    },

    /** Whether an account other than `accountId` signs in with this address. */
    async emailHeldByOther(email: string, accountId: string): Promise<boolean> {
      const [holder] = await db
        .select({ id: identityAccounts.id })
        .from(identityAccounts)
        .where(and(eq(identityAccounts.email, email), ne(identityAccounts.id, accountId)));
      return holder !== undefined;
    },

    /** Drops the code of this key and purpose; whether there was one. */
    async removeCode(interactionUid: string, purpose: EmailCodePurpose): Promise<boolean> {
      return (await takeCode(db, interactionUid, purpose)) !== undefined;
    },

    /**
     * The e-mail change's code used up and the account's address replaced by the proven one,
     * in one transaction: the account as it is now with its address before, 'taken' when
     * another account got the address meanwhile (the code is spent all the same), or
     * undefined when the code is gone or was sent to no one (an address already taken).
     */
    async completeEmailChange(
      code: IdentityEmailCode,
      now: Date,
    ): Promise<{ account: IdentityAccount; previousEmail: string } | 'taken' | undefined> {
      return db.transaction(async (tx) => {
        const used = await takeCode(tx, code.interactionUid, 'change_email');
        if (!used?.accountId || !used.codeHash) return undefined;
        const [before] = await tx
          .select()
          .from(identityAccounts)
          .where(eq(identityAccounts.id, used.accountId))
          .for('update');
        if (!before) return undefined;
        const [holder] = await tx
          .select({ id: identityAccounts.id })
          .from(identityAccounts)
          .where(eq(identityAccounts.email, used.email));
        if (holder && holder.id !== before.id) return 'taken';
        const [account] = await tx
          .update(identityAccounts)
          .set({ email: used.email, emailVerifiedAt: now })
          .where(eq(identityAccounts.id, before.id))
          .returning();
        return account ? { account, previousEmail: before.email } : undefined;
      });
    },

    /** Ends the provider's own sessions of the account (a deactivated client's, say). */
    async endProviderSessions(accountId: string): Promise<void> {
      await endProviderSessions(db, accountId);
    },

    /** A new password for the account; the provider's sessions of it end. */
    async changePassword(accountId: string, passwordHash: string): Promise<boolean> {
      return db.transaction(async (tx) => {
        const rows = await tx
          .update(identityAccounts)
          .set({ passwordHash })
          .where(eq(identityAccounts.id, accountId))
          .returning({ id: identityAccounts.id });
        if (rows.length === 0) return false;
        await endProviderSessions(tx, accountId);
        return true;
      });
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

/** Clears out expired provider state and e-mail codes: neither is ever read again. */
export async function pruneExpiredOidcPayloads(db: Database): Promise<void> {
  const now = new Date();
  await db.delete(oidcPayloads).where(lt(oidcPayloads.expiresAt, now));
  // A code's row outlives the code by the sign-in's hour, so "Send a new code" still works.
  const signInOver = new Date(now.getTime() - 60 * 60 * 1000);
  await db.delete(identityEmailCodes).where(lt(identityEmailCodes.expiresAt, signInOver));
}

/**
 * What the built-in provider keeps in the database: its keys and secrets (made on first start,
 * so every instance and restart agrees on them) and its own state.
 */
export function createProviderStateRepository(db: Database) {
  return {
    secret: <T>(name: string, create: () => T) => getOrCreateSecret(db, name, create),
    adapterClass: createOidcAdapterClass(db),
    pruneExpired: () => pruneExpiredOidcPayloads(db),
  };
}
export type ProviderStateRepository = ReturnType<typeof createProviderStateRepository>;
