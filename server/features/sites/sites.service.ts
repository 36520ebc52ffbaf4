import type { Logger } from 'pino';
import type { ResponsePolicy } from '@shared/response-targets';
import { pageOffset, type ListQuery } from '@shared/schemas/common';
import {
  DOMAIN_WARNING_DAYS,
  type AdminSite,
  type ClientSite,
  type SiteCareSummary,
  type SiteChecksPage,
  type SiteIncidentsPage,
  type SiteListQuery,
  type SitePage,
} from '@shared/schemas/sites';
import type { AuditTrail } from '../../lib/audit-trail';
import { AppError } from '../../lib/errors';
import { existingId } from '../../lib/ids';
import {
  CLIENT_NOT_FOUND,
  createSiteManagement,
  SITE_NOT_FOUND,
  type VetSiteUrl,
} from './manage-sites';
import type { CheckSite, LookUpDomainExpiry } from './site-check';
import { createSiteChecks, type SiteEvents } from './site-checks';
import { certificateWarningDays, withinDays } from './site-lifecycle';
import {
  clientName,
  loadStats,
  toAdminSite,
  toClientSite,
  toSiteCheck,
  toSiteIncident,
  toSiteListItem,
} from './site-views';
import type { SiteRepository } from './sites.repository';

export type { SiteEvents } from './site-checks';
export type { VetSiteUrl } from './manage-sites';

export const SITE_PAUSED = 'This website is paused: resume its checks first';
/** How the checks and RDAP look-ups introduce themselves to the sites and registries. */
export const SITE_CHECK_USER_AGENT =
  'CoastAndCodeSiteCare/1.0 (uptime checks by the agency that looks after this website)';
/** The dashboard card lists at most this many sites down and dates about to lapse. */
const SUMMARY_LIMIT = 20;

export interface SiteServiceDeps {
  repository: SiteRepository;
  checkSite: CheckSite;
  lookUpDomainExpiry: LookUpDomainExpiry;
  vetUrl: VetSiteUrl;
  events: SiteEvents;
  audit: AuditTrail;
  policy: () => Promise<ResponsePolicy>;
  settings: {
    intervalSeconds: number;
    failuresBeforeDown: number;
    timeoutMs: number;
    /** Checks running at once in this process. */
    concurrency: number;
  };
  /** The business's time zone: the sparkline's days. */
  timeZone: string;
  logger: Logger;
  now: () => Date;
  random?: () => number;
}

/**
 * Site care's websites: the admin's management of them and their lists, the client's own,
 * and the checks (scheduled, on demand), the RDAP pass and the retention of old checks.
 */
export function createSiteService(deps: SiteServiceDeps) {
  const { repository, timeZone, now } = deps;
  const manage = createSiteManagement({
    repository,
    vetUrl: deps.vetUrl,
    audit: deps.audit,
    intervalSeconds: deps.settings.intervalSeconds,
    timeZone,
    now,
    random: deps.random,
  });
  const checks = createSiteChecks({
    repository,
    checkSite: deps.checkSite,
    lookUpDomainExpiry: deps.lookUpDomainExpiry,
    events: deps.events,
    policy: deps.policy,
    intervalSeconds: deps.settings.intervalSeconds,
    failuresBeforeDown: deps.settings.failuresBeforeDown,
    timeoutMs: deps.settings.timeoutMs,
    concurrency: deps.settings.concurrency,
    logger: deps.logger,
    now,
  });

  return {
    /** GET /api/sites: the signed-in client's own websites, paused ones included. */
    async clientSites(userId: string): Promise<ClientSite[]> {
      const rows = await repository.listForClient(userId);
      const stats = await loadStats(
        repository,
        rows.map((row) => row.id),
        { now: now(), timeZone, sparkline: true },
      );
      return rows.map((row) => toClientSite(row, stats));
    },

    /** A client's websites on their admin page, newest first. */
    async forClient(clientId: string): Promise<AdminSite[]> {
      const client = await repository.findClient(existingId(clientId, CLIENT_NOT_FOUND));
      if (!client) throw new AppError(404, CLIENT_NOT_FOUND);
      const rows = await repository.listForClient(client.id);
      const stats = await loadStats(
        repository,
        rows.map((row) => row.id),
        { now: now(), timeZone, sparkline: true },
      );
      return rows.map((row) => toAdminSite(row, stats));
    },

    /** /admin/sites: every client's websites, worst first. */
    async list({ q, status, page, pageSize }: SiteListQuery): Promise<SitePage> {
      const at = now();
      const { rows, total } = await repository.list(
        { q, status, limit: pageSize, offset: pageOffset({ page, pageSize }) },
        at,
      );
      const stats = await loadStats(
        repository,
        rows.map((row) => row.site.id),
        { now: at, timeZone, sparkline: false },
      );
      return {
        items: rows.map((row) => toSiteListItem(row.site, row.client, stats)),
        total,
        page,
        pageSize,
      };
    },

    async checks(
      id: string,
      { page, pageSize }: Pick<ListQuery, 'page' | 'pageSize'>,
    ): Promise<SiteChecksPage> {
      const site = await manage.find(id);
      const { rows, total } = await repository.listChecks(site.id, {
        limit: pageSize,
        offset: pageOffset({ page, pageSize }),
      });
      return { items: rows.map(toSiteCheck), total, page, pageSize };
    },

    async incidents(
      id: string,
      { page, pageSize }: Pick<ListQuery, 'page' | 'pageSize'>,
    ): Promise<SiteIncidentsPage> {
      const site = await manage.find(id);
      const { rows, total } = await repository.listIncidents(site.id, {
        limit: pageSize,
        offset: pageOffset({ page, pageSize }),
      });
      return { items: rows.map(toSiteIncident), total, page, pageSize };
    },

    /** The dashboard's card: the sites down (longest first) and the dates about to lapse. */
    async summary(): Promise<SiteCareSummary> {
      const at = now();
      const { sites, downCount, expiringCount, down, lapsing } = await repository.summary(
        at,
        SUMMARY_LIMIT,
      );
      const expiring: SiteCareSummary['expiring'] = [];
      for (const { site, client } of lapsing) {
        const named = { id: site.id, url: site.url, clientName: clientName(client) };
        const certificate = site.certificateExpiresAt;
        if (
          certificate &&
          withinDays(certificate, certificateWarningDays(site.certificateIssuedAt, certificate), at)
        ) {
          expiring.push({ ...named, what: 'certificate', expiresAt: certificate.toISOString() });
        }
        if (site.domainExpiresAt && withinDays(site.domainExpiresAt, DOMAIN_WARNING_DAYS, at)) {
          expiring.push({
            ...named,
            what: 'domain',
            expiresAt: site.domainExpiresAt.toISOString(),
          });
        }
      }
      expiring.sort((a, b) => a.expiresAt.localeCompare(b.expiresAt));
      return {
        sites,
        downCount,
        expiringCount,
        down: down.map(({ site, client, since }) => ({
          id: site.id,
          url: site.url,
          clientName: clientName(client),
          since: since.toISOString(),
        })),
        expiring: expiring.slice(0, SUMMARY_LIMIT),
      };
    },

    add: manage.add,
    update: manage.update,
    remove: manage.remove,

    /** The admin's "check now": checked and recorded like a scheduled check. */
    async checkNow(id: string): Promise<AdminSite> {
      const site = await manage.find(id);
      if (site.paused) throw new AppError(409, SITE_PAUSED);
      await checks.run(site);
      const after = await repository.find(site.id);
      if (!after) throw new AppError(404, SITE_NOT_FOUND);
      return manage.adminSite(after);
    },

    /** The scheduler (jobs.ts): tick, idle, start. */
    scheduler: { tick: checks.tick, idle: checks.idle, start: checks.start },
    checkDomains: checks.checkDomains,
    rollUpOldChecks: checks.rollUpOldChecks,
  };
}
export type SiteService = ReturnType<typeof createSiteService>;
