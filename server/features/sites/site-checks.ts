import net from 'node:net';
import pLimit from 'p-limit';
import type { Logger } from 'pino';
import { getDomain } from 'tldts';
import type { ResponsePolicy } from '@shared/response-targets';
import { SHORT_CERTIFICATE_WARNING_DAYS } from '@shared/schemas/sites';
import type { SiteRow } from '../../db/schema';
import type { CheckOutcome } from './site-lifecycle';
import type { CheckSite, LookUpDomainExpiry, SiteCheckResult } from './site-check';
import type {
  CertificateExpiringMail,
  DomainExpiringMail,
  SiteDownMail,
  SiteRecoveredMail,
} from './sites.emails';
import { RAW_CHECK_DAYS, type SiteRepository } from './sites.repository';

/** Who hears of what the checks find (sites.emails.ts sends it). */
export interface SiteEvents {
  siteDown(userId: string, site: SiteDownMail, mail: { replyToken: string }): void;
  siteRecovered(userId: string, site: SiteRecoveredMail, mail: { replyToken: string } | null): void;
  certificateExpiring(userId: string, site: CertificateExpiringMail): void;
  domainExpiring(userId: string, site: DomainExpiringMail): void;
}

export interface SiteCheckDeps {
  repository: SiteRepository;
  checkSite: CheckSite;
  lookUpDomainExpiry: LookUpDomainExpiry;
  events: SiteEvents;
  /** The response targets in force: an incident's ticket starts its clock with them. */
  policy: () => Promise<ResponsePolicy>;
  intervalSeconds: number;
  failuresBeforeDown: number;
  timeoutMs: number;
  /** Checks running at once in this process, at most (SITE_CHECK_CONCURRENCY). */
  concurrency: number;
  logger: Logger;
  now: () => Date;
}

/** RDAP servers limit their callers: a few look-ups at a time, a bounded batch per pass. */
const DOMAIN_LOOKUP_CONCURRENCY = 4;
const DOMAIN_LOOKUP_BATCH = 500;
/** The hours of raw checks one retention run rolls up at most (a day and a half). */
const ROLL_UP_HOURS_PER_RUN = 36;
/** What the checker is given beyond its own deadline before its check counts as timed out. */
const DEADLINE_GRACE_MS = 5_000;
const DAY_MS = 24 * 60 * 60 * 1000;
const HOUR_MS = 60 * 60 * 1000;

const daysLeft = (expiresAt: Date, at: Date) =>
  Math.floor((expiresAt.getTime() - at.getTime()) / DAY_MS);

/**
 * The checks of the clients' websites: the scheduler's tick (claim the due sites, check them a
 * few at a time), the admin's "check now", the daily RDAP pass and the hourly roll-up of old
 * checks. Every check is recorded by site-lifecycle.ts in a transaction that holds the site's
 * row; what it found is e-mailed after the commit (docs/decisions/032).
 */
export function createSiteChecks({
  repository,
  checkSite,
  lookUpDomainExpiry,
  events,
  policy,
  intervalSeconds,
  failuresBeforeDown,
  timeoutMs,
  concurrency,
  logger,
  now,
}: SiteCheckDeps) {
  const inFlight = new Set<Promise<unknown>>();

  /** The checker's answer, or a timeout of ours should it overrun its own deadline. */
  async function check(site: Pick<SiteRow, 'url' | 'keyword'>): Promise<SiteCheckResult> {
    let timer: NodeJS.Timeout | undefined;
    const overrun = new Promise<SiteCheckResult>((resolve) => {
      timer = setTimeout(
        () =>
          resolve({
            ok: false,
            statusCode: null,
            responseMs: null,
            reason: 'Did not answer in time',
            certificate: null,
          }),
        timeoutMs + DEADLINE_GRACE_MS,
      );
    });
    try {
      return await Promise.race([
        checkSite({ url: site.url, keyword: site.keyword }).catch(
          (error: unknown): SiteCheckResult => ({
            ok: false,
            statusCode: null,
            responseMs: null,
            reason: error instanceof Error ? error.message : 'The check failed',
            certificate: null,
          }),
        ),
        overrun,
      ]);
    } finally {
      clearTimeout(timer);
    }
  }

  /** The e-mails a recorded check calls for. */
  function tell(outcome: CheckOutcome, at: Date) {
    const { site, opened, closed, certificateWarning } = outcome;
    if (opened?.alert) {
      events.siteDown(
        site.userId,
        {
          clientId: site.userId,
          url: site.url,
          startedAt: opened.incident.startedAt,
          reason: opened.incident.reason,
          ticket: opened.ticket,
        },
        { replyToken: opened.ticket.replyToken },
      );
    }
    if (closed?.alert) {
      events.siteRecovered(
        site.userId,
        {
          clientId: site.userId,
          url: site.url,
          startedAt: closed.incident.startedAt,
          endedAt: closed.incident.endedAt ?? at,
          ticket: closed.ticket,
        },
        closed.ticket ? { replyToken: closed.ticket.replyToken } : null,
      );
    }
    if (certificateWarning) {
      events.certificateExpiring(site.userId, {
        clientId: site.userId,
        url: site.url,
        expiresAt: certificateWarning.expiresAt,
        daysLeft: daysLeft(certificateWarning.expiresAt, at),
        shortLived: certificateWarning.days === SHORT_CERTIFICATE_WARNING_DAYS,
      });
    }
  }

  /**
   * Checks one site and records what it found; null, nothing recorded, when it was removed,
   * paused or given another address meanwhile (what was found is about what is not watched).
   */
  async function run(site: Pick<SiteRow, 'id' | 'url' | 'keyword'>) {
    const at = now();
    const result = await check(site);
    const outcome = await repository.recordCheck(site.id, site.url, result, at, {
      failuresBeforeDown,
      policy: await policy(),
    });
    if (outcome) tell(outcome, at);
    return outcome;
  }

  function track(work: Promise<unknown>) {
    const tracked = work.finally(() => inFlight.delete(tracked));
    inFlight.add(tracked);
  }

  async function tick(): Promise<number> {
    const claimed = await repository.claimDue(now(), intervalSeconds, concurrency - inFlight.size);
    for (const site of claimed) {
      track(
        run(site).catch((error: unknown) =>
          logger.error({ err: error, siteId: site.id }, 'site check not recorded'),
        ),
      );
    }
    return claimed.length;
  }

  async function idle(): Promise<void> {
    while (inFlight.size > 0) await Promise.all(inFlight);
  }

  return {
    run,

    /**
     * One turn of the scheduler: claims as many due sites as there are free slots and starts
     * their checks (not awaited: `idle` waits for them). The number claimed.
     */
    tick,

    /** Resolves once every check started so far is recorded. */
    idle,

    /**
     * Ticks every `everyMs` until stopped; a failed tick (the database away) is logged and
     * the next one tries again. stop() waits for the checks under way.
     */
    start(everyMs: number) {
      let stopped = false;
      let timer: NodeJS.Timeout | undefined;
      const loop = async () => {
        try {
          await tick();
        } catch (error) {
          logger.warn({ err: error }, 'site check tick failed');
        }
        if (!stopped) timer = setTimeout(() => void loop(), everyMs);
      };
      timer = setTimeout(() => void loop(), 0);
      return {
        async stop() {
          stopped = true;
          clearTimeout(timer);
          await idle();
        },
      };
    },

    /**
     * The daily RDAP pass: the domains not looked up in the last day (a failed look-up keeps
     * the last good date and is tried again next pass), then a warning for each domain newly
     * within its threshold. How many were looked up, failed and warned of.
     */
    async checkDomains(): Promise<{ looked: number; failed: number; warned: number }> {
      const due = await repository.domainsDue(now(), DOMAIN_LOOKUP_BATCH);
      const limit = pLimit(DOMAIN_LOOKUP_CONCURRENCY);
      let looked = 0;
      let failed = 0;
      await Promise.all(
        due.map((site) =>
          limit(async () => {
            const hostname = new URL(site.url).hostname.replace(/^\[|\]$/g, '');
            if (net.isIP(hostname)) {
              await repository.saveDomainLookUp(site.id, null, now());
              return;
            }
            looked += 1;
            try {
              const expiresAt = await lookUpDomainExpiry(hostname);
              await repository.saveDomainLookUp(site.id, expiresAt, now());
            } catch (error) {
              failed += 1;
              logger.warn({ err: error, siteId: site.id, hostname }, 'RDAP look-up failed');
            }
          }),
        ),
      );
      const at = now();
      const warnings = await repository.takeDomainWarnings(at);
      for (const site of warnings) {
        const hostname = new URL(site.url).hostname;
        events.domainExpiring(site.userId, {
          clientId: site.userId,
          url: site.url,
          domain: getDomain(hostname) ?? hostname,
          expiresAt: site.domainExpiresAt!,
          daysLeft: daysLeft(site.domainExpiresAt!, at),
          source: site.domainExpirySource ?? 'rdap',
        });
      }
      return { looked, failed, warned: warnings.length };
    },

    /** The hourly retention run: raw checks past 30 days become hourly roll-ups. The hours. */
    async rollUpOldChecks(): Promise<number> {
      const cutoff = new Date(
        Math.floor((now().getTime() - RAW_CHECK_DAYS * DAY_MS) / HOUR_MS) * HOUR_MS,
      );
      return repository.rollUpChecks(cutoff, ROLL_UP_HOURS_PER_RUN);
    },
  };
}
export type SiteChecks = ReturnType<typeof createSiteChecks>;
