import { describe, expect, it } from 'vitest';
import { pdfPageCount, pdfText } from '@tests/support/pdf-text';
import type { ReportFacts, SiteFacts } from './report-facts';
import { renderCreditNotePdf } from '../invoices/credit-note-pdf';
import { renderReportPdf, type ReportIssuer } from './report-pdf';
import { formatDuration, healthLine } from './report-wording';

const issuer: ReportIssuer = {
  businessName: 'Bayou Web Works',
  businessEmail: 'care@bayouweb.test',
  businessPhone: '(504) 555-0134',
  location: 'Lafayette, LA',
  businessWebsite: 'https://bayouweb.test',
  timeZone: 'America/Chicago',
};

const days = Array.from({ length: 30 }, (_, index) => ({
  day: `2026-11-${String(index + 1).padStart(2, '0')}`,
  medianResponseMs: index === 12 ? null : 250 + index * 7,
  uptimePercent: index === 12 ? null : index === 2 ? 95 : 100,
}));

const site = (n: number, incidents: number): SiteFacts => ({
  id: `site-${n}`,
  url: `https://www.site-${n}.test/`,
  paused: n === 1,
  uptimePercent: 99.4,
  checks: 8640,
  failures: 52,
  medianResponseMs: 312,
  days,
  incidents: Array.from({ length: incidents }, (_, index) => ({
    startedAt: `2026-11-${String(index + 2).padStart(2, '0')}T10:00:00.000Z`,
    endedAt: `2026-11-${String(index + 2).padStart(2, '0')}T11:30:00.000Z`,
    durationMinutes: 90,
    reason: 'The server answered HTTP 503 Service Unavailable for a long while',
  })),
  certificateExpiresAt: '2027-01-12T18:00:00.000Z',
  domainExpiresAt: null,
  health: { score: 82, previousScore: 82, issues: ['Slow: the page took 3200 ms'] },
});

const facts = (sites: SiteFacts[], invoices = 2): ReportFacts => ({
  month: '2026-11',
  periodStart: '2026-11-01',
  periodEnd: '2026-11-30',
  monthSoFar: false,
  madeAt: '2026-12-01T13:00:00.000Z',
  client: { name: 'Camille Broussard', businessName: null, email: 'camille@example.com' },
  plan: 'essentials',
  planName: 'Essentials',
  sites,
  tickets: { opened: 0, resolved: 0, medianFirstResponseMinutes: null },
  updates: { used: 1, included: 1 },
  invoicesPaid: Array.from({ length: invoices }, (_, index) => ({
    invoiceNumber: `INV-2026-${String(index + 1).padStart(4, '0')}`,
    amountCents: 19_900,
    paidAt: '2026-11-02T15:00:00.000Z',
  })),
});

describe('the monthly report PDF', () => {
  it('is one page for a client with one website', async () => {
    const pdf = await renderReportPdf(facts([site(2, 1)]), issuer);
    expect(await pdfPageCount(pdf)).toBe(1);
    const text = await pdfText(pdf);
    expect(text).toContain('Health score: 82 of 100 (no change from last month)');
    expect(text).toContain('To improve: Slow: the page took 3200 ms');
    expect(text).toContain('Domain expires: not known');
    expect(text).toContain('Median first response: none answered');
    expect(text).toContain('Website updates: 1 of 1 update used');
    expect(text).toContain('Essentials plan');
  });

  it('never runs past two pages, and names what it left out', async () => {
    const sites = Array.from({ length: 40 }, (_, index) => site(index + 1, index === 0 ? 9 : 2));
    const pdf = await renderReportPdf(facts(sites, 20), issuer);
    expect(await pdfPageCount(pdf)).toBe(2);
    const text = await pdfText(pdf);
    expect(text).toContain('Checks paused');
    expect(text).toContain('And 6 more.');
    expect(text).toContain('Your other websites');
    expect(text).toMatch(/And \d+ more websites: ask us for their figures\./);
    // Support and the invoices are never what is left out.
    expect(text).toContain('Tickets opened: 0');
    expect(text).toContain('And 14 more: every invoice is in your client portal.');
    expect(text).toContain('Total paid $3,980.00');
  });
});

describe('the logo on the PDFs', () => {
  it('is drawn by the one letterhead on the report and the credit note alike', async () => {
    const { default: sharp } = await import('sharp');
    const logo = await sharp({
      create: { width: 300, height: 100, channels: 4, background: '#0e7490' },
    })
      .png()
      .toBuffer();
    const hasImage = (pdf: Buffer) => pdf.toString('latin1').includes('/Subtype /Image');
    const report = (withLogo: boolean) =>
      renderReportPdf(facts([site(2, 1)]), { ...issuer, logo: withLogo ? logo : null });
    expect(hasImage(await report(false))).toBe(false);
    const withLogo = await report(true);
    expect(hasImage(withLogo)).toBe(true);
    // The name and details still read beside it, and the page count is unchanged.
    expect(await pdfText(withLogo)).toContain('Bayou Web Works');
    expect(await pdfPageCount(withLogo)).toBe(1);

    const note = await renderCreditNotePdf(
      {
        id: 'note-1',
        creditNoteNumber: 'CN-2026-0007',
        invoiceId: 'invoice-1',
        status: 'issued',
        amount: 2_500,
        reason: 'Goodwill',
        paymentId: null,
        refundAmount: 0,
        stripeRefundId: null,
        refundStatus: null,
        refundedByHandOn: null,
        refundedByHandReference: null,
        refundedByHandAmount: null,
        createdByAdminId: null,
        createdAt: new Date('2026-11-10T15:00:00Z'),
        issuedAt: new Date('2026-11-10T15:00:00Z'),
      },
      {
        invoiceNumber: 'INV-2026-0101',
        clientName: 'Camille Broussard',
        clientEmail: 'camille@example.com',
        dateIssued: '2026-11-01',
        total: 39_900,
      },
      { ...issuer, paymentInstructions: '', logo },
    );
    expect(hasImage(note)).toBe(true);
    expect(await pdfText(note)).toContain('CREDIT NOTE');
  });
});

describe('the words of the report', () => {
  it('says durations as people do', () => {
    expect([0, 45, 60, 125, 1440, 1501].map(formatDuration)).toEqual([
      '0 min',
      '45 min',
      '1 h',
      '2 h 5 min',
      '1 d',
      '1 d 1 h',
    ]);
  });

  it("gives the health score's trend month over month", () => {
    expect(healthLine({ score: 70, previousScore: 82, issues: [] })).toBe(
      '70 of 100 (down 12 from 82 last month)',
    );
    expect(healthLine({ score: 70, previousScore: null, issues: [] })).toBe(
      '70 of 100 (first measure)',
    );
    expect(healthLine({ score: null, previousScore: 82, issues: [] })).toBe('Not measured');
  });
});
