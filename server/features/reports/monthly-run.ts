import type { Logger } from 'pino';
import { addMonthsToMonth, startOfMonthIn } from '@shared/dates';
import { previousMonth, reportPeriod, type ReportClient, type ReportPeriod } from './report-facts';
import type { DeliverReport } from './report-delivery';
import type { ReportContent, ReportsRepository } from './reports.repository';

/** What one monthly run did. */
export interface MonthlyRun {
  month: string;
  /** Reports made for clients who had none for the month. */
  made: number;
  /** Reports of the month so far made again over the whole month (and so sent again). */
  completed: number;
  /** Reports e-mailed by this run: those it made, and any an earlier run made but never sent. */
  sent: number;
  /** Clients whose report could not be made or sent (logged; the next run tries again). */
  failed: number;
}

type Subscriber = Awaited<ReturnType<ReportsRepository['subscribers']>>[number];

/**
 * The reports of the 1st (REPORT_RUN_CRON, in the business time zone): the month before's
 * report of every client whose plan was served in it (by the subscription history, not today's
 * status: a plan that began after the month has none, one that ended in it has one). Two passes, each safe to run again and to stop in
 * the middle of: first each client without a report for the month gets one (the unique index
 * keeps it to one however many runs race), then every report of the month not yet sent is
 * claimed and sent. A run stopped between the two, or in either, leaves reports that the next
 * run finds made (and does not make again) or unsent (and sends, once).
 */
export function createMonthlyRun({
  repository,
  makeContent,
  deliver,
  toReportClient,
  logger,
  now,
  timeZone,
}: {
  repository: ReportsRepository;
  makeContent: (client: ReportClient, period: ReportPeriod) => Promise<ReportContent>;
  deliver: DeliverReport;
  toReportClient: (row: Subscriber) => ReportClient;
  logger: Logger;
  now: () => Date;
  timeZone: string;
}) {
  /** The first pass: the month's missing reports, made and stored unsent. */
  async function makeMissing(month: string) {
    const at = now();
    const counts = { made: 0, completed: 0, failed: 0 };
    const clients = await repository.subscribers(
      startOfMonthIn(month, timeZone),
      startOfMonthIn(addMonthsToMonth(month, 1), timeZone),
    );
    for (const client of clients) {
      // The period starts when the plan did, when that was in the month.
      const period = reportPeriod(month, { joinedAt: client.servedFrom, now: at, timeZone });
      if ('refused' in period) continue;
      const existing = await repository.findOfMonth(client.id, month);
      // Made already over the whole period: nothing to do. One made before the month ended
      // (the admin's "month so far") is made again over all of it.
      if (existing && existing.periodEnd >= period.periodEnd) continue;
      try {
        const content = await makeContent(toReportClient(client), period);
        if (existing) {
          if (await repository.completeEarlier(content, at)) counts.completed += 1;
        } else if (await repository.insertUnsent(content, at)) {
          counts.made += 1;
        }
      } catch (error) {
        counts.failed += 1;
        logger.error({ err: error, userId: client.id, month }, 'monthly report not made');
      }
    }
    return counts;
  }

  /** The second pass: every unsent report of the month, claimed and e-mailed once. */
  async function sendUnsent(month: string) {
    const counts = { sent: 0, failed: 0 };
    for (const unsent of await repository.unsentOfMonth(month)) {
      const claimed = await repository.claimUnsent(unsent.id, now());
      if (!claimed) continue;
      try {
        if ((await deliver(claimed, null)).recorded) counts.sent += 1;
      } catch (error) {
        counts.failed += 1;
        logger.error({ err: error, reportId: unsent.id, month }, 'monthly report not sent');
      }
    }
    return counts;
  }

  return {
    makeMissing,
    sendUnsent,
    /** The month before today's (in the business time zone): made where missing, then sent. */
    async run(): Promise<MonthlyRun> {
      const month = previousMonth(now(), timeZone);
      const made = await makeMissing(month);
      const sent = await sendUnsent(month);
      return {
        month,
        made: made.made,
        completed: made.completed,
        sent: sent.sent,
        failed: made.failed + sent.failed,
      };
    },
  };
}
