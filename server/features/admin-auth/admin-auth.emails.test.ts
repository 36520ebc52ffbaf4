// @vitest-environment jsdom
import { expect, it } from 'vitest';
import { readEmail, testBrand } from '@tests/support/read-email';
import { adminInvitationEmail, adminPasswordResetEmail } from './admin-auth.emails';

it('the reset e-mail links to the set-password page and says how long it works', () => {
  const email = readEmail(
    adminPasswordResetEmail(testBrand, {
      resetUrl: 'https://studio.test/admin/reset-password?token=tok_1',
      validMinutes: 60,
    }),
  );
  expect(email.subject).toBe('Set a new password for your Coast & Code admin account');
  expect(email.textParagraphs).toContain(
    'The link works once, for 60 minutes. If you did not ask for it, ignore this e-mail: your password stays as it is.',
  );
  expect(email.links).toEqual([
    { label: 'Set a new password', href: 'https://studio.test/admin/reset-password?token=tok_1' },
  ]);
});

it('the invitation names who invited, for whom it is and until when it works', () => {
  const email = readEmail(
    adminInvitationEmail(testBrand, {
      invitedBy: 'owner@studio.test',
      email: 'new.admin@example.com',
      acceptUrl: 'https://studio.test/admin/accept-invite?token=tok_2',
      expiresAt: new Date('2026-12-13T21:00:00Z'),
    }),
  );
  expect(email.subject).toBe('You are invited to the Coast & Code admin panel');
  expect(email.paragraphs).toContain(
    'owner@studio.test invited you to become an admin of Coast & Code. Open the link below to choose your name and password.',
  );
  // 9 PM UTC, as the business's clock (America/Chicago) reads it, and saying so.
  expect(email.textParagraphs).toContain(
    'The invitation is for new.admin@example.com and works once, until Dec 13, 2026 at 3:00 PM CST.',
  );
  expect(email.links).toEqual([
    {
      label: 'Accept the invitation',
      href: 'https://studio.test/admin/accept-invite?token=tok_2',
    },
  ]);
});

it('the invitation ends its sentence once when the business name ends with a period', () => {
  const email = readEmail(
    adminInvitationEmail(
      { ...testBrand, businessName: 'Web Co.' },
      {
        invitedBy: 'owner@studio.test',
        email: 'new.admin@example.com',
        acceptUrl: 'https://studio.test/admin/accept-invite?token=tok_3',
        expiresAt: new Date('2026-12-13T21:00:00Z'),
      },
    ),
  );
  expect(email.textParagraphs).toContain(
    'owner@studio.test invited you to become an admin of Web Co. Open the link below to choose your name and password.',
  );
  expect(email.paragraphs.filter((paragraph) => paragraph.includes('Co..'))).toEqual([]);
});
