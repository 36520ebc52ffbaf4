import type { User } from '../../db/schema';
import type { IdentityClaims, UserRepository } from './auth.repository';

export interface AuthServiceDeps {
  repository: UserRepository;
  /**
   * Gives a client what was written to their e-mail before they had an account (invoices),
   * once an issuer has verified that the address is theirs.
   */
  claimForVerifiedEmail(userId: string, email: string): Promise<unknown>;
}

export function createAuthService({ repository, claimForVerifiedEmail }: AuthServiceDeps) {
  return {
    async signIn(claims: IdentityClaims): Promise<User> {
      const user = await repository.upsertFromClaims(claims);
      if (user.emailVerified && user.email) await claimForVerifiedEmail(user.id, user.email);
      return user;
    },
    findById: (id: string) => repository.findById(id),
  };
}
export type AuthService = ReturnType<typeof createAuthService>;
