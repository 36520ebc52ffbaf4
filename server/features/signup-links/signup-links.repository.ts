import { and, count, desc, eq, gt, isNotNull, isNull, lte, type SQL } from 'drizzle-orm';
import type { PlanId } from '@shared/plans';
import type { SignupLinkState } from '@shared/schemas/signup-links';
import type { Database } from '../../db/client';
import { signupLinks, signupLinkSearchText } from '../../db/schema';
import { onPage } from '../../db/paging';
import { textContains } from '../../db/search';

export interface SignupLinkFilter {
  q: string;
  state?: SignupLinkState;
  email?: string;
  /** The moment that decides which links have expired. */
  at: Date;
  limit: number;
  offset: number;
}

/** The links in a state at a moment (stateOf in the service, as a condition). */
function inState(state: SignupLinkState, at: Date): SQL {
  if (state === 'used') return isNotNull(signupLinks.usedAt);
  if (state === 'revoked')
    return and(isNull(signupLinks.usedAt), isNotNull(signupLinks.revokedAt))!;
  return and(
    isNull(signupLinks.usedAt),
    isNull(signupLinks.revokedAt),
    state === 'waiting' ? gt(signupLinks.expiresAt, at) : lte(signupLinks.expiresAt, at),
  )!;
}

export function createSignupLinkRepository(db: Database) {
  return {
    async insert(values: { tokenHash: string; email: string; planType: PlanId; expiresAt: Date }) {
      const [row] = await db.insert(signupLinks).values(values).returning();
      if (!row) throw new Error('Signup link insert returned no row');
      return row;
    },

    /** One page of the links, newest first, and how many match. */
    async list(filter: SignupLinkFilter) {
      const conditions: SQL[] = [];
      if (filter.q) conditions.push(textContains(signupLinkSearchText, filter.q));
      if (filter.state) conditions.push(inState(filter.state, filter.at));
      if (filter.email) conditions.push(eq(signupLinks.email, filter.email));
      const where = conditions.length ? and(...conditions) : undefined;
      const order = [desc(signupLinks.createdAt), desc(signupLinks.id)];
      const [rows, [counted]] = await Promise.all([
        db
          .select()
          .from(signupLinks)
          .where(onPage(db, signupLinks, signupLinks.id, where, order, filter))
          .orderBy(...order),
        db.select({ value: count() }).from(signupLinks).where(where),
      ]);
      return { rows, total: counted?.value ?? 0 };
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
            isNull(signupLinks.revokedAt),
            gt(signupLinks.expiresAt, at),
          ),
        )
        .returning();
      return row ?? null;
    },

    /**
     * A new token (and validity) for an invitation not used nor revoked: the old link stops
     * working. Null when the link was used or revoked meanwhile.
     */
    async renew(id: string, tokenHash: string, expiresAt: Date) {
      const [row] = await db
        .update(signupLinks)
        .set({ tokenHash, expiresAt })
        .where(
          and(eq(signupLinks.id, id), isNull(signupLinks.usedAt), isNull(signupLinks.revokedAt)),
        )
        .returning();
      return row ?? null;
    },

    /** Takes back an invitation not used nor revoked yet; null otherwise. */
    async revoke(id: string, at: Date) {
      const [row] = await db
        .update(signupLinks)
        .set({ revokedAt: at })
        .where(
          and(eq(signupLinks.id, id), isNull(signupLinks.usedAt), isNull(signupLinks.revokedAt)),
        )
        .returning();
      return row ?? null;
    },
  };
}
export type SignupLinkRepository = ReturnType<typeof createSignupLinkRepository>;
