import type { User } from '../../db/schema';
import { AppError } from '../../lib/errors';
import type { IdentityClaims, UserRepository } from './auth.repository';

/** Why a client's sign-in is refused after their issuer vouched for them. */
export const ACCOUNT_DEACTIVATED = 'This account has been deactivated.';

export interface AuthServiceDeps {
  repository: UserRepository;
  /**
   * Gives a client what was written to their e-mail before they had an account (invoices),
   * once an issuer has verified that the address is theirs.
   */
  claimForVerifiedEmail(userId: string, email: string): Promise<unknown>;
  /**
   * A refused sign-in (a deactivated account): ends what the issuer keeps of it where the
   * product can (the built-in provider's session), so the next try asks for the password.
   */
  whenRefused?: (user: User) => Promise<void>;
}

export function createAuthService({
  repository,
  claimForVerifiedEmail,
  whenRefused,
}: AuthServiceDeps) {
  return {
    /** The client the issuer vouched for; refused (403) while the agency has deactivated them. */
    async signIn(claims: IdentityClaims): Promise<User> {
      const user = await repository.upsertFromClaims(claims);
      if (user.deactivatedAt) {
        await whenRefused?.(user);
        throw new AppError(403, ACCOUNT_DEACTIVATED);
      }
      if (user.emailVerified && user.email) await claimForVerifiedEmail(user.id, user.email);
      return user;
    },
    findById: (id: string) => repository.findById(id),
  };
}
export type AuthService = ReturnType<typeof createAuthService>;
