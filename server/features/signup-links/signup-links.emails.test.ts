// @vitest-environment jsdom
import { expect, it } from 'vitest';
import { readEmail, testBrand } from '@tests/support/read-email';
import { signupInvitationEmail } from './signup-links.emails';

it('the invitation names the plan and price, who the link is for, and links to sign up', () => {
  const email = readEmail(
    signupInvitationEmail(testBrand, {
      linkId: 'link_1',
      email: 'new.client@example.com',
      planName: 'Growth',
      priceCents: 29_900,
      signupUrl: 'https://studio.test/signup/tok_xyz',
      expiresAt: new Date('2026-12-13T21:00:00Z'),
    }),
  );
  expect(email.subject).toBe('Your Growth plan with Coast & Code: create your account');
  const plan =
    'We are ready to start on your website. Your plan is Growth at $299.00/month: billed monthly, no setup fees, cancel anytime.';
  expect(email.textParagraphs).toContain(plan);
  expect(email.paragraphs).toContain(plan);
  // 9 PM UTC, as the business's clock (America/Chicago) reads it, and saying so.
  expect(email.textParagraphs).toContain(
    'The link is for new.client@example.com only and works once, until Dec 13, 2026 at 3:00 PM CST.',
  );
  expect(email.textParagraphs).toContain('Create your account: https://studio.test/signup/tok_xyz');
  expect(email.links).toEqual([
    { label: 'Create your account', href: 'https://studio.test/signup/tok_xyz' },
  ]);
});
