import crypto from 'node:crypto';
import type { AuditTrail } from '../../lib/audit-trail';
import type { BackgroundWork } from '../../lib/background-work';
import type { AdminRepository } from './admin-auth.repository';

/** 256 random bits, as the link carries them; only their SHA-256 is stored. */
export const newLinkToken = () => crypto.randomBytes(32).toString('base64url');
export const hashLinkToken = (token: string) =>
  crypto.createHash('sha256').update(token).digest('hex');

/** What the admin accounts' one-time links send by e-mail (createAdminAuthEmails). */
export interface AdminLinkMail {
  adminLink(
    to: string,
    link: { tokenId: string; token: string; url: string; expiresAt: Date } & (
      { kind: 'password_reset'; validMinutes: number } | { kind: 'invite'; invitedBy: string }
    ),
  ): void;
  forgetAdminLink(tokenId: string): Promise<void>;
}

/** What each use case of the one-time links works with. */
export interface AdminLinkContext {
  repository: AdminRepository;
  audit: AuditTrail;
  mail: AdminLinkMail;
  /** Where "Forgot password?" looks the address up and mails the link, after the answer. */
  background: BackgroundWork;
  appUrl: string;
  now: () => Date;
}

/** The address of a screen of the admin with the link's token. */
export const linkUrl = (appUrl: string, screen: string, token: string) =>
  `${appUrl}${screen}?token=${encodeURIComponent(token)}`;
