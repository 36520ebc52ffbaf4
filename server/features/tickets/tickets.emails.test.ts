// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { readEmail, testBrand, typedMarkup } from '@tests/support/read-email';
import { agencyRepliedEmail, ticketCreatedEmail } from './tickets.emails';

const appUrl = 'https://studio.test';
const client = { email: 'amelie@example.com', firstName: 'Amélie', lastName: 'Thibodeaux' };

describe('ticket e-mails', () => {
  it('a new ticket tells the agency who opened it, the description, and links to answer it', () => {
    const email = readEmail(
      ticketCreatedEmail(
        testBrand,
        client,
        {
          id: 'tkt_1',
          subject: 'Menu page',
          description: 'Please add the fall menu.',
          priority: 'high',
        },
        { appUrl },
      ),
    );
    expect(email.subject).toBe('New support ticket: Menu page');
    const sentence = 'Amélie Thibodeaux (amelie@example.com) opened a ticket (priority high).';
    expect(email.textParagraphs).toContain(sentence);
    expect(email.paragraphs).toContain(sentence);
    expect(email.paragraphs).toContain('Please add the fall menu.');
    expect(email.links).toEqual([
      { label: 'Answer it in the admin panel', href: 'https://studio.test/admin/support/tkt_1' },
    ]);
  });

  it("shows a client's typed markup as text", () => {
    const email = readEmail(
      ticketCreatedEmail(
        testBrand,
        { ...client, firstName: typedMarkup },
        { id: 'tkt_1', subject: typedMarkup, description: typedMarkup, priority: 'low' },
        { appUrl },
      ),
    );
    expect(email.subject).toBe(`New support ticket: ${typedMarkup}`);
    expect(email.paragraphs).toContain(typedMarkup);
    expect(email.paragraphs[1]).toContain(`${typedMarkup} Thibodeaux`);
    expect(email.tags).toEqual(new Set(['div', 'p', 'a']));
  });

  it("a reply gives the client the agency's message and links to the conversation", () => {
    const email = readEmail(
      agencyRepliedEmail(testBrand, { id: 'tkt_1', subject: 'Menu page' }, `Done! ${typedMarkup}`, {
        appUrl,
      }),
    );
    expect(email.subject).toBe('Re: Menu page');
    expect(email.textParagraphs).toContain('Coast & Code replied to your ticket:');
    expect(email.paragraphs).toContain(`Done! ${typedMarkup}`);
    expect(email.tags).toEqual(new Set(['div', 'p', 'a']));
    expect(email.links).toEqual([
      { label: 'See the conversation', href: 'https://studio.test/portal/support/tkt_1' },
    ]);
  });
});
