/**
 * What one check of a site finds (site-checker.ts makes it; the sites service records it).
 * Every field is read off the answer; a failed check says why in words.
 */
export interface SiteCheckResult {
  ok: boolean;
  /** The final answer's HTTP status (after redirects); null when none came. */
  statusCode: number | null;
  /** From the request to the end of the (capped) body read; null when nothing answered. */
  responseMs: number | null;
  /**
   * Why it failed ("Did not answer in time", "HTTP 503", "Keyword not found", "More than 5
   * redirects", "Refused to connect to a non-public address (10.0.0.1)"...); null when ok.
   */
  reason: string | null;
  /** The HTTPS certificate the server presented (null for http:// or no handshake). */
  certificate: CertificateFacts | null;
}

export interface CertificateFacts {
  validFrom: Date;
  validTo: Date;
  /** false: the handshake refused it (expired, wrong name, unknown issuer); `error` says why. */
  valid: boolean;
  error: string | null;
}

export interface SiteToCheck {
  url: string;
  keyword: string | null;
}

/** Checks one site within its deadline; never throws (a failure is a result). */
export type CheckSite = (site: SiteToCheck) => Promise<SiteCheckResult>;

/**
 * A domain's registration expiry through RDAP: the date, or null when the registry has none
 * (no RDAP server for the TLD, no expiration event). Throws when the lookup itself failed
 * (the caller keeps the last good value).
 */
export type LookUpDomainExpiry = (hostname: string) => Promise<Date | null>;
