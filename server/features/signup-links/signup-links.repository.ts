import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import type { PlanId } from '../../../shared/plans';
import type { Database } from '../../db/client';
import { signupLinks, subscriptions, users } from '../../db/schema';

export function createSignupLinkRepository(db: Database) {
  return {
    async insert(values: { tokenHash: string; email: string; planType: PlanId; expiresAt: Date }) {
      const [row] = await db.insert(signupLinks).values(values).returning();
      if (!row) throw new Error('Signup link insert returned no row');
      return row;
    },

    async list(limit = 200) {
      return db.select().from(signupLinks).orderBy(desc(signupLinks.createdAt)).limit(limit);
    },

    async findById(id: string) {
      const [row] = await db.select().from(signupLinks).where(eq(signupLinks.id, id));
      return row ?? null;
    },

    async findByHash(tokenHash: string) {
      const [row] = await db.select().from(signupLinks).where(eq(signupLinks.tokenHash, tokenHash));
      return row ?? null;
    },

    /** Marks the link used, only if it is still unused and unexpired: one statement, one winner. */
    async consume(tokenHash: string, userId: string, at: Date) {
      const [row] = await db
        .update(signupLinks)
        .set({ usedAt: at, usedBy: userId })
        .where(
          and(
            eq(signupLinks.tokenHash, tokenHash),
            isNull(signupLinks.usedAt),
            gt(signupLinks.expiresAt, at),
          ),
        )
        .returning();
      return row ?? null;
    },

    /** Every client account with its subscription, newest first. */
    async listClients() {
      return db
        .select({ user: users, plan: subscriptions.tier, status: subscriptions.status })
        .from(users)
        .leftJoin(subscriptions, eq(subscriptions.userId, users.id))
        .orderBy(desc(users.createdAt));
    },
  };
}
export type SignupLinkRepository = ReturnType<typeof createSignupLinkRepository>;
