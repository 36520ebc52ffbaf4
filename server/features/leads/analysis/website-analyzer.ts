import type { WebsiteSignals } from '@shared/schemas/leads';
import { BlockedAddressError } from '../../../lib/outbound/address-guard';
import { CERTIFICATE_ERRORS, describeFetchFailure } from '../../../lib/outbound/fetch-failure';
import { errorCode, type PageFetcher, type FetchedPage } from '../../../lib/outbound/page-fetcher';
import { PageReadError, type PageReader } from './page-reader';
import type { PageReading } from './page-reading';

/** A listing's website text as a URL, or null when it is not one. */
export function websiteUrl(website: string): URL | null {
  const trimmed = website.trim();
  if (!trimmed || trimmed === 'N/A') return null;
  try {
    const url = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(trimmed) ? trimmed : `http://${trimmed}`);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url : null;
  } catch {
    return null;
  }
}

/** What a page not fetched or not read shows: nothing read off it. */
const UNREAD: PageReading = {
  title: null,
  metaDescription: null,
  mobileViewport: false,
  copyrightYear: null,
  firstYear: null,
  socialLinks: [],
  emails: [],
  contactForm: false,
  technology: 'Unknown',
};

/**
 * Analyses a business's home page with one GET: HTTPS first, then plain http when HTTPS
 * does not work. Everything returned is read off the answer; nothing is guessed. The page
 * is read by `reader`, off the event loop (page-reader.ts).
 */
export function createWebsiteAnalyzer({
  fetcher,
  reader,
  timeoutMs = 8000,
  now = () => new Date(),
}: {
  fetcher: PageFetcher;
  reader: Pick<PageReader, 'read'>;
  timeoutMs?: number;
  now?: () => Date;
}) {
  return async function analyse(url: URL): Promise<WebsiteSignals> {
    const signal = AbortSignal.timeout(timeoutMs);
    const https = new URL(url.href);
    https.protocol = 'https:';
    const http = new URL(url.href);
    http.protocol = 'http:';

    let page: FetchedPage | undefined;
    let certificateValid: boolean | null = null;
    let failure: unknown;
    try {
      page = await fetcher.get(https, signal);
      certificateValid = true;
    } catch (error) {
      failure = error;
      if (CERTIFICATE_ERRORS.test(errorCode(error))) certificateValid = false;
    }
    const blocked = failure instanceof BlockedAddressError;
    if (!page && !blocked && !signal.aborted) {
      try {
        page = await fetcher.get(http, signal);
      } catch (error) {
        failure = error;
      }
    }

    if (!page) {
      return {
        reachable: false,
        finalUrl: null,
        status: null,
        https: false,
        certificateValid,
        redirectsToHttps: null,
        responseTimeMs: null,
        pageBytes: null,
        ...UNREAD,
        error: describeFetchFailure(failure, signal.aborted),
      };
    }

    const final = new URL(page.finalUrl);
    const startedOnHttp = page.chain[0]!.startsWith('http:');
    let reading = UNREAD;
    let readError: string | null = null;
    try {
      reading = await reader.read({
        body: page.body,
        headers: page.headers,
        year: now().getUTCFullYear(),
      });
    } catch (error) {
      if (!(error instanceof PageReadError)) throw error;
      readError = error.message;
    }
    return {
      reachable: page.status < 400,
      finalUrl: page.finalUrl,
      status: page.status,
      https: final.protocol === 'https:',
      certificateValid: final.protocol === 'https:' ? true : certificateValid,
      redirectsToHttps: startedOnHttp ? final.protocol === 'https:' : null,
      responseTimeMs: page.elapsedMs,
      pageBytes: page.bytes,
      ...reading,
      error: page.status >= 400 ? `The home page answered HTTP ${page.status}` : readError,
    };
  };
}
export type WebsiteAnalyzer = ReturnType<typeof createWebsiteAnalyzer>;
