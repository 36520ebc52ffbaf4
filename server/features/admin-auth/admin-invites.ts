import {
  ADMIN_INVITE_INVALID,
  ADMIN_INVITE_VALIDITY_DAYS,
  type AcceptAdminInvite,
  type AdminInviteDetails,
  type AdminListPage,
  type PendingAdminInvitePage,
} from '@shared/schemas/admin-accounts';
import { pageOffset, type PageInfo } from '@shared/schemas/common';
import type { Admin } from '../../db/schema';
import { actorOf } from '../../lib/audit-trail';
import { AppError } from '../../lib/errors';
import { existingId } from '../../lib/ids';
import { hashPassword } from '../../lib/passwords';
import { hashLinkToken, linkUrl, newLinkToken, type AdminLinkContext } from './admin-links';

const ACCEPT_SCREEN = '/admin/accept-invite';
export const INVITE_NOT_FOUND = 'Invitation not found';
export const ALREADY_ADMIN = 'This address already belongs to an admin';

type Paging = Pick<PageInfo, 'page' | 'pageSize'>;

/** Settings' "Admins": the admins, invitations by e-mail, and the accept page. */
export function createAdminInvites({ repository, audit, mail, appUrl, now }: AdminLinkContext) {
  return {
    async listAdmins(paging: Paging): Promise<AdminListPage> {
      const { rows, total } = await repository.list(paging.pageSize, pageOffset(paging));
      return {
        items: rows.map((admin) => ({
          id: admin.id,
          email: admin.email,
          firstName: admin.firstName,
          lastName: admin.lastName,
          twoFactorEnabled: admin.totpEnabledAt !== null,
          createdAt: admin.createdAt.toISOString(),
        })),
        total,
        page: paging.page,
        pageSize: paging.pageSize,
      };
    },

    async pendingInvites(paging: Paging): Promise<PendingAdminInvitePage> {
      const { rows, total } = await repository.pendingInvites(
        now(),
        paging.pageSize,
        pageOffset(paging),
      );
      return {
        items: rows.map(({ token, invitedBy }) => ({
          id: token.id,
          email: token.email ?? '',
          invitedBy,
          createdAt: token.createdAt.toISOString(),
          expiresAt: token.expiresAt.toISOString(),
        })),
        total,
        page: paging.page,
        pageSize: paging.pageSize,
      };
    },

    /**
     * Mails a one-time invitation; it replaces any still waiting for the address. A 409 for
     * an address that is an admin's already.
     */
    async invite(by: Admin, email: string): Promise<void> {
      const address = email.toLowerCase();
      if (await repository.findByEmail(address)) throw new AppError(409, ALREADY_ADMIN);
      await repository.revokeInvitesTo(address, now());
      const token = newLinkToken();
      const expiresAt = new Date(now().getTime() + ADMIN_INVITE_VALIDITY_DAYS * 86_400_000);
      const row = await repository.insertToken({
        kind: 'invite',
        tokenHash: hashLinkToken(token),
        email: address,
        invitedBy: by.id,
        expiresAt,
      });
      await audit.record(actorOf(by), {
        kind: 'admin.invited',
        targetType: 'admin_invite',
        targetId: row.id,
        after: { email: address, expiresAt: expiresAt.toISOString() },
      });
      mail.adminLink(address, {
        kind: 'invite',
        tokenId: row.id,
        token,
        url: linkUrl(appUrl, ACCEPT_SCREEN, token),
        expiresAt,
        invitedBy: by.email,
      });
    },

    async revokeInvite(by: Admin, id: string): Promise<void> {
      const row = await repository.revokeInvite(existingId(id, INVITE_NOT_FOUND), now());
      if (!row) throw new AppError(404, INVITE_NOT_FOUND);
      await mail.forgetAdminLink(row.id);
      await audit.record(actorOf(by), {
        kind: 'admin.invite_revoked',
        targetType: 'admin_invite',
        targetId: row.id,
        before: { email: row.email },
      });
    },

    /** The accept page: who the invitation is for, while it works. */
    async inviteDetails(token: string): Promise<AdminInviteDetails> {
      const row = await repository.findUsableToken('invite', hashLinkToken(token), now());
      if (!row) throw new AppError(400, ADMIN_INVITE_INVALID);
      return { email: row.email ?? '' };
    },

    /** Uses the invitation up and creates its admin, recorded as made by the inviter. */
    async acceptInvite(input: AcceptAdminInvite): Promise<Admin> {
      const result = await repository.insertWithToken(
        'invite',
        hashLinkToken(input.token),
        {
          email: '',
          passwordHash: await hashPassword(input.password),
          firstName: input.firstName,
          lastName: input.lastName,
        },
        now(),
      );
      if (result === 'email-taken') throw new AppError(409, ALREADY_ADMIN);
      if (typeof result === 'string') throw new AppError(400, ADMIN_INVITE_INVALID);
      const { admin, token } = result;
      await mail.forgetAdminLink(token.id);
      const inviter = token.invitedBy ? await repository.findById(token.invitedBy) : undefined;
      await audit.record(
        inviter ? actorOf(inviter) : { adminId: null, email: 'admin invitation' },
        {
          kind: 'admin.created',
          targetType: 'admin',
          targetId: admin.id,
          before: null,
          after: {
            email: admin.email,
            firstName: admin.firstName,
            lastName: admin.lastName,
            via: 'invitation',
          },
        },
      );
      return admin;
    },
  };
}
