import {
  ADMIN_SETUP_FINISHED,
  ADMIN_SETUP_LINK_INVALID,
  ADMIN_SETUP_LINK_VALIDITY_HOURS,
  type FirstAdmin,
} from '@shared/schemas/admin-accounts';
import type { Admin } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { hashPassword } from '../../lib/passwords';
import { hashLinkToken, linkUrl, newLinkToken, type AdminLinkContext } from './admin-links';

const SETUP_SCREEN = '/admin/setup';

/**
 * A fresh install's first admin: the server prints a one-time link at start, and the setup
 * page creates the admin with it. Once any admin exists, neither works any more.
 */
export function createFirstAdminSetup({ repository, audit, appUrl, now }: AdminLinkContext) {
  return {
    /** A new setup link to print, or null when an admin exists. */
    async newSetupLink(): Promise<{ url: string; expiresAt: Date } | null> {
      if ((await repository.count()) > 0) return null;
      const token = newLinkToken();
      const expiresAt = new Date(now().getTime() + ADMIN_SETUP_LINK_VALIDITY_HOURS * 3_600_000);
      await repository.insertToken({ kind: 'setup', tokenHash: hashLinkToken(token), expiresAt });
      return { url: linkUrl(appUrl, SETUP_SCREEN, token), expiresAt };
    },

    /** The setup page: a 404 once an admin exists, a 400 for a link that does not work. */
    async checkSetupLink(token: string): Promise<void> {
      if ((await repository.count()) > 0) throw new AppError(404, ADMIN_SETUP_FINISHED);
      const row = await repository.findUsableToken('setup', hashLinkToken(token), now());
      if (!row) throw new AppError(400, ADMIN_SETUP_LINK_INVALID);
    },

    async createFirstAdmin(input: FirstAdmin): Promise<Admin> {
      const result = await repository.insertWithToken(
        'setup',
        hashLinkToken(input.token),
        {
          email: input.email.toLowerCase(),
          passwordHash: await hashPassword(input.password),
          firstName: input.firstName,
          lastName: input.lastName,
        },
        now(),
      );
      if (result === 'admin-exists' || result === 'email-taken') {
        throw new AppError(404, ADMIN_SETUP_FINISHED);
      }
      if (result === 'link-unusable') throw new AppError(400, ADMIN_SETUP_LINK_INVALID);
      const { admin } = result;
      await audit.record(
        { adminId: null, email: 'setup link printed at start' },
        {
          kind: 'admin.created',
          targetType: 'admin',
          targetId: admin.id,
          before: null,
          after: {
            email: admin.email,
            firstName: admin.firstName,
            lastName: admin.lastName,
            via: 'setup-link',
          },
        },
      );
      return admin;
    },
  };
}
