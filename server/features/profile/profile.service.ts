import type { PasswordChangeForm } from '@shared/schemas/auth';
import type { CurrentUser, PasswordStatus, UpdateProfile } from '@shared/schemas/profile';
import type { User } from '../../db/schema';
import { AppError } from '../../lib/errors';
import type { IdentityService } from '../identity/identity.service';
import type { ProfileRepository } from './profile.repository';

export const PASSWORD_ELSEWHERE =
  'Your password is managed by the service you sign in with. Change it there.';
export const PASSWORD_CHANGED = 'Password changed. Other devices have been logged out.';

export interface ProfilePasswordDeps {
  identity: Pick<IdentityService, 'changePassword' | 'accountEmail'>;
  /**
   * The client's account id at the built-in provider, when it signs them in (none when an
   * external issuer does).
   */
  builtInAccountId: (who: Pick<User, 'oidcIssuer' | 'oidcSubject'>) => string | undefined;
  /** Ends the client's sessions but the one given. */
  endOtherSessions: (userId: string, keepSessionId: string) => Promise<void>;
}

/** A client's own account details: read with every page of the portal, edited on its overview. */
export function createProfileService(
  repository: ProfileRepository,
  { identity, builtInAccountId, endOtherSessions }: ProfilePasswordDeps,
) {
  /** The client's account at the built-in provider, when their password is ours to change. */
  async function builtInAccount(userId: string): Promise<string | undefined> {
    const who = await repository.signInIdentity(userId);
    const accountId = who && builtInAccountId(who);
    if (!accountId) return undefined;
    return (await identity.accountEmail(accountId)) === undefined ? undefined : accountId;
  }

  return {
    find: (userId: string): Promise<CurrentUser | undefined> => repository.find(userId),

    async update(userId: string, changes: UpdateProfile): Promise<CurrentUser> {
      const profile = await repository.update(userId, changes);
      if (!profile) throw new AppError(401, 'Unauthorized');
      return profile;
    },

    async passwordStatus(userId: string): Promise<PasswordStatus> {
      return { canChange: (await builtInAccount(userId)) !== undefined };
    },

    /**
     * The current password, then the new one: every other session of the client ends (the
     * provider's sessions included), the one that asked stays signed in.
     */
    async changePassword(
      userId: string,
      sessionId: string,
      { currentPassword, newPassword }: PasswordChangeForm,
    ): Promise<{ message: string }> {
      const accountId = await builtInAccount(userId);
      if (!accountId) throw new AppError(409, PASSWORD_ELSEWHERE);
      await identity.changePassword(accountId, currentPassword, newPassword);
      await endOtherSessions(userId, sessionId);
      return { message: PASSWORD_CHANGED };
    },
  };
}
export type ProfileService = ReturnType<typeof createProfileService>;
