import { z } from '../zod';
import { ListQuerySchema, pageSchema, statusFilter } from './common';

/**
 * Site care (issue 28): the clients' websites the agency watches. A site is `unknown` until
 * its first check, `down` while an incident is open, `up` otherwise.
 */
export const SITE_STATUSES = ['up', 'down', 'unknown'] as const;
export type SiteStatus = (typeof SITE_STATUSES)[number];

/** Where a domain's expiry date came from: RDAP, or typed by the admin (a registry without RDAP). */
export const DOMAIN_EXPIRY_SOURCES = ['rdap', 'manual'] as const;
export type DomainExpirySource = (typeof DOMAIN_EXPIRY_SOURCES)[number];

/** A website's address as the admin types it: http(s), with or without the scheme. */
export const SiteUrlSchema = z
  .string({ error: 'Website address is required' })
  .trim()
  .min(1, 'Website address is required')
  .max(2000, 'Website address is too long')
  .transform((value, ctx) => {
    const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(value) ? value : `https://${value}`;
    let url: URL;
    try {
      url = new URL(withScheme);
    } catch {
      ctx.addIssue({
        code: 'custom',
        message: 'Enter a website address, e.g. https://example.com',
      });
      return z.NEVER;
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') {
      ctx.addIssue({
        code: 'custom',
        message: 'Website address must start with http:// or https://',
      });
      return z.NEVER;
    }
    if (url.username || url.password) {
      ctx.addIssue({
        code: 'custom',
        message: 'Website address must not contain a user name or password',
      });
      return z.NEVER;
    }
    if (!url.hostname.includes('.') && !url.hostname.startsWith('[')) {
      ctx.addIssue({
        code: 'custom',
        message: 'Enter a website address, e.g. https://example.com',
      });
      return z.NEVER;
    }
    url.hash = '';
    return url.href;
  });

const KeywordSchema = z
  .string({ error: 'Keyword must be text' })
  .trim()
  .max(200, 'Keyword must be at most 200 characters')
  .transform((value) => (value === '' ? null : value));

/** POST /api/admin/clients/{id}/sites. */
export const CreateSiteSchema = z.object({
  url: SiteUrlSchema,
  /** Text the page must contain to count as up (case-sensitive); empty: none. */
  keyword: KeywordSchema.nullish().transform((value) => value ?? null),
});
export type CreateSite = z.input<typeof CreateSiteSchema>;

/** A calendar date 'YYYY-MM-DD'. */
const CalendarDateSchema = z.iso.date('Enter a date as YYYY-MM-DD');

/** PATCH /api/admin/sites/{id}: any of the fields. */
export const UpdateSiteSchema = z
  .object({
    url: SiteUrlSchema,
    keyword: KeywordSchema.nullable(),
    paused: z.boolean({ error: 'Paused must be true or false' }),
    /** Typed by the admin when the registry has no RDAP; null hands the date back to RDAP. */
    domainExpiresOn: CalendarDateSchema.nullable(),
  })
  .partial()
  .refine((value) => Object.keys(value).length > 0, 'Nothing to change');
export type UpdateSite = z.input<typeof UpdateSiteSchema>;

/** One check as the admin's client page lists it. */
export const SiteCheckSchema = z.object({
  checkedAt: z.iso.datetime(),
  ok: z.boolean(),
  statusCode: z.number().int().nullable(),
  responseMs: z.number().int().nullable(),
  /** Why it failed, in words ("Did not answer in time", "Keyword not found"...). */
  reason: z.string().nullable(),
});
export type SiteCheck = z.infer<typeof SiteCheckSchema>;

export const SiteIncidentSchema = z.object({
  id: z.string(),
  startedAt: z.iso.datetime(),
  endedAt: z.iso.datetime().nullable(),
  /** The first failed check's reason. */
  reason: z.string(),
  ticketId: z.string().nullable(),
});
export type SiteIncident = z.infer<typeof SiteIncidentSchema>;

/** What both panels show of a site. */
const SiteFactsSchema = z.object({
  id: z.string(),
  url: z.string(),
  status: z.enum(SITE_STATUSES),
  paused: z.boolean(),
  lastCheckedAt: z.iso.datetime().nullable(),
  responseMs: z.number().int().nullable(),
  /** Share of checks that passed in the last 30 days, 0-100 with one decimal; null: none yet. */
  uptime30d: z.number().nullable(),
  certificateExpiresAt: z.iso.datetime().nullable(),
  /** false: the last HTTPS handshake refused the certificate (lastError says why). */
  certificateValid: z.boolean().nullable(),
  /**
   * The days before its expiry from which the certificate is warned of (the server's rule:
   * 7 for one issued for 90 days or less, else 14); null without a certificate.
   */
  certificateWarningDays: z.number().int().nullable(),
  domainExpiresAt: z.iso.datetime().nullable(),
  domainExpirySource: z.enum(DOMAIN_EXPIRY_SOURCES).nullable(),
});

/** GET /api/sites: the signed-in client's own, with a response-time sparkline. */
export const ClientSiteSchema = SiteFactsSchema.extend({
  /** Median response time per day over the last 14 days, oldest first (null: no check). */
  responseSparkline: z.array(z.number().int().nullable()),
});
export type ClientSite = z.infer<typeof ClientSiteSchema>;
export const ClientSitesSchema = z.array(ClientSiteSchema);

/** A site on the admin's client page: its facts, recent checks and incidents. */
export const AdminSiteSchema = ClientSiteSchema.extend({
  clientId: z.string(),
  keyword: z.string().nullable(),
  /** The last failed check's reason, while the site is failing. */
  lastError: z.string().nullable(),
  consecutiveFailures: z.number().int(),
  openIncident: SiteIncidentSchema.nullable(),
  createdAt: z.iso.datetime(),
});
export type AdminSite = z.infer<typeof AdminSiteSchema>;

/** GET /api/admin/sites/{id}/checks and /incidents: the latest first, paged. */
export const SiteChecksPageSchema = pageSchema(SiteCheckSchema);
export const SiteIncidentsPageSchema = pageSchema(SiteIncidentSchema);
export type SiteChecksPage = z.infer<typeof SiteChecksPageSchema>;
export type SiteIncidentsPage = z.infer<typeof SiteIncidentsPageSchema>;

/** What /admin/sites filters by: down, a date about to lapse, slow. */
export const SITE_LIST_FILTERS = ['down', 'expiring', 'slow', 'paused'] as const;
export type SiteListFilter = (typeof SITE_LIST_FILTERS)[number];

/** GET /api/admin/sites: every client's sites, worst first. */
export const SiteListQuerySchema = ListQuerySchema.extend({
  status: statusFilter(SITE_LIST_FILTERS, 'Status must be down, expiring, slow or paused'),
});
export type SiteListQuery = z.infer<typeof SiteListQuerySchema>;

export const SiteListItemSchema = SiteFactsSchema.extend({
  clientId: z.string(),
  clientName: z.string(),
  clientEmail: z.string(),
  lastError: z.string().nullable(),
  openIncident: SiteIncidentSchema.nullable(),
});
export type SiteListItem = z.infer<typeof SiteListItemSchema>;
export const SitePageSchema = pageSchema(SiteListItemSchema);
export type SitePage = z.infer<typeof SitePageSchema>;

/** A client has at most this many websites watched. */
export const MAX_SITES_PER_CLIENT = 20;

/** A response slower than this (ms) counts as slow on /admin/sites. */
export const SLOW_RESPONSE_MS = 3000;
/** A certificate lapsing within this many days is "expiring" (7 for one issued for 90 days or less). */
export const CERTIFICATE_WARNING_DAYS = 14;
export const SHORT_CERTIFICATE_WARNING_DAYS = 7;
/** Certificates issued for at most this many days renew themselves (Let's Encrypt's 90). */
export const SHORT_CERTIFICATE_MAX_DAYS = 90;
/** A domain lapsing within this many days is "expiring". */
export const DOMAIN_WARNING_DAYS = 30;

/** The dashboard's site-care card. */
export const SiteCareSummarySchema = z.object({
  sites: z.number().int(),
  /** Every site down (not paused); `down` lists the first of them only. */
  downCount: z.number().int(),
  /** Every certificate and domain about to lapse; `expiring` lists the first of them only. */
  expiringCount: z.number().int(),
  down: z.array(
    z.object({ id: z.string(), url: z.string(), clientName: z.string(), since: z.iso.datetime() }),
  ),
  expiring: z.array(
    z.object({
      id: z.string(),
      url: z.string(),
      clientName: z.string(),
      what: z.enum(['certificate', 'domain']),
      expiresAt: z.iso.datetime(),
    }),
  ),
});
export type SiteCareSummary = z.infer<typeof SiteCareSummarySchema>;
