import type { CurrentUser, UpdateProfile } from '@shared/schemas/profile';
import type { User } from '../../db/schema';
import { AppError } from '../../lib/errors';
import type { IdentityClaims, UserRepository } from './auth.repository';

export function toPublicUser(user: User): CurrentUser {
  return {
    id: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    businessName: user.businessName,
    phoneNumber: user.phoneNumber,
  };
}

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
    async updateProfile(id: string, changes: UpdateProfile): Promise<User> {
      const user = await repository.updateProfile(id, changes);
      if (!user) throw new AppError(401, 'Unauthorized');
      return user;
    },
  };
}
export type AuthService = ReturnType<typeof createAuthService>;
