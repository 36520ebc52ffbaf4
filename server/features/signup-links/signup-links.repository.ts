import { and, count, desc, eq, gt, ilike, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { ListQuery } from '@shared/schemas/common';
import type { PlanId } from '@shared/plans';
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

    /**
     * One page of the client accounts with their subscriptions, newest first; `q` matches
     * anywhere in the name, the e-mail or the business name, ignoring case.
     */
    async listClients({ q, page, pageSize }: ListQuery) {
      let where: SQL | undefined;
      if (q) {
        const pattern = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
        where = or(
          ilike(
            sql`coalesce(${users.firstName}, '') || ' ' || coalesce(${users.lastName}, '')`,
            pattern,
          ),
          ilike(users.email, pattern),
          ilike(users.businessName, pattern),
        );
      }
      const [rows, [total]] = await Promise.all([
        db
          .select({ user: users, plan: subscriptions.tier, status: subscriptions.status })
          .from(users)
          .leftJoin(subscriptions, eq(subscriptions.userId, users.id))
          .where(where)
          .orderBy(desc(users.createdAt), desc(users.id))
          .limit(pageSize)
          .offset((page - 1) * pageSize),
        db.select({ n: count() }).from(users).where(where),
      ]);
      return { rows, total: total?.n ?? 0 };
    },
  };
}
export type SignupLinkRepository = ReturnType<typeof createSignupLinkRepository>;
