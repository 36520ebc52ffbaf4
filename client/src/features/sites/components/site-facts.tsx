import { outageDuration } from '@shared/outages';
import {
  CERTIFICATE_WARNING_DAYS,
  DOMAIN_WARNING_DAYS,
  type SiteListItem,
  type SiteStatus,
} from '@shared/schemas/sites';
import { Badge } from '@/components/ui/badge';
import { SITE_STATUS_LOOK } from '@/components/ui/status-badge';
import { daysUntil, formatDate } from '@/lib/dates';
import { cn } from '@/lib/utils';

/** The facts every screen of site care shows of a site. */
type SiteFacts = Pick<
  SiteListItem,
  | 'url'
  | 'status'
  | 'paused'
  | 'responseMs'
  | 'uptime30d'
  | 'certificateExpiresAt'
  | 'certificateValid'
  | 'certificateWarningDays'
  | 'domainExpiresAt'
  | 'domainExpirySource'
>;

/** What a site's badge says: its status, or "Paused" while it is not checked. */
export function siteLookOf(site: Pick<SiteFacts, 'status' | 'paused'>): SiteStatus | 'paused' {
  return site.paused ? 'paused' : site.status;
}

export function SiteStatusBadge({ site }: { site: Pick<SiteFacts, 'status' | 'paused'> }) {
  const { label, variant } = SITE_STATUS_LOOK[siteLookOf(site)];
  return <Badge variant={variant}>{label}</Badge>;
}

/** '320 ms', '3.4 s'. */
export function formatResponse(ms: number): string {
  return ms < 1000 ? `${ms} ms` : `${(ms / 1000).toFixed(1)} s`;
}

/**
 * What one check found, each fact once: 'HTTP 200 · 305 ms', 'HTTP 503 · 9 ms' (the reason
 * of a failure by its status code is that code, already said), 'HTTP 200 · 80 ms · Keyword
 * “menu” not found', 'Did not answer in time'.
 */
export function checkFacts(check: {
  statusCode: number | null;
  responseMs: number | null;
  reason: string | null;
}): string {
  const status = check.statusCode !== null ? `HTTP ${check.statusCode}` : null;
  return [
    status,
    check.responseMs !== null ? formatResponse(check.responseMs) : null,
    check.reason !== status ? check.reason : null,
  ]
    .filter(Boolean)
    .join(' · ');
}

/** '99.9%', '100%'; none yet without a check in the last 30 days. */
export function formatUptime(uptime: number | null): string {
  if (uptime === null) return 'No checks yet';
  return `${Number.isInteger(uptime) ? uptime : uptime.toFixed(1)}%`;
}

/** 'in 5 days', 'today', '2 days ago': a lapse counted in the business's calendar days. */
function lapseIn(days: number): string {
  if (days === 0) return 'today';
  if (days === 1) return 'tomorrow';
  if (days === -1) return 'yesterday';
  return days > 0 ? `in ${days} days` : `${-days} days ago`;
}

/** '54 days left', '1 day left', 'expires today', 'expired 3 days ago'. */
export function daysLeftText(days: number): string {
  if (days > 0) return `${days} ${days === 1 ? 'day' : 'days'} left`;
  if (days === 0) return 'expires today';
  return `expired ${lapseIn(days)}`;
}

const WHAT = { certificate: 'certificate', domain: 'domain' } as const;

export interface SiteWarning {
  /** `expired` (or refused): visitors notice now; `soon`: within its warning window. */
  level: 'expired' | 'soon';
  text: string;
}

/**
 * A certificate's or domain's lapse in words, when it is past or within its warning window:
 * `warningDays`, the server's for a certificate (7 or 14), else 14 for one and 30 for a domain.
 */
function expiryWarning(
  what: keyof typeof WHAT,
  at: string | null,
  now: Date,
  warningDays?: number | null,
): SiteWarning | null {
  if (!at) return null;
  const days = daysUntil(at, now);
  const thing = `The ${WHAT[what]}`;
  if (days < 0) {
    return { level: 'expired', text: `${thing} expired ${lapseIn(days)}, on ${formatDate(at)}.` };
  }
  const window =
    warningDays ?? (what === 'certificate' ? CERTIFICATE_WARNING_DAYS : DOMAIN_WARNING_DAYS);
  if (days > window) return null;
  return { level: 'soon', text: `${thing} expires ${lapseIn(days)}, on ${formatDate(at)}.` };
}

/**
 * What needs the agency's attention on a site, in words: a certificate refused, a certificate
 * or a domain past or about to lapse (the server's windows: 7 or 14 days for a certificate, 30
 * for a domain).
 */
export function siteWarnings(
  site: SiteFacts & { lastError?: string | null },
  now: Date = new Date(),
): SiteWarning[] {
  const warnings: SiteWarning[] = [];
  if (site.certificateValid === false) {
    warnings.push({
      level: 'expired',
      text: `The certificate was refused${site.lastError ? `: ${site.lastError}` : '.'}`,
    });
  }
  for (const [what, at, days] of [
    ['certificate', site.certificateExpiresAt, site.certificateWarningDays],
    ['domain', site.domainExpiresAt, null],
  ] as const) {
    const warning = expiryWarning(what, at, now, days);
    if (warning) warnings.push(warning);
  }
  return warnings;
}

/**
 * A certificate's or domain's date with the days left, drawn in the warning's color when it
 * is close; `missing` when there is none.
 */
export function ExpiryFact({
  what,
  at,
  missing,
  note,
  now,
  warningDays,
}: {
  what: keyof typeof WHAT;
  at: string | null;
  /** The certificate's: SiteFacts' certificateWarningDays. */
  warningDays?: number | null;
  missing: string;
  /** After the date: '(set by hand)'. */
  note?: string;
  now?: Date;
}) {
  if (!at) return <span className="text-muted-foreground">{missing}</span>;
  const days = daysUntil(at, now);
  const warning = expiryWarning(what, at, now ?? new Date(), warningDays);
  return (
    <span
      className={cn(
        warning?.level === 'expired' && 'font-medium text-destructive',
        warning?.level === 'soon' && 'font-medium text-amber-800',
      )}
    >
      {formatDate(at)} · {daysLeftText(days)}
      {note && <span className="font-normal text-muted-foreground"> {note}</span>}
    </span>
  );
}

/** What the certificate line says without an expiry date. */
export function missingCertificate(url: string): string {
  return url.startsWith('http:') ? 'None: not served over HTTPS' : 'Not known yet';
}

/** How long an incident lasted, as the e-mails and the report say it (shared/outages.ts). */
export function formatDuration(from: string, to: string): string {
  return outageDuration(from, to);
}
