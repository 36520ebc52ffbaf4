import type { PasswordChangeForm } from '@shared/schemas/auth';
import type {
  CurrentUser,
  EmailChangeAnswer,
  EmailChangeStatus,
  PasswordStatus,
  UpdateProfile,
} from '@shared/schemas/profile';
import type { User } from '../../db/schema';
import type { AuditTrail } from '../../lib/audit-trail';
import { AppError } from '../../lib/errors';
import type { IdentityService, PendingAddress } from '../identity/identity.service';
import type { ProfileRepository } from './profile.repository';

export const PASSWORD_ELSEWHERE =
  'Your password is managed by the service you sign in with. Change it there.';
export const PASSWORD_CHANGED = 'Password changed. Other devices have been logged out.';
export const EMAIL_ELSEWHERE =
  'Your e-mail address is managed by the service you sign in with. Change it there.';

const toPending = (pending: PendingAddress | null) =>
  pending ? { email: pending.email, expiresAt: pending.expiresAt.toISOString() } : null;

export interface ProfilePasswordDeps {
  identity: Pick<
    IdentityService,
    | 'changePassword'
    | 'accountEmail'
    | 'startEmailChange'
    | 'pendingEmailChange'
    | 'confirmEmailChange'
    | 'resendEmailChangeCode'
    | 'cancelEmailChange'
  >;
  /**
   * The client's account id at the built-in provider, when it signs them in (none when an
   * external issuer does).
   */
  builtInAccountId: (who: Pick<User, 'oidcIssuer' | 'oidcSubject'>) => string | undefined;
  /** Ends the client's sessions but the one given. */
  endOtherSessions: (userId: string, keepSessionId: string) => Promise<void>;
  /** Where a client's change of sign-in address is recorded. */
  audit: AuditTrail;
}

/** A client's own account details: read with every page of the portal, edited on its overview. */
export function createProfileService(
  repository: ProfileRepository,
  { identity, builtInAccountId, endOtherSessions, audit }: ProfilePasswordDeps,
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

    /** Whether the client's sign-in address can be changed here, and the change under way. */
    async emailChangeStatus(userId: string): Promise<EmailChangeStatus> {
      const accountId = await builtInAccount(userId);
      if (!accountId) return { canChange: false, pending: null };
      return { canChange: true, pending: toPending(await identity.pendingEmailChange(accountId)) };
    },

    /**
     * A new sign-in address: a code goes to it. The answer is the same whether or not another
     * account holds the address (its holder is told instead, and no code can match).
     */
    async startEmailChange(userId: string, email: string): Promise<EmailChangeAnswer> {
      const accountId = await builtInAccount(userId);
      if (!accountId) throw new AppError(409, EMAIL_ELSEWHERE);
      const pending = await identity.startEmailChange(accountId, email, 'client');
      return {
        message: `We sent a 6-digit code to ${email}. Enter it here to confirm your new address.`,
        pending: toPending(pending),
      };
    },

    /** A new code for the change under way. */
    async resendEmailChangeCode(userId: string): Promise<EmailChangeAnswer> {
      const accountId = await builtInAccount(userId);
      if (!accountId) throw new AppError(409, EMAIL_ELSEWHERE);
      const pending = await identity.resendEmailChangeCode(accountId);
      return { message: `We sent a new code to ${pending.email}.`, pending: toPending(pending) };
    },

    /**
     * The code mailed to the new address: the client signs in with it from now on (this
     * session stays), their previous address is told, and the audit log keeps the change.
     */
    async confirmEmailChange(userId: string, code: string): Promise<EmailChangeAnswer> {
      const accountId = await builtInAccount(userId);
      if (!accountId) throw new AppError(409, EMAIL_ELSEWHERE);
      const { previousEmail, email } = await identity.confirmEmailChange(accountId, code);
      await repository.changeEmail(userId, email);
      await audit.record(
        { adminId: null, email: previousEmail },
        {
          kind: 'client.email_changed',
          targetType: 'client',
          targetId: userId,
          before: { email: previousEmail },
          after: { email },
        },
      );
      return {
        message: `Your e-mail address is now ${email}. Use it to sign in from now on.`,
        pending: null,
      };
    },

    /** Drops the change under way, if any: its code works no more. */
    async cancelEmailChange(userId: string): Promise<EmailChangeAnswer> {
      const accountId = await builtInAccount(userId);
      if (accountId) await identity.cancelEmailChange(accountId);
      return { message: 'The e-mail change is cancelled.', pending: null };
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
