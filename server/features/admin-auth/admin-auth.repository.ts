import crypto from 'node:crypto';
import { and, count, eq, isNotNull, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { adminRecoveryCodes, admins, sessions, type Admin } from '../../db/schema';
import { getOrCreateSecret } from '../../db/secrets';

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

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
  };
}
export type AdminRepository = ReturnType<typeof createAdminRepository>;
