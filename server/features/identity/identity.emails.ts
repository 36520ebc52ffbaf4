import { renderEmail, type EmailBrand, type RenderedEmail } from '../../lib/email-layout';
import type { Send, SendResult } from '../mail/mail.service';
import type { IdentityMail } from './identity.service';

/** The one-time code that proves an address is the reader's. */
export function emailCodeEmail(
  brand: EmailBrand,
  { code, validMinutes }: { code: string; validMinutes: number },
): RenderedEmail {
  // Not in the subject: subjects are listed, searched and logged; the body is blanked out
  // of the outbox once the code is used or expires.
  return renderEmail(brand, `Your ${brand.businessName} verification code`, [
    'Hello,',
    `Enter this code to confirm your e-mail address and finish signing in to your client portal: ${code}`,
    `It works once, for ${validMinutes} minutes. If you did not ask for it, ignore this e-mail: nothing happens without the code.`,
  ]);
}

/** Someone tried to create an account for an address that has one: its owner is told. */
export function accountExistsEmail(brand: EmailBrand, { appUrl }: { appUrl: string }) {
  return renderEmail(
    brand,
    `Your ${brand.businessName} client portal account`,
    [
      'Hello,',
      'Someone, perhaps you, tried to create a client portal account with this e-mail address. You already have one, so nothing was changed.',
      `If it was you, sign in with your password. If you have forgotten it, choose "Forgot password?" on the sign-in page, or write to ${brand.businessEmail}. If it was not you, you can ignore this e-mail.`,
    ],
    { href: `${appUrl}/api/login`, label: 'Sign in' },
  );
}

/**
 * "Forgot password?": the one-time code that lets the account's owner choose a new password,
 * sent and kept like the verification code (never in the subject, blanked once used).
 */
export function passwordResetCodeEmail(
  brand: EmailBrand,
  { code, validMinutes }: { code: string; validMinutes: number },
): RenderedEmail {
  return renderEmail(brand, `Your ${brand.businessName} password reset code`, [
    'Hello,',
    `Enter this code to choose a new password and finish signing in to your client portal: ${code}`,
    `It works once, for ${validMinutes} minutes. If you did not ask for it, ignore this e-mail: your password stays as it is.`,
  ]);
}

/**
 * The agency sends a client the way to a new password: a link to the sign-in page's
 * "Forgot password?" step for their address, which mails them a code. The link holds no
 * secret; the code proves the address.
 */
export function passwordResetLinkEmail(brand: EmailBrand, { url }: { url: string }): RenderedEmail {
  return renderEmail(
    brand,
    `Choose a new password for your ${brand.businessName} client portal`,
    [
      'Hello,',
      `${brand.businessName} sent you this e-mail so you can choose a new password for your client portal.`,
      'Open the link below and we will e-mail you a 6-digit code; enter it with your new password and you are signed in. If you did not expect this, you can ignore this e-mail: your password stays as it is.',
    ],
    { href: url, label: 'Choose a new password' },
  );
}

/**
 * The code that proves a new sign-in address, sent to that address and kept like the
 * verification code (never in the subject, blanked once used). Worded for who asked: the
 * client in their portal, or the agency, in which case the client signs in as usual and
 * enters it on their account page.
 */
export function emailChangeCodeEmail(
  brand: EmailBrand,
  {
    code,
    validFor,
    startedBy,
    portalUrl,
  }: { code: string; validFor: string; startedBy: 'client' | 'agency'; portalUrl: string },
): RenderedEmail {
  const subject = `Confirm your new ${brand.businessName} client portal e-mail`;
  const works = `It works once, for ${validFor}.`;
  if (startedBy === 'client') {
    return renderEmail(brand, subject, [
      'Hello,',
      `Enter this code in your client portal to make this your new e-mail address: ${code}`,
      `${works} If you did not ask for it, ignore this e-mail: nothing changes without the code.`,
    ]);
  }
  return renderEmail(
    brand,
    subject,
    [
      'Hello,',
      `${brand.businessName} is changing the e-mail address of your client portal account to this one. To confirm it, sign in to your client portal as usual and enter this code on your account page: ${code}`,
      `${works} If you did not expect this, ignore this e-mail: nothing changes without the code. You can write to ${brand.businessEmail} with any question.`,
    ],
    { href: portalUrl, label: 'Open your client portal' },
  );
}

/**
 * Someone asked to move their client portal account to this address, which already has an
 * account: nothing changed, and its holder is told (the asker is not, so the portal does not
 * reveal who has an account).
 */
export function emailChangeRefusedEmail(brand: EmailBrand): RenderedEmail {
  return renderEmail(brand, `Your ${brand.businessName} client portal account`, [
    'Hello,',
    'Someone asked to use this e-mail address for their client portal account. It already belongs to your account, so nothing was changed and no code was sent.',
    `If you have any question, write to ${brand.businessEmail}. Otherwise you can ignore this e-mail.`,
  ]);
}

/** To the previous address: the account now signs in with the new one. */
export function emailChangedEmail(
  brand: EmailBrand,
  { newEmail }: { newEmail: string },
): RenderedEmail {
  return renderEmail(brand, `Your ${brand.businessName} client portal e-mail was changed`, [
    'Hello,',
    `The e-mail address of your client portal account was changed to ${newEmail}. From now on you sign in with that address, and our e-mails go there.`,
    `If you did not make or agree to this change, write to ${brand.businessEmail} right away.`,
  ]);
}

/** The built-in provider's e-mails, and the agency's password-reset link to a client. */
export interface IdentityEmails extends IdentityMail {
  /** Awaited: the agency is told it went. */
  passwordResetLink(to: string): Promise<SendResult>;
}

/**
 * Sends the built-in provider's e-mails. The codes are not awaited: a sign-up must take as long
 * whether a code or accountAlreadyExists is sent, and "Forgot password?" whoever asks. Each
 * code is kept in the outbox under its sign-in (or e-mail change) until used or replaced.
 */
export function createIdentityEmails(send: Send): IdentityEmails {
  return {
    emailCode(to, code, { signIn, validMinutes, expiresAt }) {
      send.inBackground('email-code', ({ brand }) => ({
        to,
        ...emailCodeEmail(brand, { code, validMinutes }),
        secret: { kind: 'email-code', id: signIn, values: [code], expiresAt },
      }));
    },

    passwordResetCode(to, code, { signIn, validMinutes, expiresAt }) {
      send.inBackground('password-reset-code', ({ brand }) => ({
        to,
        ...passwordResetCodeEmail(brand, { code, validMinutes }),
        secret: { kind: 'email-code', id: signIn, values: [code], expiresAt },
      }));
    },

    forgetCode: (signIn) => send.forgetSecret('email-code', signIn),

    emailChangeCode(to, code, { key, validFor, expiresAt, startedBy }) {
      send.inBackground('email-change-code', ({ brand, appUrl }) => ({
        to,
        ...emailChangeCodeEmail(brand, {
          code,
          validFor,
          startedBy,
          portalUrl: `${appUrl}/portal/dashboard`,
        }),
        secret: { kind: 'email-code', id: key, values: [code], expiresAt },
      }));
    },

    emailChangeRefused(to) {
      send.inBackground('email-change-refused', ({ brand }) => ({
        to,
        ...emailChangeRefusedEmail(brand),
      }));
    },

    emailChanged(previousAddress, newAddress) {
      send.inBackground('email-changed', ({ brand }) => ({
        to: previousAddress,
        ...emailChangedEmail(brand, { newEmail: newAddress }),
      }));
    },

    accountAlreadyExists(to) {
      send.inBackground('account-exists', ({ brand, appUrl }) => ({
        to,
        ...accountExistsEmail(brand, { appUrl }),
      }));
    },

    passwordResetLink: (to) =>
      send.awaited(({ brand, appUrl }) => ({
        to,
        ...passwordResetLinkEmail(brand, {
          url: `${appUrl}/api/login?${new URLSearchParams({ screen: 'forgot', login_hint: to })}`,
        }),
      })),
  };
}
