import {
  ADMIN_LINK_INVALID,
  ADMIN_RESET_LINK_VALIDITY_MINUTES,
} from '@shared/schemas/admin-accounts';
import type { Admin } from '../../db/schema';
import { actorOf } from '../../lib/audit-trail';
import { AppError } from '../../lib/errors';
import { hashPassword } from '../../lib/passwords';
import { hashLinkToken, linkUrl, newLinkToken, type AdminLinkContext } from './admin-links';

const RESET_SCREEN = '/admin/reset-password';
/** Who the audit log says made a reset link: the admin who asked, or the command. */
export type ResetRequestedVia = 'email' | 'command-line';

/**
 * "Forgot password?" for admins: a one-time link by e-mail (or printed by
 * `npm run admin:reset-password`), then a new password that ends every session.
 */
export function createAdminPasswordReset({
  repository,
  audit,
  mail,
  background,
  appUrl,
  now,
}: AdminLinkContext) {
  async function newResetLink(admin: Admin, via: ResetRequestedVia) {
    const token = newLinkToken();
    const expiresAt = new Date(now().getTime() + ADMIN_RESET_LINK_VALIDITY_MINUTES * 60_000);
    const row = await repository.insertToken({
      kind: 'password_reset',
      tokenHash: hashLinkToken(token),
      adminId: admin.id,
      expiresAt,
    });
    await audit.record(
      via === 'email' ? actorOf(admin) : { adminId: null, email: 'npm run admin:reset-password' },
      {
        kind: 'admin.password_reset_requested',
        targetType: 'admin',
        targetId: admin.id,
        after: { via, expiresAt: expiresAt.toISOString() },
      },
    );
    return { row, token, url: linkUrl(appUrl, RESET_SCREEN, token), expiresAt };
  }

  async function mailResetLink(email: string): Promise<void> {
    const admin = await repository.findByEmail(email.toLowerCase());
    if (!admin) return;
    const { row, token, url, expiresAt } = await newResetLink(admin, 'email');
    mail.adminLink(admin.email, {
      kind: 'password_reset',
      tokenId: row.id,
      token,
      url,
      expiresAt,
      validMinutes: ADMIN_RESET_LINK_VALIDITY_MINUTES,
    });
  }

  return {
    /**
     * Mails a reset link when the address is an admin's, after the answer: the request does
     * nothing else for any address (not even the look-up), so neither the answer nor its
     * timing says whether the address is an admin's.
     */
    requestPasswordReset(email: string): void {
      background.run('admin-password-reset', () => mailResetLink(email));
    },

    /** For `npm run admin:reset-password`: the link to print, or a 404 for an unknown address. */
    async passwordResetLink(email: string): Promise<{ url: string; expiresAt: Date }> {
      const admin = await repository.findByEmail(email.toLowerCase());
      if (!admin) throw new AppError(404, `No admin has the e-mail ${email}.`);
      const { url, expiresAt } = await newResetLink(admin, 'command-line');
      return { url, expiresAt };
    },

    /** The reset page: checks the link still works before asking for the password. */
    async checkResetLink(token: string): Promise<void> {
      const row = await repository.findUsableToken('password_reset', hashLinkToken(token), now());
      if (!row) throw new AppError(400, ADMIN_LINK_INVALID);
    },

    /**
     * Uses the link up and sets the new password; every session of the admin ends, and their
     * other reset links stop working. The admin, to sign in (with the second factor if on).
     */
    async resetPassword(token: string, password: string): Promise<Admin> {
      const reset = await repository.resetPassword(
        hashLinkToken(token),
        await hashPassword(password),
        now(),
      );
      if (!reset) throw new AppError(400, ADMIN_LINK_INVALID);
      const { admin, tokenId } = reset;
      await mail.forgetAdminLink(tokenId);
      await audit.record(actorOf(admin), {
        kind: 'admin.password_reset',
        targetType: 'admin',
        targetId: admin.id,
        after: { otherSessionsEnded: true },
      });
      return admin;
    },
  };
}
