// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { readEmail, testBrand, typedMarkup } from '@tests/support/read-email';
import { REPLY_ABOVE_MARKER } from './ticket-mail';
import {
  agencyRepliedEmail,
  filesNotKeptEmail,
  ticketConfirmationEmail,
  ticketCreatedEmail,
} from './tickets.emails';

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
      agencyRepliedEmail(
        testBrand,
        { id: 'tkt_1', number: 42, subject: 'Menu page' },
        `Done! ${typedMarkup}`,
        { appUrl },
      ),
    );
    expect(email.subject).toBe('[#42] Re: Menu page');
    expect(email.textParagraphs[0]).toBe(REPLY_ABOVE_MARKER);
    expect(email.textParagraphs).toContain('Coast & Code replied to your ticket:');
    expect(email.paragraphs).toContain(`Done! ${typedMarkup}`);
    expect(email.tags).toEqual(new Set(['div', 'p', 'a']));
    expect(email.links).toEqual([
      { label: 'See the conversation', href: 'https://studio.test/portal/support/tkt_1' },
    ]);
  });

  it('a confirmation gives the client the number in the subject and the reply marker first', () => {
    const email = readEmail(
      ticketConfirmationEmail(testBrand, { id: 'tkt_1', number: 7, subject: 'Menu page' }, [], {
        appUrl,
      }),
    );
    expect(email.subject).toBe('[#7] Menu page');
    expect(email.textParagraphs[0]).toBe('##- Please type your reply above this line -##');
    expect(email.paragraphs).toContain(REPLY_ABOVE_MARKER);
    expect(email.textParagraphs).toContain(
      'We received your request and opened ticket #7: Menu page.',
    );
    expect(email.links).toEqual([
      { label: 'See your ticket', href: 'https://studio.test/portal/support/tkt_1' },
    ]);
  });

  it('a subject from an e-mail cannot add a header line', () => {
    const injected = 'Hello\r\nBcc: victim@example.com\nX-Evil: 1';
    for (const email of [
      ticketConfirmationEmail(testBrand, { id: 't', number: 3, subject: injected }, [], { appUrl }),
      agencyRepliedEmail(testBrand, { id: 't', number: 3, subject: injected }, 'Hi', { appUrl }),
      ticketCreatedEmail(
        testBrand,
        client,
        { id: 't', subject: injected, description: 'x', priority: 'normal' },
        { appUrl },
      ),
    ]) {
      expect(email.subject).not.toMatch(/[\r\n]/);
      expect(email.subject).toContain('Hello Bcc: victim@example.com X-Evil: 1');
    }
  });

  it('an empty subject reads "(no subject)"', () => {
    const email = ticketConfirmationEmail(testBrand, { id: 't', number: 9, subject: ' ' }, [], {
      appUrl,
    });
    expect(email.subject).toBe('[#9] (no subject)');
  });

  it('the files that were not kept are named with their reasons', () => {
    const email = readEmail(
      filesNotKeptEmail(
        testBrand,
        { id: 'tkt_1', number: 5, subject: 'Logo' },
        [
          { filename: 'logo.exe', reason: 'this type of file is not accepted' },
          { filename: 'big.pdf', reason: 'larger than 10 MB' },
        ],
        { appUrl },
      ),
    );
    expect(email.subject).toBe('[#5] Files not kept: Logo');
    expect(email.textParagraphs[1]).toBe('Your message was added to ticket #5.');
    expect(email.textParagraphs[0]).toBe(REPLY_ABOVE_MARKER);
    expect(email.textParagraphs).toContain('These files were not kept:');
    expect(email.textParagraphs).toContain(
      'logo.exe: this type of file is not accepted\nbig.pdf: larger than 10 MB',
    );
  });

  it('the files kept under another name are named with the name and why, even alone', () => {
    const renamed = [
      {
        filename: 'statement.bat',
        keptAs: 'statement.pdf',
        reason: 'its contents are a PDF document, not a .bat file',
      },
      {
        filename: 'photo\r\nBcc: x',
        keptAs: 'photoBcc x.png',
        reason: 'its contents are a PNG image, and its name had no extension',
      },
    ];
    const answer = readEmail(
      filesNotKeptEmail(testBrand, { id: 'tkt_1', number: 5, subject: 'Logo' }, [], {
        appUrl,
        renamed,
      }),
    );
    expect(answer.subject).toBe('[#5] Files renamed: Logo');
    expect(answer.textParagraphs).not.toContain('These files were not kept:');
    expect(answer.textParagraphs).toContain(
      'These files were kept under another name, for what they contain:',
    );
    expect(answer.textParagraphs).toContain(
      'statement.bat is now statement.pdf: its contents are a PDF document, not a .bat file\nphoto Bcc: x is now photoBcc x.png: its contents are a PNG image, and its name had no extension',
    );
    const both = readEmail(
      ticketConfirmationEmail(
        testBrand,
        { id: 'tkt_1', number: 8, subject: 'Logo' },
        [{ filename: 'setup.exe', reason: 'EXE files are not accepted' }],
        { appUrl, renamed: renamed.slice(0, 1) },
      ),
    );
    expect(both.textParagraphs).toContain('These files were not kept:');
    expect(both.textParagraphs).toContain(
      'statement.bat is now statement.pdf: its contents are a PDF document, not a .bat file',
    );
  });

  it('a confirmation of a ticket opened by e-mail names the files that were not kept', () => {
    const email = readEmail(
      ticketConfirmationEmail(
        testBrand,
        { id: 'tkt_1', number: 8, subject: 'Logo' },
        [{ filename: 'logo.png', reason: 'EXE files are not accepted' }],
        { appUrl },
      ),
    );
    expect(email.textParagraphs).toContain('These files were not kept:');
    expect(email.textParagraphs).toContain('logo.png: EXE files are not accepted');
  });
});
