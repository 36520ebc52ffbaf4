// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { formatOutage, outageDuration, outageMinutes } from '@shared/outages';
import { readEmail, testBrand, typedMarkup } from '@tests/support/read-email';
import { REPLY_ABOVE_MARKER } from '../tickets/ticket-mail';
import {
  certificateExpiringEmail,
  domainExpiringEmail,
  siteDownAgencyEmail,
  siteDownClientEmail,
  siteRecoveredAgencyEmail,
  siteRecoveredClientEmail,
} from './sites.emails';

const appUrl = 'https://studio.test';
const client = { email: 'amelie@example.com', firstName: 'Amélie', lastName: 'Thibodeaux' };
const ticket = { id: 'tkt_1', number: 42, subject: 'Your website bakery.example is down' };
const down = {
  clientId: 'usr_1',
  url: 'https://bakery.example/',
  // 3:05 PM in Chicago (CST) on December 7, 2026.
  startedAt: new Date('2026-12-07T21:05:00Z'),
  reason: 'HTTP 503',
  ticket,
};
const recovered = {
  clientId: 'usr_1',
  url: 'https://bakery.example/',
  startedAt: new Date('2026-12-07T21:05:00Z'),
  endedAt: new Date('2026-12-07T23:28:00Z'),
  ticket,
};

describe('site care e-mails', () => {
  it('a site down tells the agency whose site, since when, why, and links to the ticket', () => {
    const email = readEmail(siteDownAgencyEmail(testBrand, client, down, { appUrl }));
    expect(email.subject).toBe('Website down: bakery.example');
    const first =
      'https://bakery.example/ of Amélie Thibodeaux (amelie@example.com) is down since Dec 7, 2026 at 3:05 PM CST: HTTP 503.';
    expect(email.textParagraphs[0]).toBe(first);
    expect(email.paragraphs).toContain(first);
    expect(email.paragraphs).toContain(
      'We told the client we are on it, and opened ticket #42 so its response clock runs.',
    );
    expect(email.links).toEqual([
      { label: 'Open the ticket', href: 'https://studio.test/admin/support/tkt_1' },
    ]);
  });

  it("a site down tells the client we are on it, naming the site's address, as the ticket's first e-mail", () => {
    const email = readEmail(siteDownClientEmail(testBrand, down, { appUrl }));
    expect(email.subject).toBe('[#42] Your website bakery.example is down');
    expect(email.textParagraphs[0]).toBe(REPLY_ABOVE_MARKER);
    expect(email.paragraphs).toContain(
      'Your website https://bakery.example/ has not been answering as it should since Dec 7, 2026 at 3:05 PM CST (HTTP 503).',
    );
    expect(email.paragraphs.join(' ')).toContain('We are on it');
    expect(email.links).toEqual([
      { label: 'Follow it in your portal', href: 'https://studio.test/portal/support/tkt_1' },
    ]);
  });

  it('a recovery tells the agency and the client how long the site was down', () => {
    const agency = readEmail(siteRecoveredAgencyEmail(testBrand, client, recovered, { appUrl }));
    expect(agency.subject).toBe('Website back up: bakery.example');
    expect(agency.paragraphs).toEqual([
      'Coast & Code',
      'https://bakery.example/ of Amélie Thibodeaux (amelie@example.com) is answering again since Dec 7, 2026 at 5:28 PM CST.',
      'It was down for 2 h 23 min.',
      'Ticket #42 was resolved with a note saying so; it opens again if the site goes down within a day.',
      'Open the ticket',
    ]);
    const mine = readEmail(siteRecoveredClientEmail(testBrand, recovered, { appUrl }));
    expect(mine.subject).toBe('[#42] Your website bakery.example is back up');
    expect(mine.paragraphs).toContain(
      'Good news: your website https://bakery.example/ is back up since Dec 7, 2026 at 5:28 PM CST.',
    );
    expect(mine.paragraphs).toContain('It was down for 2 h 23 min.');
    expect(mine.links).toEqual([
      { label: 'See the ticket', href: 'https://studio.test/portal/support/tkt_1' },
    ]);
  });

  it('a recovery without a ticket links the client to the portal', () => {
    const mine = readEmail(
      siteRecoveredClientEmail(testBrand, { ...recovered, ticket: null }, { appUrl }),
    );
    expect(mine.subject).toBe('Your website bakery.example is back up');
    expect(mine.textParagraphs[0]).not.toBe(REPLY_ABOVE_MARKER);
    expect(mine.links).toEqual([
      { label: 'See your website', href: 'https://studio.test/portal/dashboard' },
    ]);
  });

  it('measures and writes an outage one way, as the report and the screens do', () => {
    const at = (seconds: number) => new Date(Date.UTC(2026, 11, 7, 21, 5, seconds));
    // The trial's outage: 1 min 40 s was "1 minute" here and "2 min" in the report.
    expect(outageMinutes(at(0), at(100))).toBe(2);
    expect(outageDuration(at(0), at(100))).toBe('2 min');
    expect(outageDuration(at(0), at(20))).toBe('under a minute');
    expect(outageMinutes('2026-12-07T21:05:00Z', '2026-12-07T21:04:00Z')).toBe(0);
    expect([23, 60, 61, 120, 3 * 1440 + 4 * 60 + 1].map(formatOutage)).toEqual([
      '23 min',
      '1 h',
      '1 h 1 min',
      '2 h',
      '3 d 4 h',
    ]);
  });

  it('warns the agency of a certificate about to lapse, naming the site and the client', () => {
    const email = readEmail(
      certificateExpiringEmail(
        testBrand,
        client,
        {
          clientId: 'usr_1',
          url: 'https://bakery.example/',
          expiresAt: new Date('2026-12-12T21:05:00Z'),
          daysLeft: 5,
          shortLived: true,
        },
        { appUrl },
      ),
    );
    expect(email.subject).toBe('Certificate expiring: bakery.example in 5 days');
    expect(email.paragraphs).toContain(
      'The HTTPS certificate of https://bakery.example/ (Amélie Thibodeaux (amelie@example.com)) expires on Dec 12, 2026 at 3:05 PM CST, in 5 days.',
    );
    expect(email.paragraphs.join(' ')).toContain('should have renewed itself');
    expect(email.links).toEqual([
      { label: "See the client's websites", href: 'https://studio.test/admin/clients/usr_1' },
    ]);
    const expired = readEmail(
      certificateExpiringEmail(
        testBrand,
        client,
        {
          clientId: 'usr_1',
          url: 'https://bakery.example/',
          expiresAt: new Date('2026-12-05T21:05:00Z'),
          daysLeft: -2,
          shortLived: false,
        },
        { appUrl },
      ),
    );
    expect(expired.subject).toBe('Certificate expired: bakery.example');
    expect(expired.paragraphs.join(' ')).toContain(
      'expired on Dec 5, 2026 at 3:05 PM CST, 2 days ago.',
    );
  });

  it('warns the agency of a domain about to lapse, with where the date came from', () => {
    const email = readEmail(
      domainExpiringEmail(
        testBrand,
        client,
        {
          clientId: 'usr_1',
          url: 'https://www.bakery.example.co.uk/',
          domain: 'bakery.example.co.uk',
          expiresAt: new Date('2026-12-28T06:00:00Z'),
          daysLeft: 21,
          source: 'manual',
        },
        { appUrl },
      ),
    );
    expect(email.subject).toBe('Domain expiring: bakery.example.co.uk in 21 days');
    expect(email.paragraphs).toContain(
      'The domain bakery.example.co.uk of https://www.bakery.example.co.uk/ (Amélie Thibodeaux (amelie@example.com)) expires on Dec 28, 2026, in 21 days (the date typed on the client page).',
    );
  });

  it("shows a client's typed markup as text", () => {
    const email = readEmail(
      siteDownAgencyEmail(testBrand, { ...client, firstName: typedMarkup }, down, { appUrl }),
    );
    expect(email.paragraphs[1]).toContain(`${typedMarkup} Thibodeaux`);
    expect(email.tags).toEqual(new Set(['div', 'p', 'a']));
  });
});
