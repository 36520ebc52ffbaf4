import type { AdminSetup, CurrentAdmin } from '../../../shared/schemas/auth';
import type { Admin } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { hashPassword, verifyPassword } from '../../lib/passwords';
import type { AdminRepository } from './admin-auth.repository';

export function toPublicAdmin(admin: Admin): CurrentAdmin {
  return {
    id: admin.id,
    email: admin.email,
    firstName: admin.firstName,
    lastName: admin.lastName,
    createdAt: admin.createdAt.toISOString(),
  };
}

export function createAdminAuthService(repository: AdminRepository) {
  return {
    /** The admin whose e-mail and password match, or a 401 that does not say which was wrong. */
    async authenticate(email: string, password: string): Promise<Admin> {
      const admin = await repository.findByEmail(email.toLowerCase());
      const valid = await verifyPassword(password, admin?.passwordHash);
      if (!admin || !valid) throw new AppError(401, 'Invalid credentials');
      return admin;
    },

    async create(input: AdminSetup): Promise<Admin> {
      const admin = await repository.insert({
        email: input.email.toLowerCase(),
        passwordHash: await hashPassword(input.password),
        firstName: input.firstName || null,
        lastName: input.lastName || null,
      });
      if (!admin) throw new AppError(409, 'An admin with this email already exists');
      return admin;
    },

    async findById(id: string): Promise<Admin | undefined> {
      return repository.findById(id);
    },

    count: () => repository.count(),

    /**
     * POST /api/admin/reset-password: the current password must be right; the admin's other
     * sessions end (a stolen session does not outlive the change).
     */
    async changePassword(
      admin: Admin,
      currentPassword: string,
      newPassword: string,
      sessionId: string,
    ): Promise<void> {
      if (!(await verifyPassword(currentPassword, admin.passwordHash))) {
        throw new AppError(400, 'Current password is incorrect');
      }
      await repository.changePassword(admin.id, await hashPassword(newPassword), sessionId);
    },
  };
}
export type AdminAuthService = ReturnType<typeof createAdminAuthService>;
