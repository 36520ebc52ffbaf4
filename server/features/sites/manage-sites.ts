import { startOfDayIn } from '@shared/dates';
import {
  MAX_SITES_PER_CLIENT,
  type AdminSite,
  type CreateSiteSchema,
  type UpdateSiteSchema,
} from '@shared/schemas/sites';
import type { z } from 'zod';
import type { SiteRow } from '../../db/schema';
import type { AuditActor, AuditTrail } from '../../lib/audit-trail';
import { AppError } from '../../lib/errors';
import { existingId } from '../../lib/ids';
import { loadStats, toAdminSite } from './site-views';
import type { SiteRepository } from './sites.repository';

export const SITE_NOT_FOUND = 'Website not found';
export const CLIENT_NOT_FOUND = 'Client not found';
export const DUPLICATE_SITE = 'This client already has that website';
export const TOO_MANY_SITES = `A client can have at most ${MAX_SITES_PER_CLIENT} websites`;

/**
 * Whether a website address may be watched: null when it may, else why not in words ("The
 * address is not public (10.0.0.1)", "The address does not resolve"). The outbound guard's.
 */
export type VetSiteUrl = (url: string) => Promise<string | null>;

export interface ManageSitesDeps {
  repository: SiteRepository;
  vetUrl: VetSiteUrl;
  audit: AuditTrail;
  intervalSeconds: number;
  timeZone: string;
  now: () => Date;
  /** A number in [0, 1): where in the interval a new site's first check falls. */
  random?: () => number;
}

type NewSite = z.output<typeof CreateSiteSchema>;
type SiteChange = z.output<typeof UpdateSiteSchema>;

/** The admin adds, edits, pauses and removes a client's websites; each is audited. */
export function createSiteManagement({
  repository,
  vetUrl,
  audit,
  intervalSeconds,
  timeZone,
  now,
  random = Math.random,
}: ManageSitesDeps) {
  async function adminSite(site: SiteRow): Promise<AdminSite> {
    const stats = await loadStats(repository, [site.id], { now: now(), timeZone, sparkline: true });
    return toAdminSite(site, stats);
  }

  async function refuseUnwatchable(url: string) {
    const refusal = await vetUrl(url);
    if (refusal) throw new AppError(400, refusal);
  }

  async function find(id: string): Promise<SiteRow> {
    const site = await repository.find(existingId(id, SITE_NOT_FOUND));
    if (!site) throw new AppError(404, SITE_NOT_FOUND);
    return site;
  }

  return {
    /**
     * A new website of a client. Its first check falls at a random point of the interval, so
     * that many sites added at once (an import) do not all fire together.
     */
    async add(actor: AuditActor, clientId: string, input: NewSite): Promise<AdminSite> {
      existingId(clientId, CLIENT_NOT_FOUND);
      await refuseUnwatchable(input.url);
      const at = now();
      const added = await repository.insert(
        {
          userId: clientId,
          url: input.url,
          keyword: input.keyword,
          nextCheckAt: new Date(at.getTime() + Math.floor(random() * intervalSeconds * 1000)),
          createdAt: at,
        },
        (existing) => {
          if (existing.some((site) => site.url === input.url)) {
            return new AppError(409, DUPLICATE_SITE);
          }
          if (existing.length >= MAX_SITES_PER_CLIENT) return new AppError(400, TOO_MANY_SITES);
          return null;
        },
      );
      if (!added) throw new AppError(404, CLIENT_NOT_FOUND);
      if ('refused' in added) throw added.refused;
      await audit.record(actor, {
        kind: 'site.added',
        targetType: 'site',
        targetId: added.site.id,
        before: null,
        after: { clientId, url: added.site.url, keyword: added.site.keyword },
      });
      return adminSite(added.site);
    },

    /**
     * The admin's edit: another address (checked like a new one), keyword, pause or resume,
     * and the domain's expiry typed by hand (null hands it back to RDAP).
     */
    async update(actor: AuditActor, id: string, change: SiteChange): Promise<AdminSite> {
      const site = await find(id);
      if (change.url !== undefined && change.url !== site.url) {
        await refuseUnwatchable(change.url);
        if (await repository.urlTakenByOther(site.userId, change.url, site.id)) {
          throw new AppError(409, DUPLICATE_SITE);
        }
      }
      const domain =
        change.domainExpiresOn === undefined
          ? {}
          : change.domainExpiresOn === null
            ? site.domainExpirySource === 'manual'
              ? { domainExpiresAt: null, domainExpirySource: null }
              : {}
            : {
                domainExpiresAt: startOfDayIn(change.domainExpiresOn, timeZone),
                domainExpirySource: 'manual' as const,
              };
      const updated = await repository.update(
        site.id,
        {
          ...(change.url !== undefined && { url: change.url }),
          ...(change.keyword !== undefined && { keyword: change.keyword }),
          ...(change.paused !== undefined && { paused: change.paused }),
          ...domain,
        },
        now(),
      );
      if (!updated) throw new AppError(404, SITE_NOT_FOUND);
      const { before, after } = updated;
      const target = { targetType: 'site', targetId: site.id };
      if (before.url !== after.url || before.keyword !== after.keyword) {
        await audit.record(actor, {
          kind: 'site.updated',
          ...target,
          before: { url: before.url, keyword: before.keyword },
          after: { url: after.url, keyword: after.keyword },
        });
      }
      if (before.paused !== after.paused) {
        await audit.record(actor, {
          kind: after.paused ? 'site.paused' : 'site.resumed',
          ...target,
          before: { url: before.url, paused: before.paused },
          after: { url: after.url, paused: after.paused },
        });
      }
      if (change.domainExpiresOn !== undefined) {
        await audit.record(actor, {
          kind: 'site.domain_date_set',
          ...target,
          before: {
            url: before.url,
            domainExpiresAt: before.domainExpiresAt?.toISOString() ?? null,
            domainExpirySource: before.domainExpirySource,
          },
          after: {
            url: after.url,
            domainExpiresOn: change.domainExpiresOn,
            domainExpirySource: after.domainExpirySource,
          },
        });
      }
      return adminSite(after);
    },

    /** The website is no longer watched; its checks and incidents go with it. */
    async remove(actor: AuditActor, id: string): Promise<void> {
      const site = await find(id);
      const removed = await repository.remove(site.id);
      if (!removed) throw new AppError(404, SITE_NOT_FOUND);
      await audit.record(actor, {
        kind: 'site.removed',
        targetType: 'site',
        targetId: site.id,
        before: { clientId: removed.userId, url: removed.url, keyword: removed.keyword },
        after: null,
      });
    },

    adminSite,
    find,
  };
}
export type SiteManagement = ReturnType<typeof createSiteManagement>;
