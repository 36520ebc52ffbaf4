import { formatMonth } from '@shared/dates';
import { fullName } from '../../lib/format';
import type { ReportFacts } from './report-facts';
import type { ReportEmails } from './reports.emails';
import type { ListedReport, ReportsRepository } from './reports.repository';

/** What became of a report's e-mail, in the words the admin reads. */
export interface Delivery {
  /** Recorded in the outbox (sent, kept without a mail server, or refused and retried). */
  recorded: boolean;
  message: string;
}

/**
 * E-mails a report that its caller has claimed (sent_at set in the claiming statement), PDF
 * attached, to the client's address as it is now. The claim is the guard against a second
 * e-mail: whoever did not get it sends nothing. When the message could not even be recorded
 * (the database failed under the outbox), the claim is given back as it was, so the report
 * is sent by the next run or the admin's next try, and the error goes on.
 */
export function createReportDelivery({
  repository,
  mail,
}: {
  repository: ReportsRepository;
  mail: Pick<ReportEmails, 'monthlyReport'>;
}) {
  return async function deliverClaimed(
    report: ListedReport,
    previousSentAt: Date | null,
  ): Promise<Delivery> {
    const month = formatMonth(report.month);
    const [content, client] = await Promise.all([
      repository.content(report.id),
      repository.client(report.userId),
    ]);
    if (!content || !client?.email) {
      await repository.release(report.id, report.sentAt!, previousSentAt);
      return {
        recorded: false,
        message: `The report for ${month} is made, but the client has no e-mail address to send it to.`,
      };
    }
    let result;
    try {
      result = await mail.monthlyReport(client.email, {
        facts: content.facts as ReportFacts,
        greeting: client.firstName || fullName(client) || 'there',
        pdf: content.pdf,
      });
    } catch (error) {
      await repository.release(report.id, report.sentAt!, previousSentAt);
      throw error;
    }
    if (result.kept) {
      return {
        recorded: true,
        message: `The report for ${month} is made. No mail server is set up, so its e-mail to ${client.email} is kept in the outbox.`,
      };
    }
    if (!result.delivered) {
      return {
        recorded: true,
        message: `The report for ${month} is made, but the mail server refused its e-mail to ${client.email} (${result.error}). It waits in the outbox, where it can be sent again.`,
      };
    }
    return { recorded: true, message: `The report for ${month} was e-mailed to ${client.email}.` };
  };
}
export type DeliverReport = ReturnType<typeof createReportDelivery>;
