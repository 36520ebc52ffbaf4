import type { AddressPolicy } from '../../lib/outbound/address-guard';
import { CERTIFICATE_ERRORS, describeFetchFailure } from '../../lib/outbound/fetch-failure';
import { createPageFetcher, errorCode, type FetchedPage } from '../../lib/outbound/page-fetcher';
import { certificateProblem, readCertificate } from './certificate';
import type { CertificateFacts, CheckSite, SiteCheckResult, SiteToCheck } from './site-check';

/** Enough of any home page for a keyword; a site that sends more is cut off there. */
export const DEFAULT_MAX_BODY_BYTES = 2 * 1024 * 1024;
export const MAX_REDIRECTS = 5;

export type SiteChecker = CheckSite & { close(): Promise<void> };

/**
 * Checks one site the way a visitor's browser meets it: one GET through the SSRF guard
 * (lib/outbound: every redirect re-checked, at most 5), within `timeoutMs` in all, the body
 * read up to `maxBodyBytes` and no further; and, for an https address, the certificate read
 * off a TLS handshake of its own (certificate.ts), run beside the GET under the same deadline.
 * A failure is a result with its reason in words; the checker never throws.
 */
export function createSiteChecker({
  policy,
  timeoutMs,
  maxBodyBytes = DEFAULT_MAX_BODY_BYTES,
  userAgent,
}: {
  policy: AddressPolicy;
  timeoutMs: number;
  maxBodyBytes?: number;
  userAgent: string;
}): SiteChecker {
  const fetcher = createPageFetcher({
    policy,
    userAgent,
    limits: { timeoutMs, maxBytes: maxBodyBytes, maxRedirects: MAX_REDIRECTS },
    // Several sites can share an origin (paths of one host, a benchmark's stand-in); a check
    // waiting for a free connection would count the wait as the site's response time.
    connectionsPerOrigin: 64,
  });

  async function check(site: SiteToCheck): Promise<SiteCheckResult> {
    const signal = AbortSignal.timeout(timeoutMs);
    let url: URL;
    try {
      url = new URL(site.url);
    } catch {
      return failed('This is not a web address');
    }
    const [fetched, certificate] = await Promise.all([
      fetcher.get(url, signal).then(
        (page) => ({ page, error: null }),
        (error: unknown) => ({ page: null, error }),
      ),
      url.protocol === 'https:' ? certificateOf(url, signal) : null,
    ]);
    if (!fetched.page) return failedFetch(fetched.error, signal.aborted, certificate);
    const { page } = fetched;
    // An http:// address that sends visitors to https:// on its own host (or its www. form):
    // that certificate is the site's. Another host's is someone else's (a parking page's).
    const firstHttps = page.chain.find((hop) => hop.startsWith('https:'));
    const ownHttps = firstHttps && sameSite(url.hostname, new URL(firstHttps).hostname);
    const shown =
      certificate ?? (ownHttps ? await certificateOf(new URL(firstHttps), signal) : null);
    return judge(page, site.keyword, shown);
  }

  function certificateOf(url: URL, signal: AbortSignal): Promise<CertificateFacts | null> {
    // The GET says why a site cannot be reached; this only adds what a handshake showed.
    return readCertificate(url, { policy, signal }).catch(() => null);
  }

  const checkSite = async (site: SiteToCheck): Promise<SiteCheckResult> => {
    try {
      return await check(site);
    } catch (error) {
      return failed((error as Error).message || 'The check failed');
    }
  };
  return Object.assign(checkSite, { close: () => fetcher.close() });
}

/** The same host, or one the `www.` form of the other. */
export function sameSite(host: string, other: string): boolean {
  const a = host.toLowerCase();
  const b = other.toLowerCase();
  return a === b || `www.${a}` === b || a === `www.${b}`;
}

function judge(
  page: FetchedPage,
  keyword: string | null,
  certificate: CertificateFacts | null,
): SiteCheckResult {
  const answered = { statusCode: page.status, responseMs: page.elapsedMs, certificate };
  if (page.status >= 400) return { ok: false, reason: `HTTP ${page.status}`, ...answered };
  if (keyword && !page.body.includes(keyword)) {
    return { ok: false, reason: `Keyword “${keyword}” not found`, ...answered };
  }
  return { ok: true, reason: null, ...answered };
}

function failedFetch(
  error: unknown,
  timedOut: boolean,
  certificate: CertificateFacts | null,
): SiteCheckResult {
  const code = errorCode(error);
  if (!timedOut && CERTIFICATE_ERRORS.test(code)) {
    const problem = certificate?.error ?? certificateProblem(code);
    return { ...failed(`The HTTPS certificate is not valid (${problem})`), certificate };
  }
  return { ...failed(describeFetchFailure(error, timedOut)), certificate };
}

function failed(reason: string): SiteCheckResult {
  return { ok: false, statusCode: null, responseMs: null, reason, certificate: null };
}
