// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { readEmail, testBrand } from '@tests/support/read-email';
import {
  accountExistsEmail,
  emailChangeCodeEmail,
  emailChangedEmail,
  emailChangeRefusedEmail,
  emailCodeEmail,
  passwordResetCodeEmail,
  passwordResetLinkEmail,
} from './identity.emails';

it('the verification code e-mail gives the code in the body, never in the subject', () => {
  const email = readEmail(emailCodeEmail(testBrand, { code: '482913', validMinutes: 15 }));
  expect(email.subject).toBe('Your Coast & Code verification code');
  expect(email.subject).not.toContain('482913');
  const sentence =
    'Enter this code to confirm your e-mail address and finish signing in to your client portal: 482913';
  expect(email.textParagraphs).toContain(sentence);
  expect(email.paragraphs).toContain(sentence);
  expect(email.textParagraphs).toContain(
    'It works once, for 15 minutes. If you did not ask for it, ignore this e-mail: nothing happens without the code.',
  );
  expect(email.links).toEqual([]);
});

it('the account-exists e-mail says nothing changed and links to sign in', () => {
  const email = readEmail(accountExistsEmail(testBrand, { appUrl: 'https://studio.test' }));
  expect(email.subject).toBe('Your Coast & Code client portal account');
  const sentence =
    'Someone, perhaps you, tried to create a client portal account with this e-mail address. You already have one, so nothing was changed.';
  expect(email.textParagraphs).toContain(sentence);
  expect(email.paragraphs).toContain(sentence);
  expect(email.paragraphs.join('\n')).toContain(
    'If you have forgotten it, choose "Forgot password?" on the sign-in page, or write to hello@coastandcode.test.',
  );
  expect(email.textParagraphs).toContain('Sign in: https://studio.test/api/login');
  expect(email.links).toEqual([{ label: 'Sign in', href: 'https://studio.test/api/login' }]);
});

it('the password reset code e-mail gives the code in the body, like the verification code', () => {
  const email = readEmail(passwordResetCodeEmail(testBrand, { code: '305117', validMinutes: 15 }));
  expect(email.subject).toBe('Your Coast & Code password reset code');
  expect(email.subject).not.toContain('305117');
  const sentence =
    'Enter this code to choose a new password and finish signing in to your client portal: 305117';
  expect(email.textParagraphs).toContain(sentence);
  expect(email.paragraphs).toContain(sentence);
  expect(email.paragraphs).toContain(
    'It works once, for 15 minutes. If you did not ask for it, ignore this e-mail: your password stays as it is.',
  );
  expect(email.links).toEqual([]);
});

it("the agency's password reset e-mail links to the sign-in page's forgot-password step", () => {
  const url = 'https://studio.test/api/login?screen=forgot&login_hint=camille%40example.com';
  const email = readEmail(passwordResetLinkEmail(testBrand, { url }));
  expect(email.subject).toBe('Choose a new password for your Coast & Code client portal');
  expect(email.paragraphs).toContain(
    'Coast & Code sent you this e-mail so you can choose a new password for your client portal.',
  );
  expect(email.textParagraphs).toContain(
    'Open the link below and we will e-mail you a 6-digit code; enter it with your new password and you are signed in. If you did not expect this, you can ignore this e-mail: your password stays as it is.',
  );
  expect(email.textParagraphs).toContain(`Choose a new password: ${url}`);
  expect(email.links).toEqual([{ label: 'Choose a new password', href: url }]);
});

describe('the e-mail change', () => {
  const portalUrl = 'https://studio.test/portal/dashboard';

  it("the client's own change: the code to enter in the portal, never in the subject", () => {
    const email = readEmail(
      emailChangeCodeEmail(testBrand, {
        code: '640218',
        validFor: '15 minutes',
        startedBy: 'client',
        portalUrl,
      }),
    );
    expect(email.subject).toBe('Confirm your new Coast & Code client portal e-mail');
    expect(email.subject).not.toContain('640218');
    const sentence =
      'Enter this code in your client portal to make this your new e-mail address: 640218';
    expect(email.textParagraphs).toContain(sentence);
    expect(email.paragraphs).toContain(sentence);
    expect(email.paragraphs).toContain(
      'It works once, for 15 minutes. If you did not ask for it, ignore this e-mail: nothing changes without the code.',
    );
    expect(email.links).toEqual([]);
  });

  it("the agency's change: says who asked, where to enter the code, and links to the portal", () => {
    const email = readEmail(
      emailChangeCodeEmail(testBrand, {
        code: '640218',
        validFor: '24 hours',
        startedBy: 'agency',
        portalUrl,
      }),
    );
    expect(email.subject).toBe('Confirm your new Coast & Code client portal e-mail');
    expect(email.paragraphs).toContain(
      'Coast & Code is changing the e-mail address of your client portal account to this one. To confirm it, sign in to your client portal as usual and enter this code on your account page: 640218',
    );
    expect(email.paragraphs).toContain(
      'It works once, for 24 hours. If you did not expect this, ignore this e-mail: nothing changes without the code. You can write to hello@coastandcode.test with any question.',
    );
    expect(email.links).toEqual([{ label: 'Open your client portal', href: portalUrl }]);
  });

  it('the holder of an address asked for is told nothing changed, and sent no code', () => {
    const email = readEmail(emailChangeRefusedEmail(testBrand));
    expect(email.subject).toBe('Your Coast & Code client portal account');
    expect(email.paragraphs).toContain(
      'Someone asked to use this e-mail address for their client portal account. It already belongs to your account, so nothing was changed and no code was sent.',
    );
    expect(email.textParagraphs.join(' ')).not.toMatch(/\d{6}/);
  });

  it('the previous address is told the new one, and whom to write to if it was not them', () => {
    const email = readEmail(emailChangedEmail(testBrand, { newEmail: 'camille@bistro.test' }));
    expect(email.subject).toBe('Your Coast & Code client portal e-mail was changed');
    expect(email.paragraphs).toContain(
      'The e-mail address of your client portal account was changed to camille@bistro.test. From now on you sign in with that address, and our e-mails go there.',
    );
    expect(email.paragraphs).toContain(
      'If you did not make or agree to this change, write to hello@coastandcode.test right away.',
    );
  });
});
