import type { Logger } from 'pino';
import { addMonthsToMonth, formatMonth, startOfMonthIn } from '@shared/dates';
import type { AdminReport, Report } from '@shared/schemas/reports';
import type { AuditActor, AuditTrail } from '../../lib/audit-trail';
import { AppError } from '../../lib/errors';
import { fullName } from '../../lib/format';
import { existingId } from '../../lib/ids';
import { createMonthlyRun } from './monthly-run';
import { createReportDelivery } from './report-delivery';
import {
  createReportFacts,
  reportPeriod,
  type MeasureWebsite,
  type ReportClient,
  type ReportPeriod,
} from './report-facts';
import { renderReportPdf, type ReportIssuer } from './report-pdf';
import { reportFilename, type ReportEmails } from './reports.emails';
import type { ListedReport, ReportContent, ReportsRepository } from './reports.repository';

export type { MonthlyRun } from './monthly-run';
export type { MeasureWebsite } from './report-facts';
export type { ReportIssuer } from './report-pdf';

export const REPORT_NOT_FOUND = 'Report not found';
const CLIENT_NOT_FOUND = 'Client not found';
/** Reports listed at most: ten years of months, far more than any list needs. */
const REPORTS_LISTED = 120;

/** What "Make report" answers: made, not sent, and what to do next. */
export const reportMadeMessage = (month: string) =>
  `The report for ${formatMonth(month)} is made and not sent. Open its PDF to read it, then Send it to the client.`;

const reportId = (id: string) => existingId(id, REPORT_NOT_FOUND);
const clientId = (id: string) => existingId(id, CLIENT_NOT_FOUND);

const toReport = (row: ListedReport): Report => ({
  id: row.id,
  month: row.month,
  createdAt: row.createdAt.toISOString(),
});

const toAdminReport = (row: ListedReport): AdminReport => ({
  ...toReport(row),
  periodStart: row.periodStart,
  periodEnd: row.periodEnd,
  sentAt: row.sentAt?.toISOString() ?? null,
});

export interface ReportServiceDeps {
  repository: ReportsRepository;
  /** The website analyser's score of a site (the composition root builds it). */
  measureWebsite: MeasureWebsite;
  /** The business as the reports name it, from the settings. */
  issuer: () => Promise<ReportIssuer>;
  mail: Pick<ReportEmails, 'monthlyReport'>;
  audit: AuditTrail;
  logger: Logger;
  now: () => Date;
  timeZone: string;
}

/**
 * The monthly reports (issue 28): made once per client and month by the run of the 1st, or by
 * the admin for any month since the client joined (the current one: so far), e-mailed with
 * the PDF attached, listed on the client page and in the portal.
 */
export function createReportService({
  repository,
  measureWebsite,
  issuer,
  mail,
  audit,
  logger,
  now,
  timeZone,
}: ReportServiceDeps) {
  const gatherFacts = createReportFacts({ repository, measureWebsite, timeZone, now });
  const deliver = createReportDelivery({ repository, mail });

  const toReportClient = (
    row: NonNullable<Awaited<ReturnType<ReportsRepository['client']>>>,
  ): ReportClient => ({
    id: row.id,
    name: fullName(row) || row.email || 'Client',
    businessName: row.businessName,
    email: row.email,
    plan: row.plan,
  });

  /** The report's facts and PDF for the client's period. */
  async function makeContent(client: ReportClient, period: ReportPeriod): Promise<ReportContent> {
    const facts = await gatherFacts(client, period);
    const pdf = await renderReportPdf(facts, await issuer());
    return {
      userId: client.id,
      month: period.month,
      periodStart: period.periodStart,
      periodEnd: period.periodEnd,
      facts,
      pdf,
    };
  }

  const monthly = createMonthlyRun({
    repository,
    makeContent,
    deliver,
    toReportClient,
    logger,
    now,
    timeZone,
  });

  async function found(id: string): Promise<ListedReport> {
    const row = await repository.findById(reportId(id));
    if (!row) throw new AppError(404, REPORT_NOT_FOUND);
    return row;
  }

  async function download(row: { month: string; pdf: Buffer }) {
    const { businessName } = await issuer();
    return { filename: reportFilename(row.month, businessName), content: row.pdf };
  }

  return {
    /** The monthly run (the job queue's): last month's reports, made where missing and sent. */
    runMonthly: monthly.run,
    /** The run's first pass alone: a run stopped before it sent anything (tests). */
    makeMissing: monthly.makeMissing,

    /**
     * The admin's "Make report": the client's report of `month` made (or made again over the
     * one there is) and held unsent, for the admin to read its PDF before their Send e-mails it.
     * 400 with the reason for a month still to come or one before the client joined.
     */
    async makeForClient(
      id: string,
      month: string,
      actor: AuditActor,
    ): Promise<AdminReport & { message: string }> {
      const client = await repository.client(clientId(id));
      if (!client) throw new AppError(404, CLIENT_NOT_FOUND);
      const at = now();
      // Like the monthly run's: from the day the plan began when that was in the month; a
      // month without a plan served in it, from the day the account was made.
      const servedFrom = await repository.servedFrom(
        client.id,
        startOfMonthIn(month, timeZone),
        startOfMonthIn(addMonthsToMonth(month, 1), timeZone),
      );
      const joinedAt = servedFrom ?? client.createdAt;
      const period = reportPeriod(month, { joinedAt, now: at, timeZone });
      if ('refused' in period) throw new AppError(400, period.refused);
      const content = await makeContent(toReportClient(client), period);
      const saved = await repository.saveHeld(content, at);
      await audit.record(actor, {
        kind: 'report.made',
        targetType: 'client',
        targetId: client.id,
        after: {
          month,
          periodStart: period.periodStart,
          periodEnd: period.periodEnd,
          madeAgain: !saved.made,
        },
      });
      return { ...toAdminReport(saved), message: reportMadeMessage(month) };
    },

    /** The client's reports on their page in the admin, newest month first. */
    async listForClient(id: string): Promise<AdminReport[]> {
      const client = await repository.client(clientId(id));
      if (!client) throw new AppError(404, CLIENT_NOT_FOUND);
      return (await repository.listOf(client.id, REPORTS_LISTED)).map(toAdminReport);
    },

    /**
     * Send: the report as it was made (and read by the admin), e-mailed to the client; "Send
     * again" for one sent before.
     */
    async sendAgain(id: string, actor: AuditActor): Promise<AdminReport & { message: string }> {
      const before = await found(id);
      const claimed = await repository.claimAgain(before.id, now());
      if (!claimed) throw new AppError(404, REPORT_NOT_FOUND);
      const delivery = await deliver(claimed, before.sentAt);
      await audit.record(actor, {
        kind: 'report.sent',
        targetType: 'client',
        targetId: claimed.userId,
        after: { month: claimed.month, sent: delivery.recorded },
      });
      const row = (await repository.findById(claimed.id)) ?? claimed;
      return { ...toAdminReport(row), message: delivery.message };
    },

    /** Any report's PDF, for the admin. */
    async pdf(id: string) {
      const row = await repository.content(reportId(id));
      if (!row) throw new AppError(404, REPORT_NOT_FOUND);
      return download(row);
    },

    /** The signed-in client's own reports, newest month first (not one held unsent). */
    async listOwn(userId: string): Promise<Report[]> {
      return (await repository.listOf(userId, REPORTS_LISTED, true)).map(toReport);
    },

    /** The client's own report's PDF; anyone else's, or one held unsent, is not found. */
    async pdfOwn(userId: string, id: string) {
      const row = await repository.content(reportId(id));
      if (!row || row.userId !== userId || row.heldForReview) {
        throw new AppError(404, REPORT_NOT_FOUND);
      }
      return download(row);
    },
  };
}
export type ReportService = ReturnType<typeof createReportService>;
