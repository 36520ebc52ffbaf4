import { renderEmail, type EmailBrand, type RenderedEmail } from '../../lib/email-layout';
import { displayDateTime, endSentence } from '../../lib/format';
import type { Send } from '../mail/mail.service';
import type { AdminLinkMail } from './admin-links';

/** "Forgot password?" on the admin sign-in page: the link that sets a new password. */
export function adminPasswordResetEmail(
  brand: EmailBrand,
  { resetUrl, validMinutes }: { resetUrl: string; validMinutes: number },
): RenderedEmail {
  return renderEmail(
    brand,
    `Set a new password for your ${brand.businessName} admin account`,
    [
      'Hello,',
      'Someone, perhaps you, asked to set a new password for your admin account. Open the link below to choose one; every other signed-in session of your account then ends.',
      `The link works once, for ${validMinutes} minutes. If you did not ask for it, ignore this e-mail: your password stays as it is.`,
    ],
    { href: resetUrl, label: 'Set a new password' },
  );
}

/** An admin invited another one from Settings. */
export function adminInvitationEmail(
  brand: EmailBrand,
  {
    invitedBy,
    email,
    acceptUrl,
    expiresAt,
  }: { invitedBy: string; email: string; acceptUrl: string; expiresAt: Date },
): RenderedEmail {
  return renderEmail(
    brand,
    `You are invited to the ${brand.businessName} admin panel`,
    [
      'Hello,',
      `${invitedBy} invited you to become an admin of ${endSentence(brand.businessName)} Open the link below to choose your name and password.`,
      `The invitation is for ${email} and works once, until ${displayDateTime(expiresAt, brand.timeZone)}.`,
    ],
    { href: acceptUrl, label: 'Accept the invitation' },
  );
}

/** Sends the admin accounts' one-time links (the admin links' AdminLinkMail). */
export function createAdminAuthEmails(send: Send): AdminLinkMail {
  return {
    /**
     * An admin's one-time link (a password reset, an invitation). Not awaited: "Forgot
     * password?" must take as long whether or not the address is an admin's.
     */
    adminLink(to, link) {
      send.inBackground(`admin-${link.kind}`, ({ brand }) => ({
        to,
        ...(link.kind === 'password_reset'
          ? adminPasswordResetEmail(brand, { resetUrl: link.url, validMinutes: link.validMinutes })
          : adminInvitationEmail(brand, {
              invitedBy: link.invitedBy,
              email: to,
              acceptUrl: link.url,
              expiresAt: link.expiresAt,
            })),
        secret: {
          kind: 'admin-link',
          id: link.tokenId,
          values: [link.token],
          expiresAt: link.expiresAt,
        },
      }));
    },

    /** The admin's link was used or revoked: the outbox keeps no working copy. */
    forgetAdminLink: (tokenId) => send.forgetSecret('admin-link', tokenId),
  };
}
