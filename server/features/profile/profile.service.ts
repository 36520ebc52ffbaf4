import type { CurrentUser, UpdateProfile } from '@shared/schemas/profile';
import { AppError } from '../../lib/errors';
import type { ProfileRepository } from './profile.repository';

/** A client's own account details: read with every page of the portal, edited on its overview. */
export function createProfileService(repository: ProfileRepository) {
  return {
    find: (userId: string): Promise<CurrentUser | undefined> => repository.find(userId),

    async update(userId: string, changes: UpdateProfile): Promise<CurrentUser> {
      const profile = await repository.update(userId, changes);
      if (!profile) throw new AppError(401, 'Unauthorized');
      return profile;
    },
  };
}
export type ProfileService = ReturnType<typeof createProfileService>;
