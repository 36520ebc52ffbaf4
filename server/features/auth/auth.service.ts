import type { CurrentUser, UpdateProfile } from '../../../shared/schemas/profile';
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

export function createAuthService(repository: UserRepository) {
  return {
    signIn: (claims: IdentityClaims) => repository.upsertFromClaims(claims),
    findById: (id: string) => repository.findById(id),
    async updateProfile(id: string, changes: UpdateProfile): Promise<User> {
      const user = await repository.updateProfile(id, changes);
      if (!user) throw new AppError(401, 'Unauthorized');
      return user;
    },
  };
}
export type AuthService = ReturnType<typeof createAuthService>;
