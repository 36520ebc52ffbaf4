import { renderEmail, type EmailBrand, type RenderedEmail } from '../../lib/email-layout';

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
      `If it was you, sign in with your password. If you have forgotten it, write to ${brand.businessEmail}. If it was not you, you can ignore this e-mail.`,
    ],
    { href: `${appUrl}/api/login`, label: 'Sign in' },
  );
}
