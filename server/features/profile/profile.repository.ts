import { and, eq, isNull } from 'drizzle-orm';
import type { CurrentUser, UpdateProfile } from '@shared/schemas/profile';
import type { Database } from '../../db/client';
import { users } from '../../db/schema';

/** The columns of a client account the API shows as their profile (CurrentUserSchema). */
const profileColumns = {
  id: users.id,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  businessName: users.businessName,
  phoneNumber: users.phoneNumber,
};

export function createProfileRepository(db: Database) {
  return {
    /** The client's profile; none for a deactivated account (it is signed in nowhere). */
    async find(userId: string): Promise<CurrentUser | undefined> {
      const [profile] = await db
        .select(profileColumns)
        .from(users)
        .where(and(eq(users.id, userId), isNull(users.deactivatedAt)));
      return profile;
    },

    /** The client's address, proven by a code: it decides what is theirs from now on. */
    async changeEmail(userId: string, email: string): Promise<void> {
      await db
        .update(users)
        .set({ email, emailVerified: true, updatedAt: new Date() })
        .where(eq(users.id, userId));
    },

    /** Who signs the client in: the issuer and their subject there. */
    async signInIdentity(
      userId: string,
    ): Promise<{ oidcIssuer: string; oidcSubject: string } | undefined> {
      const [identity] = await db
        .select({ oidcIssuer: users.oidcIssuer, oidcSubject: users.oidcSubject })
        .from(users)
        .where(eq(users.id, userId));
      return identity;
    },

    async update(userId: string, changes: UpdateProfile): Promise<CurrentUser | undefined> {
      const [profile] = await db
        .update(users)
        .set({ ...changes, updatedAt: new Date() })
        .where(eq(users.id, userId))
        .returning(profileColumns);
      return profile;
    },
  };
}
export type ProfileRepository = ReturnType<typeof createProfileRepository>;
