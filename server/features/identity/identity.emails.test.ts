// @vitest-environment jsdom
import { expect, it } from 'vitest';
import { readEmail, testBrand } from '@tests/support/read-email';
import { accountExistsEmail, emailCodeEmail } from './identity.emails';

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
  expect(email.paragraphs.join('\n')).toContain('write to hello@coastandcode.test');
  expect(email.textParagraphs).toContain('Sign in: https://studio.test/api/login');
  expect(email.links).toEqual([{ label: 'Sign in', href: 'https://studio.test/api/login' }]);
});
