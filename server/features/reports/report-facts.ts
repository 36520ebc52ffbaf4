import {
  addDaysToDate,
  addMonthsToMonth,
  calendarDateIn,
  formatDateIn,
  monthIn,
  startOfDayIn,
  startOfMonthIn,
} from '@shared/dates';
import { outageMinutes } from '@shared/outages';
import type { PlanId } from '@shared/plans';
import type { ReportsRepository } from './reports.repository';

/**
 * What a monthly report says, gathered once when it is made and kept as JSON beside its PDF
 * (monthly_reports.facts), so the PDF can be drawn again from the very same numbers. Every
 * instant is an ISO string; every calendar day 'YYYY-MM-DD' in the business time zone.
 */
export interface ReportFacts {
  month: string;
  /** The days covered: the whole month, or from the day the client joined, or so far. */
  periodStart: string;
  periodEnd: string;
  /** The month so far (made before it ended). */
  monthSoFar: boolean;
  madeAt: string;
  client: { name: string; businessName: string | null; email: string | null };
  plan: PlanId | null;
  /** The plan's name when the report was made (absent in reports made before issue 37). */
  planName?: string | null;
  sites: SiteFacts[];
  tickets: TicketFacts;
  /** Update requests of the period against the plan's (null: unlimited, or no plan). */
  updates: { used: number; included: number | null };
  invoicesPaid: PaidInvoiceFacts[];
  /**
   * Credit notes issued in the period on the client's invoices: money given back, taken off
   * the total paid. Absent from reports made before credit notes were counted.
   */
  creditNotes?: CreditNoteFacts[];
}

export interface SiteFacts {
  id: string;
  url: string;
  paused: boolean;
  /** Checks answered over checks made, in percent; null when no check ran in the period. */
  uptimePercent: number | null;
  checks: number;
  failures: number;
  /** The median response time of the period's answered checks, in ms. */
  medianResponseMs: number | null;
  /** One entry per day of the period, for the chart. */
  days: Array<{ day: string; medianResponseMs: number | null; uptimePercent: number | null }>;
  incidents: IncidentFacts[];
  certificateExpiresAt: string | null;
  domainExpiresAt: string | null;
  health: HealthFacts;
}

export interface IncidentFacts {
  startedAt: string;
  /** Null while the site is still down. */
  endedAt: string | null;
  /** Until it ended, or until the end of the period while it is still open. */
  durationMinutes: number;
  reason: string;
}

export interface HealthFacts {
  /** The analyser's score (0-100) of this month; null when it could not be measured. */
  score: number | null;
  /** The month before's, when one was measured. */
  previousScore: number | null;
  /** What the analyser found to improve, its own words, the first few. */
  issues: string[];
}

export interface TicketFacts {
  opened: number;
  resolved: number;
  /** The median time to the first answer of the tickets opened in the period, in minutes. */
  medianFirstResponseMinutes: number | null;
}

export interface PaidInvoiceFacts {
  invoiceNumber: string | null;
  amountCents: number;
  paidAt: string;
}

export interface CreditNoteFacts {
  creditNoteNumber: string | null;
  amountCents: number;
  issuedAt: string;
}

/**
 * What the client paid in the period, less what was credited back to them in it: the report's
 * "Total paid" (the dashboard's revenue takes credit notes off the same way).
 */
export function totalPaidCents(facts: Pick<ReportFacts, 'invoicesPaid' | 'creditNotes'>): number {
  const paid = facts.invoicesPaid.reduce((sum, invoice) => sum + invoice.amountCents, 0);
  const credited = (facts.creditNotes ?? []).reduce((sum, note) => sum + note.amountCents, 0);
  return paid - credited;
}

/** The days and instants a report covers. */
export interface ReportPeriod {
  month: string;
  periodStart: string;
  periodEnd: string;
  /** The first instant counted, and the first one after the period. */
  from: Date;
  until: Date;
  monthSoFar: boolean;
}

/**
 * The period of `month` for a client who joined at `joinedAt`: the whole month in the business
 * time zone, from the day they joined when that was in it, and up to now for the current month.
 * A month still to come, or one that ended before the client existed, has no report: the
 * answer then is the reason, in words.
 */
export function reportPeriod(
  month: string,
  { joinedAt, now, timeZone }: { joinedAt: Date; now: Date; timeZone: string },
): ReportPeriod | { refused: string } {
  const current = monthIn(now, timeZone);
  if (month > current) {
    return { refused: `${month} has not begun yet: a report covers a month up to today.` };
  }
  const nextMonth = addMonthsToMonth(month, 1);
  const monthEnd = startOfMonthIn(nextMonth, timeZone);
  if (joinedAt.getTime() >= monthEnd.getTime()) {
    return {
      refused: `The client joined on ${formatDateIn(joinedAt, timeZone)}: there is no report for ${month}, a month before that.`,
    };
  }
  const joinedDay = calendarDateIn(joinedAt, timeZone);
  const periodStart = joinedDay > `${month}-01` ? joinedDay : `${month}-01`;
  const monthSoFar = month === current;
  return {
    month,
    periodStart,
    periodEnd: monthSoFar ? calendarDateIn(now, timeZone) : addDaysToDate(`${nextMonth}-01`, -1),
    from: startOfDayIn(periodStart, timeZone),
    until: monthSoFar ? now : monthEnd,
    monthSoFar,
  };
}

/** The month before the one `now` falls in (the monthly run's month). */
export function previousMonth(now: Date, timeZone: string): string {
  return addMonthsToMonth(monthIn(now, timeZone), -1);
}

/** Checks answered over checks made, to one decimal place, never rounded up to 100. */
export function uptimePercent(checks: number, failures: number): number | null {
  if (checks <= 0) return null;
  const exact = ((checks - failures) / checks) * 100;
  return Math.floor(exact * 10) / 10;
}

/** The site's health as the analyser judges it: its score and what to improve. */
export type MeasureWebsite = (url: string) => Promise<{ score: number; issues: string[] }>;

const ISSUES_KEPT = 3;

export interface ReportClient {
  id: string;
  name: string;
  businessName: string | null;
  email: string | null;
  plan: PlanId | null;
}

/**
 * Gathers the facts of one client's period: each site's checks (raw, or the hourly roll-ups
 * where the raw ones are gone), incidents, dates and health score (measured now, once per
 * site and month, except the month so far, which is measured afresh; only for this month or
 * the one just ended: an older month's is the one kept then, or none); the tickets, the updates
 * against the plan and the invoices paid.
 */
export function createReportFacts({
  repository,
  measureWebsite,
  timeZone,
  now,
}: {
  repository: ReportsRepository;
  measureWebsite: MeasureWebsite;
  timeZone: string;
  now: () => Date;
}) {
  async function health(siteId: string, url: string, period: ReportPeriod): Promise<HealthFacts> {
    let kept = await repository.healthScore(siteId, period.month);
    // Measured today, the score is today's: it is the month's only while the month is this one
    // or the one just ended (the run's). An older month without one stays "not measured".
    const measurable = period.monthSoFar || period.month === previousMonth(now(), timeZone);
    if (measurable && (!kept || period.monthSoFar)) {
      try {
        const measured = await measureWebsite(url);
        kept = await repository.saveHealthScore({
          siteId,
          month: period.month,
          score: measured.score,
          issues: measured.issues.slice(0, ISSUES_KEPT),
          measuredAt: now(),
        });
      } catch {
        // The analyser never throws for a site that is down (that is a score of 0): this is
        // our side failing. The report says "not measured" rather than not being made.
      }
    }
    const previous = await repository.healthScore(siteId, addMonthsToMonth(period.month, -1));
    return {
      score: kept?.score ?? null,
      previousScore: previous?.score ?? null,
      issues: kept?.issues ?? [],
    };
  }

  async function site(
    row: Awaited<ReturnType<ReportsRepository['sitesOf']>>[number],
    period: ReportPeriod,
  ): Promise<SiteFacts> {
    const [checks, incidents, healthFacts] = await Promise.all([
      repository.checksByDay(row.id, period.from, period.until, timeZone),
      repository.incidents(row.id, period.from, period.until),
      health(row.id, row.url, period),
    ]);
    const byDay = new Map(checks.days.map((day) => [day.day, day]));
    const days: SiteFacts['days'] = [];
    for (let day = period.periodStart; day <= period.periodEnd; day = addDaysToDate(day, 1)) {
      const found = byDay.get(day);
      days.push({
        day,
        medianResponseMs: found?.medianResponseMs ?? null,
        uptimePercent: found ? uptimePercent(found.checks, found.failures) : null,
      });
    }
    return {
      id: row.id,
      url: row.url,
      paused: row.paused,
      uptimePercent: uptimePercent(checks.checks, checks.failures),
      checks: checks.checks,
      failures: checks.failures,
      medianResponseMs: checks.medianResponseMs,
      days,
      incidents: incidents.map((incident) => {
        const end = incident.endedAt ?? period.until;
        return {
          startedAt: incident.startedAt.toISOString(),
          endedAt: incident.endedAt?.toISOString() ?? null,
          durationMinutes: outageMinutes(incident.startedAt, end),
          reason: incident.reason,
        };
      }),
      certificateExpiresAt: row.certificateExpiresAt?.toISOString() ?? null,
      domainExpiresAt: row.domainExpiresAt?.toISOString() ?? null,
      health: healthFacts,
    };
  }

  return async function gatherFacts(
    client: ReportClient,
    period: ReportPeriod,
  ): Promise<ReportFacts> {
    const sites = await repository.sitesOf(client.id, period.until);
    // One site after another: each health measure fetches the site, and a client's few sites
    // need no more than that; the database queries of one site run together.
    const siteFacts: SiteFacts[] = [];
    for (const row of sites) siteFacts.push(await site(row, period));
    const planOf = (
      all: ReadonlyArray<{ id: string; name: string; updatesPerMonth: number | null }>,
    ) => (client.plan ? all.find((candidate) => candidate.id === client.plan) : undefined);
    const [tickets, updatesUsed, plans, invoicesPaid, creditNotes] = await Promise.all([
      repository.tickets(client.id, period.from, period.until),
      repository.updatesUsed(client.id, period.from, period.until),
      repository.plans(),
      repository.invoicesPaid(client.id, period.from, period.until),
      repository.creditNotesIssued(client.id, period.from, period.until),
    ]);
    const plan = planOf(plans);
    return {
      month: period.month,
      periodStart: period.periodStart,
      periodEnd: period.periodEnd,
      monthSoFar: period.monthSoFar,
      madeAt: now().toISOString(),
      client: { name: client.name, businessName: client.businessName, email: client.email },
      plan: client.plan,
      planName: plan?.name ?? null,
      sites: siteFacts,
      tickets,
      updates: {
        used: updatesUsed,
        // Null: unlimited on the plan; with no plan (`plan` null) nothing is included.
        included: plan ? plan.updatesPerMonth : null,
      },
      invoicesPaid: invoicesPaid.map((invoice) => ({
        invoiceNumber: invoice.invoiceNumber,
        amountCents: invoice.amountCents,
        paidAt: invoice.paidAt.toISOString(),
      })),
      creditNotes: creditNotes.map((note) => ({
        creditNoteNumber: note.creditNoteNumber,
        amountCents: note.amountCents,
        issuedAt: note.issuedAt.toISOString(),
      })),
    };
  };
}
export type GatherFacts = ReturnType<typeof createReportFacts>;
