import crypto from 'node:crypto';
import { and, count, desc, eq, gt, isNotNull, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client';
import {
  adminRecoveryCodes,
  admins,
  adminTokens,
  sessions,
  type Admin,
  type AdminTokenRow,
} from '../../db/schema';
import { getOrCreateSecret } from '../../db/secrets';

/**
 * Ends every session of the admin but `keepSessionId`: signed-in ones, and sign-ins waiting
 * for their code (whose password step would otherwise outlive the change).
 */
async function endOtherSessions(tx: Transaction, adminId: string, keepSessionId: string) {
  await tx
    .delete(sessions)
    .where(
      and(
        or(
          sql`${sessions.sess}->>'adminId' = ${adminId}`,
          sql`${sessions.sess}->>'pendingAdminId' = ${adminId}`,
        ),
        ne(sessions.sid, keepSessionId),
      ),
    );
}

type AdminTokenKind = AdminTokenRow['kind'];

/** A link that still works at `at`: not used, not revoked, not expired. */
const usable = (at: Date) =>
  and(isNull(adminTokens.usedAt), isNull(adminTokens.revokedAt), gt(adminTokens.expiresAt, at));

/**
 * Uses the link up, in the caller's transaction: of two requests with the same link, one
 * gets the row and the other nothing.
 */
async function claimToken(tx: Transaction, kind: AdminTokenKind, tokenHash: string, at: Date) {
  const [row] = await tx
    .update(adminTokens)
    .set({ usedAt: at })
    .where(and(eq(adminTokens.kind, kind), eq(adminTokens.tokenHash, tokenHash), usable(at)))
    .returning();
  return row;
}

/** Raised inside a transaction to roll it back: the link stays unused. */
class EmailTaken extends Error {}

export function createAdminRepository(db: Database) {
  // Read on every admin request (requireAdmin): prepared once per connection.
  const adminById = db
    .select()
    .from(admins)
    .where(eq(admins.id, sql.placeholder('id')))
    .prepare('admin_by_id');
  let totpKey: Promise<Buffer> | undefined;
  return {
    /** The AES-256 key of the TOTP secrets, made on first use and kept in the secrets table. */
    twoFactorKey(): Promise<Buffer> {
      totpKey ??= getOrCreateSecret(db, 'totp-encryption-key', () =>
        crypto.randomBytes(32).toString('base64'),
      ).then((value) => Buffer.from(value, 'base64'));
      return totpKey;
    },

    /** Keeps a new secret for an admin who has no second factor yet; false once one is on. */
    async startTotpSetup(id: string, encryptedSecret: string): Promise<boolean> {
      const rows = await db
        .update(admins)
        .set({ totpSecret: encryptedSecret, totpLastStep: null })
        .where(and(eq(admins.id, id), isNull(admins.totpEnabledAt)))
        .returning({ id: admins.id });
      return rows.length > 0;
    },

    /**
     * Turns the second factor on with the step of the confirming code and fresh recovery
     * codes, and ends the admin's other sessions.
     */
    async enableTotp(
      id: string,
      step: number,
      codeHashes: string[],
      keepSessionId: string,
    ): Promise<boolean> {
      return db.transaction(async (tx) => {
        const rows = await tx
          .update(admins)
          .set({ totpEnabledAt: sql`now()`, totpLastStep: step })
          .where(and(eq(admins.id, id), isNull(admins.totpEnabledAt), isNotNull(admins.totpSecret)))
          .returning({ id: admins.id });
        if (rows.length === 0) return false;
        await tx.delete(adminRecoveryCodes).where(eq(adminRecoveryCodes.adminId, id));
        await tx
          .insert(adminRecoveryCodes)
          .values(codeHashes.map((codeHash) => ({ adminId: id, codeHash })));
        await endOtherSessions(tx, id, keepSessionId);
        return true;
      });
    },

    /**
     * Records that the code of `step` was used, only when no code of that step or a later one
     * was: of two requests with the same code, one wins.
     */
    /** Records a sign-in at `at`; true when it is the admin's first. */
    async recordSignIn(id: string, at: Date): Promise<boolean> {
      const first = await db
        .update(admins)
        .set({ lastSignedInAt: at })
        .where(and(eq(admins.id, id), isNull(admins.lastSignedInAt)))
        .returning({ id: admins.id });
      if (first.length > 0) return true;
      await db.update(admins).set({ lastSignedInAt: at }).where(eq(admins.id, id));
      return false;
    },
    async claimTotpStep(id: string, step: number): Promise<boolean> {
      const rows = await db
        .update(admins)
        .set({ totpLastStep: step })
        .where(
          and(eq(admins.id, id), or(isNull(admins.totpLastStep), lt(admins.totpLastStep, step))),
        )
        .returning({ id: admins.id });
      return rows.length > 0;
    },

    /** Turns the second factor off and ends the admin's other sessions. */
    async disableTotp(id: string, keepSessionId: string): Promise<void> {
      await db.transaction(async (tx) => {
        await tx
          .update(admins)
          .set({ totpSecret: null, totpEnabledAt: null, totpLastStep: null })
          .where(eq(admins.id, id));
        await tx.delete(adminRecoveryCodes).where(eq(adminRecoveryCodes.adminId, id));
        await endOtherSessions(tx, id, keepSessionId);
      });
    },

    /** New recovery codes in place of the old, and the admin's other sessions end. */
    async replaceRecoveryCodes(
      id: string,
      codeHashes: string[],
      keepSessionId: string,
    ): Promise<void> {
      await db.transaction(async (tx) => {
        await tx.delete(adminRecoveryCodes).where(eq(adminRecoveryCodes.adminId, id));
        await tx
          .insert(adminRecoveryCodes)
          .values(codeHashes.map((codeHash) => ({ adminId: id, codeHash })));
        await endOtherSessions(tx, id, keepSessionId);
      });
    },

    /** Marks the code used; false when it is unknown or was used before (also concurrently). */
    async useRecoveryCode(id: string, codeHash: string): Promise<boolean> {
      const rows = await db
        .update(adminRecoveryCodes)
        .set({ usedAt: sql`now()` })
        .where(
          and(
            eq(adminRecoveryCodes.adminId, id),
            eq(adminRecoveryCodes.codeHash, codeHash),
            isNull(adminRecoveryCodes.usedAt),
          ),
        )
        .returning({ id: adminRecoveryCodes.id });
      return rows.length > 0;
    },

    async recoveryCodesLeft(id: string): Promise<number> {
      const [row] = await db
        .select({ value: count() })
        .from(adminRecoveryCodes)
        .where(and(eq(adminRecoveryCodes.adminId, id), isNull(adminRecoveryCodes.usedAt)));
      return row?.value ?? 0;
    },

    async findByEmail(email: string): Promise<Admin | undefined> {
      const [admin] = await db.select().from(admins).where(eq(admins.email, email));
      return admin;
    },
    async findById(id: string): Promise<Admin | undefined> {
      const [admin] = await adminById.execute({ id });
      return admin;
    },
    async count(): Promise<number> {
      const [row] = await db.select({ value: count() }).from(admins);
      return row?.value ?? 0;
    },
    /** Inserts the admin; undefined when the e-mail is taken. */
    async insert(values: typeof admins.$inferInsert): Promise<Admin | undefined> {
      const [admin] = await db.insert(admins).values(values).onConflictDoNothing().returning();
      return admin;
    },
    /**
     * Sets the new hash and ends the admin's other sessions, together (half-finished sign-ins
     * too: their password step was the old password).
     */
    async changePassword(id: string, passwordHash: string, keepSessionId: string): Promise<void> {
      await db.transaction(async (tx) => {
        await tx.update(admins).set({ passwordHash }).where(eq(admins.id, id));
        await endOtherSessions(tx, id, keepSessionId);
      });
    },

    /** A new one-time link (its hash), an invitation or a password reset. */
    async insertToken(values: {
      kind: AdminTokenKind;
      tokenHash: string;
      adminId?: string;
      email?: string;
      invitedBy?: string;
      expiresAt: Date;
    }): Promise<AdminTokenRow> {
      const [row] = await db.insert(adminTokens).values(values).returning();
      if (!row) throw new Error('Admin token insert returned no row');
      return row;
    },

    /** The link of this hash when it still works at `at`. */
    async findUsableToken(
      kind: AdminTokenKind,
      tokenHash: string,
      at: Date,
    ): Promise<AdminTokenRow | undefined> {
      const [row] = await db
        .select()
        .from(adminTokens)
        .where(and(eq(adminTokens.kind, kind), eq(adminTokens.tokenHash, tokenHash), usable(at)));
      return row;
    },

    /**
     * Uses the reset link up, sets the new hash, ends every session of its admin and every
     * other reset link of theirs, together. The admin, or undefined when the link did not work.
     */
    async resetPassword(
      tokenHash: string,
      passwordHash: string,
      at: Date,
    ): Promise<{ admin: Admin; tokenId: string } | undefined> {
      return db.transaction(async (tx) => {
        const token = await claimToken(tx, 'password_reset', tokenHash, at);
        if (!token?.adminId) return undefined;
        const [admin] = await tx
          .update(admins)
          .set({ passwordHash })
          .where(eq(admins.id, token.adminId))
          .returning();
        await tx
          .update(adminTokens)
          .set({ revokedAt: at })
          .where(
            and(
              eq(adminTokens.kind, 'password_reset'),
              eq(adminTokens.adminId, token.adminId),
              usable(at),
            ),
          );
        await endOtherSessions(tx, token.adminId, '');
        return admin && { admin, tokenId: token.id };
      });
    },

    /**
     * Uses the invitation or setup link up and inserts the admin, together: a taken e-mail
     * leaves the link unused. The first setup also needs that no admin exists yet.
     */
    async insertWithToken(
      kind: 'invite' | 'setup',
      tokenHash: string,
      values: typeof admins.$inferInsert,
      at: Date,
    ): Promise<
      { admin: Admin; token: AdminTokenRow } | 'link-unusable' | 'email-taken' | 'admin-exists'
    > {
      try {
        return await db.transaction(async (tx) => {
          if (kind === 'setup') {
            const [row] = await tx.select({ value: count() }).from(admins);
            if ((row?.value ?? 0) > 0) return 'admin-exists' as const;
          }
          const token = await claimToken(tx, kind, tokenHash, at);
          if (!token) return 'link-unusable' as const;
          const email = kind === 'invite' ? token.email! : values.email;
          const [admin] = await tx
            .insert(admins)
            .values({ ...values, email })
            .onConflictDoNothing()
            .returning();
          if (!admin) throw new EmailTaken();
          return { admin, token };
        });
      } catch (error) {
        if (error instanceof EmailTaken) return 'email-taken';
        throw error;
      }
    },

    /** One page of the admins, oldest first, and how many there are. */
    async list(limit: number, offset: number) {
      const [rows, [counted]] = await Promise.all([
        db.select().from(admins).orderBy(admins.createdAt, admins.id).limit(limit).offset(offset),
        db.select({ value: count() }).from(admins),
      ]);
      return { rows, total: counted?.value ?? 0 };
    },

    /** One page of the invitations still waiting at `at`, newest first, with who sent each. */
    async pendingInvites(at: Date, limit: number, offset: number) {
      const where = and(eq(adminTokens.kind, 'invite'), usable(at));
      const [rows, [counted]] = await Promise.all([
        db
          .select({ token: adminTokens, invitedBy: admins.email })
          .from(adminTokens)
          .leftJoin(admins, eq(admins.id, adminTokens.invitedBy))
          .where(where)
          .orderBy(desc(adminTokens.createdAt), desc(adminTokens.id))
          .limit(limit)
          .offset(offset),
        db.select({ value: count() }).from(adminTokens).where(where),
      ]);
      return { rows, total: counted?.value ?? 0 };
    },

    /** Revokes the waiting invitation; undefined when there is none of that id. */
    async revokeInvite(id: string, at: Date): Promise<AdminTokenRow | undefined> {
      const [row] = await db
        .update(adminTokens)
        .set({ revokedAt: at })
        .where(and(eq(adminTokens.id, id), eq(adminTokens.kind, 'invite'), usable(at)))
        .returning();
      return row;
    },

    /** Revokes every waiting invitation to this address (a new one replaces them). */
    async revokeInvitesTo(email: string, at: Date): Promise<void> {
      await db
        .update(adminTokens)
        .set({ revokedAt: at })
        .where(and(eq(adminTokens.kind, 'invite'), eq(adminTokens.email, email), usable(at)));
    },
  };
}
export type AdminRepository = ReturnType<typeof createAdminRepository>;
