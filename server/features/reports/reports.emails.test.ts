// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { readEmail, testBrand, typedMarkup } from '@tests/support/read-email';
import type { ReportFacts, SiteFacts } from './report-facts';
import { monthlyReportEmail, reportFilename } from './reports.emails';

const site: SiteFacts = {
  id: 'site-1',
  url: 'https://broussard-bakery.test/',
  paused: false,
  uptimePercent: 99.8,
  checks: 8640,
  failures: 17,
  medianResponseMs: 312,
  days: [],
  incidents: [
    {
      startedAt: '2026-11-03T10:00:00.000Z',
      endedAt: '2026-11-03T11:30:00.000Z',
      durationMinutes: 90,
      reason: 'HTTP 503',
    },
  ],
  certificateExpiresAt: null,
  domainExpiresAt: null,
  health: { score: 82, previousScore: 77, issues: [] },
};

const facts: ReportFacts = {
  month: '2026-11',
  periodStart: '2026-11-01',
  periodEnd: '2026-11-30',
  monthSoFar: false,
  madeAt: '2026-12-01T13:00:00.000Z',
  client: { name: 'Camille Broussard', businessName: null, email: 'camille@example.com' },
  plan: 'signature',
  sites: [site],
  tickets: { opened: 3, resolved: 1, medianFirstResponseMinutes: 45 },
  updates: { used: 1, included: 2 },
  invoicesPaid: [],
};
const appUrl = 'https://studio.test';

describe('the monthly report e-mail', () => {
  it("sums up the month and links to the client's reports", () => {
    const email = readEmail(monthlyReportEmail(testBrand, facts, { appUrl, greeting: 'Camille' }));
    expect(email.subject).toBe('Your Nov 2026 report from Coast & Code');
    for (const paragraph of [
      'Hello Camille,',
      'Your report for Nov 2026 is attached: Nov 1, 2026 to Nov 30, 2026.',
      'Your website was up 99.8% of the time, with 1 incident.',
      'Support: 3 tickets opened, 1 resolved. Website updates: 1 of 2 updates used.',
      'Questions about it? Reply to this e-mail or write to hello@coastandcode.test.',
    ]) {
      expect(email.textParagraphs).toContain(paragraph);
      expect(email.paragraphs).toContain(paragraph);
    }
    expect(email.links).toEqual([
      {
        label: 'See your reports in your client portal',
        href: 'https://studio.test/portal/dashboard',
      },
    ]);
    expect(email.tags).toEqual(new Set(['div', 'p', 'a']));
  });

  it('counts several websites, says when there are none, and escapes the name', () => {
    const two = readEmail(
      monthlyReportEmail(
        testBrand,
        { ...facts, sites: [site, { ...site, checks: 1360, failures: 0, incidents: [] }] },
        { appUrl, greeting: typedMarkup },
      ),
    );
    expect(two.paragraphs).toContain(`Hello ${typedMarkup},`);
    expect(two.tags).toEqual(new Set(['div', 'p', 'a']));
    // 17 failed of 10,000 checks.
    expect(two.paragraphs).toContain('Your 2 websites were up 99.8% of the time, with 1 incident.');

    const none = readEmail(
      monthlyReportEmail(
        testBrand,
        {
          ...facts,
          sites: [],
          monthSoFar: true,
          periodEnd: '2026-11-20',
          plan: 'prestige',
          // The plan's name as the catalogue gives it (issue 37).
          planName: 'Prestige',
          updates: { used: 4, included: null },
        },
        { appUrl, greeting: 'Camille' },
      ),
    );
    expect(none.paragraphs.join('\n')).not.toContain('website was');
    expect(none.paragraphs).toContain(
      'Your report for Nov 2026 is attached: Nov 1, 2026 to Nov 20, 2026 (the month so far).',
    );
    expect(none.paragraphs).toContain(
      'Support: 3 tickets opened, 1 resolved. Website updates: 4 updates used (unlimited on Prestige).',
    );
  });

  it('names its PDF after the month and the business', () => {
    expect(reportFilename('2026-11', 'Coast & Code')).toBe('Report-2026-11-Coast-Code.pdf');
    expect(reportFilename('2026-11', 'Café Étoile')).toBe('Report-2026-11-Cafe-Etoile.pdf');
    expect(reportFilename('2026-11', '***')).toBe('Report-2026-11.pdf');
  });
});
