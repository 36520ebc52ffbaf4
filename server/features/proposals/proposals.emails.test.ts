// @vitest-environment jsdom
import { expect, it } from 'vitest';
import { readEmail, testBrand, typedMarkup } from '@tests/support/read-email';
import {
  agreementCopyEmail,
  proposalDeclinedEmail,
  proposalLinkEmail,
  proposalOpenedEmail,
  proposalReminderEmail,
  proposalSignedEmail,
} from './proposals.emails';

const proposal = {
  id: 'p_1',
  title: 'Website for Bayou Bakes',
  recipientName: 'Marie Landry',
  recipientEmail: 'marie@example.com',
  validUntil: '2026-03-20',
};
const url = 'https://studio.test/proposals/tok_xyz';

it('the link e-mail names the proposal, the last day, and links to read and sign it', () => {
  const email = readEmail(proposalLinkEmail(testBrand, proposal, url));
  expect(email.subject).toBe('Coast & Code sent you a proposal: Website for Bayou Bakes');
  expect(email.textParagraphs).toContain('Hello Marie Landry,');
  expect(email.paragraphs).toContain(
    'Read it, then sign it on any device (your phone works) with the link below. It can be signed until Mar 20, 2026.',
  );
  expect(email.links).toEqual([{ label: 'Read and sign the proposal', href: url }]);
});

it('the reminder carries the same link and says until when', () => {
  const email = readEmail(proposalReminderEmail(testBrand, proposal, url));
  expect(email.subject).toBe(
    'Reminder: your proposal from Coast & Code can be signed until Mar 20, 2026',
  );
  expect(email.links).toEqual([{ label: 'Read and sign the proposal', href: url }]);
});

it('the owner hears when it is opened, signed or declined, each linking to the proposal', () => {
  const admin = 'https://studio.test/admin/proposals/p_1';
  const opened = readEmail(
    proposalOpenedEmail(
      testBrand,
      proposal,
      new Date('2026-03-02T21:00:00Z'),
      'https://studio.test',
    ),
  );
  expect(opened.subject).toBe('Marie Landry opened your proposal Website for Bayou Bakes');
  expect(opened.textParagraphs[0]).toBe(
    'Marie Landry (marie@example.com) opened your proposal "Website for Bayou Bakes" on Mar 2, 2026 at 3:00 PM CST.',
  );
  expect(opened.links).toEqual([{ label: 'See the proposal', href: admin }]);

  const signed = {
    ...proposal,
    signerName: 'Marie A. Landry',
    signedAt: new Date('2026-03-03T15:00:00Z'),
  };
  const owner = readEmail(proposalSignedEmail(testBrand, signed, 'https://studio.test'));
  expect(owner.subject).toBe('Marie A. Landry signed your proposal Website for Bayou Bakes');
  expect(owner.links).toEqual([{ label: 'See the proposal', href: admin }]);
  const copy = readEmail(agreementCopyEmail(testBrand, signed));
  expect(copy.subject).toBe('Your signed agreement with Coast & Code: Website for Bayou Bakes');
  expect(copy.textParagraphs).toContain('Hello Marie A. Landry,');

  const declined = readEmail(
    proposalDeclinedEmail(testBrand, proposal, typedMarkup, 'https://studio.test'),
  );
  expect(declined.subject).toBe('Marie Landry declined your proposal Website for Bayou Bakes');
  // The reason is shown as text, never as markup.
  expect(declined.paragraphs).toContain(`Their reason:\n${typedMarkup}`);
  expect(declined.tags.has('script')).toBe(false);
  expect(
    readEmail(proposalDeclinedEmail(testBrand, proposal, null, 'https://studio.test'))
      .textParagraphs,
  ).toContain('They gave no reason.');
});
