import { and, eq, not, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { users, type User } from '../../db/schema';

export interface IdentityClaims {
  /** The issuer's URL, or BUILT_IN_ISSUER for the built-in provider. */
  issuer: string;
  subject: string;
  email: string | null;
  /** The issuer's email_verified claim: only a verified e-mail decides what the client owns. */
  emailVerified: boolean;
  firstName: string | null;
  lastName: string | null;
}

export function createUserRepository(db: Database) {
  return {
    async findById(id: string): Promise<User | undefined> {
      const [user] = await db.select().from(users).where(eq(users.id, id));
      return user;
    },

    /**
     * Whether a client other than the one signed in by (issuer, subject) holds this address,
     * proven (it decides whose invoices are whose).
     */
    async verifiedEmailHeldByOther(
      email: string,
      issuer: string,
      subject: string,
    ): Promise<boolean> {
      const [holder] = await db
        .select({ id: users.id })
        .from(users)
        .where(
          and(
            sql`lower(${users.email}) = ${email.toLowerCase()}`,
            eq(users.emailVerified, true),
            not(and(eq(users.oidcIssuer, issuer), eq(users.oidcSubject, subject))!),
          ),
        )
        .limit(1);
      return holder !== undefined;
    },

    /**
     * Creates the user on first sign-in; afterwards refreshes what the provider vouches for:
     * a verified e-mail replaces the one kept; an unverified one replaces only an unverified
     * one (a verified address is not given up for an unproven claim); names only when the
     * client has not set them in the portal.
     */
    async upsertFromClaims(claims: IdentityClaims): Promise<User> {
      const [user] = await db
        .insert(users)
        .values({
          oidcIssuer: claims.issuer,
          oidcSubject: claims.subject,
          email: claims.email,
          emailVerified: claims.emailVerified && claims.email !== null,
          firstName: claims.firstName,
          lastName: claims.lastName,
        })
        .onConflictDoUpdate({
          target: [users.oidcIssuer, users.oidcSubject],
          set: {
            email: sql`case when excluded.email_verified then excluded.email
              when ${users.emailVerified} then ${users.email}
              else coalesce(excluded.email, ${users.email}) end`,
            emailVerified: sql`${users.emailVerified} or excluded.email_verified`,
            firstName: sql`coalesce(${users.firstName}, excluded.first_name)`,
            lastName: sql`coalesce(${users.lastName}, excluded.last_name)`,
            updatedAt: sql`now()`,
          },
        })
        .returning();
      if (!user) throw new Error('User upsert returned no row');
      return user;
    },
  };
}
export type UserRepository = ReturnType<typeof createUserRepository>;
