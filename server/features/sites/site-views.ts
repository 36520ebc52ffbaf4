import { addDaysToDate, calendarDateIn, startOfDayIn } from '@shared/dates';
import type {
  AdminSite,
  ClientSite,
  SiteCheck,
  SiteIncident,
  SiteListItem,
} from '@shared/schemas/sites';
import type { SiteCheckRow, SiteIncidentRow, SiteRow } from '../../db/schema';
import { fullName } from '../../lib/format';
import { certificateWarningDays } from './site-lifecycle';
import type { SiteClient, SiteRepository } from './sites.repository';

/** The days of a site's response-time sparkline, today included. */
export const SPARKLINE_DAYS = 14;

/** What the lists show of a site beyond its row: from its checks and incidents. */
export interface SiteStats {
  uptime: Map<string, number>;
  sparklines: Map<string, (number | null)[]>;
  incidents: Map<string, SiteIncidentRow>;
}

/**
 * The uptime, open incident and (with `sparkline`) the daily medians of the sites `ids`, in
 * a few queries for all of them.
 */
export async function loadStats(
  repository: SiteRepository,
  ids: string[],
  { now, timeZone, sparkline }: { now: Date; timeZone: string; sparkline: boolean },
): Promise<SiteStats> {
  const today = calendarDateIn(now, timeZone);
  const days = Array.from({ length: SPARKLINE_DAYS }, (_, i) =>
    addDaysToDate(today, i - SPARKLINE_DAYS + 1),
  );
  const [uptime, incidents, medians] = await Promise.all([
    repository.uptime(ids, now),
    repository.openIncidents(ids),
    sparkline ? repository.dailyMedians(ids, startOfDayIn(days[0]!, timeZone), timeZone) : [],
  ]);
  const byDay = new Map(medians.map((row) => [`${row.siteId} ${row.day}`, row.median]));
  const sparklines = new Map(
    ids.map((id) => [
      id,
      days.map((day) => {
        const median = byDay.get(`${id} ${day}`);
        return median === undefined || median === null ? null : Math.round(median);
      }),
    ]),
  );
  return { uptime, sparklines, incidents };
}

/** The client as lists name them: their name, else their business, else their e-mail. */
export function clientName(client: SiteClient): string {
  return fullName(client) || client.businessName || client.email || 'A client';
}

const iso = (date: Date | null) => date?.toISOString() ?? null;

export function toSiteIncident(row: SiteIncidentRow): SiteIncident {
  return {
    id: row.id,
    startedAt: row.startedAt.toISOString(),
    endedAt: iso(row.endedAt),
    reason: row.reason,
    ticketId: row.ticketId,
  };
}

export function toSiteCheck(row: SiteCheckRow): SiteCheck {
  return {
    checkedAt: row.checkedAt.toISOString(),
    ok: row.ok,
    statusCode: row.statusCode,
    responseMs: row.responseMs,
    reason: row.reason,
  };
}

/** 0-100 with one decimal, rounded down: one failed check in 2,000 is not 100%. */
function uptimePercent(value: number | undefined): number | null {
  return value === undefined ? null : Math.floor(value * 10) / 10;
}

function facts(site: SiteRow, stats: SiteStats) {
  return {
    id: site.id,
    url: site.url,
    status: site.status,
    paused: site.paused,
    lastCheckedAt: iso(site.lastCheckedAt),
    responseMs: site.lastResponseMs,
    uptime30d: uptimePercent(stats.uptime.get(site.id)),
    certificateExpiresAt: iso(site.certificateExpiresAt),
    certificateValid: site.certificateValid,
    certificateWarningDays: site.certificateExpiresAt
      ? certificateWarningDays(site.certificateIssuedAt, site.certificateExpiresAt)
      : null,
    domainExpiresAt: iso(site.domainExpiresAt),
    domainExpirySource: site.domainExpirySource,
  };
}

export function toClientSite(site: SiteRow, stats: SiteStats): ClientSite {
  return {
    ...facts(site, stats),
    responseSparkline: stats.sparklines.get(site.id) ?? [],
  };
}

export function toAdminSite(site: SiteRow, stats: SiteStats): AdminSite {
  const incident = stats.incidents.get(site.id);
  return {
    ...toClientSite(site, stats),
    clientId: site.userId,
    keyword: site.keyword,
    lastError: site.lastError,
    consecutiveFailures: site.consecutiveFailures,
    openIncident: incident ? toSiteIncident(incident) : null,
    createdAt: site.createdAt.toISOString(),
  };
}

export function toSiteListItem(site: SiteRow, client: SiteClient, stats: SiteStats): SiteListItem {
  const incident = stats.incidents.get(site.id);
  return {
    ...facts(site, stats),
    clientId: client.id,
    clientName: clientName(client),
    clientEmail: client.email ?? '',
    lastError: site.lastError,
    openIncident: incident ? toSiteIncident(incident) : null,
  };
}
