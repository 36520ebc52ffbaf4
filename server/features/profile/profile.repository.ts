import { eq } from 'drizzle-orm';
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
    async find(userId: string): Promise<CurrentUser | undefined> {
      const [profile] = await db.select(profileColumns).from(users).where(eq(users.id, userId));
      return profile;
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
