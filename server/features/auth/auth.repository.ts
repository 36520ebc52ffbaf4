import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { users, type User } from '../../db/schema';

export interface IdentityClaims {
  issuer: string;
  subject: string;
  email: string | null;
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
     * Creates the user on first sign-in; afterwards refreshes what the provider vouches for
     * (e-mail always; names only when the client has not set them in the portal).
     */
    async upsertFromClaims(claims: IdentityClaims): Promise<User> {
      const [user] = await db
        .insert(users)
        .values({
          oidcIssuer: claims.issuer,
          oidcSubject: claims.subject,
          email: claims.email,
          firstName: claims.firstName,
          lastName: claims.lastName,
        })
        .onConflictDoUpdate({
          target: [users.oidcIssuer, users.oidcSubject],
          set: {
            email: claims.email,
            firstName: sql`coalesce(${users.firstName}, excluded.first_name)`,
            lastName: sql`coalesce(${users.lastName}, excluded.last_name)`,
            updatedAt: sql`now()`,
          },
        })
        .returning();
      if (!user) throw new Error('User upsert returned no row');
      return user;
    },

    async updateProfile(
      id: string,
      changes: Partial<Pick<User, 'firstName' | 'lastName' | 'businessName' | 'phoneNumber'>>,
    ): Promise<User | undefined> {
      const [user] = await db
        .update(users)
        .set({ ...changes, updatedAt: new Date() })
        .where(eq(users.id, id))
        .returning();
      return user;
    },
  };
}
export type UserRepository = ReturnType<typeof createUserRepository>;
