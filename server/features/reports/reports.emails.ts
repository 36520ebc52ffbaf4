import { formatMonth } from '@shared/dates';
import { renderEmail, type EmailBrand, type RenderedEmail } from '../../lib/email-layout';
import type { Send, SendResult } from '../mail/mail.service';
import type { ReportFacts } from './report-facts';
import { formatPercent, overallUptime, periodLine, updatesLine } from './report-wording';

/** The PDF's file name: the month and the business, e.g. 'Report-2026-11-Coast-Code.pdf'. */
export function reportFilename(month: string, businessName: string): string {
  const business = businessName
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return `Report-${month}${business ? `-${business}` : ''}.pdf`;
}

/** The month's report to its client (the PDF is attached by the sender). */
export function monthlyReportEmail(
  brand: EmailBrand,
  facts: ReportFacts,
  { appUrl, greeting }: { appUrl: string; greeting: string },
): RenderedEmail {
  const month = formatMonth(facts.month);
  const incidents = facts.sites.reduce((sum, site) => sum + site.incidents.length, 0);
  const sites = facts.sites.length;
  const websites =
    sites === 0
      ? []
      : [
          `${sites === 1 ? 'Your website was' : `Your ${sites} websites were`} up ${formatPercent(
            overallUptime(facts),
          )} of the time, with ${incidents} ${incidents === 1 ? 'incident' : 'incidents'}.`,
        ];
  const { opened, resolved } = facts.tickets;
  return renderEmail(
    brand,
    `Your ${month} report from ${brand.businessName}`,
    [
      `Hello ${greeting},`,
      `Your report for ${month} is attached: ${periodLine(facts, brand.timeZone)}.`,
      ...websites,
      `Support: ${opened} ${opened === 1 ? 'ticket' : 'tickets'} opened, ${resolved} resolved. Website updates: ${updatesLine(facts)}.`,
      `Questions about it? Reply to this e-mail or write to ${brand.businessEmail}.`,
    ],
    { href: `${appUrl}/portal/dashboard`, label: 'See your reports in your client portal' },
  );
}

/** Sends the monthly reports (the report service's `mail`). */
export function createReportEmails(send: Send) {
  return {
    /**
     * The month's report to its client, its PDF attached. Awaited: the report is recorded as
     * sent once the outbox has the message (a refusal is tried again in the background).
     */
    monthlyReport: (
      to: string,
      report: { facts: ReportFacts; greeting: string; pdf: Buffer },
    ): Promise<SendResult> =>
      send.awaited(({ brand, appUrl }) => ({
        to,
        ...monthlyReportEmail(brand, report.facts, { appUrl, greeting: report.greeting }),
        attachments: [
          {
            filename: reportFilename(report.facts.month, brand.businessName),
            contentType: 'application/pdf',
            content: report.pdf,
          },
        ],
      })),
  };
}
export type ReportEmails = ReturnType<typeof createReportEmails>;
