import net from 'node:net';
import { getDomain } from 'tldts';
import { z } from 'zod';
import type { AddressPolicy } from '../../lib/outbound/address-guard';
import { describeFetchFailure } from '../../lib/outbound/fetch-failure';
import { createPageFetcher } from '../../lib/outbound/page-fetcher';
import type { LookUpDomainExpiry } from './site-check';

const DAY_MS = 24 * 3600 * 1000;
/** After the bootstrap file could not be fetched, lookups wait this long before it is asked again. */
const BOOTSTRAP_RETRY_MS = 5 * 60 * 1000;
/** IANA's file is about 50 kB and a domain's answer a few kB: more is not an RDAP answer. */
const MAX_BYTES = 1024 * 1024;

/** RFC 9224: `services` is a list of [TLDs, base URLs]. */
const BootstrapSchema = z.object({
  services: z.array(z.tuple([z.array(z.string()), z.array(z.string())]).rest(z.unknown())),
});
/** RFC 9083: the one part of a domain's answer read here. */
const DomainSchema = z.object({
  events: z
    .array(z.object({ eventAction: z.string(), eventDate: z.string().optional() }))
    .optional(),
});

export type RdapClient = LookUpDomainExpiry & { close(): Promise<void> };

/**
 * A domain's registration expiry through RDAP (RFC 9082/9083): the host's registrable domain
 * (tldts, the public suffix list), its registry's server from IANA's bootstrap file (fetched
 * once, kept a day; a stale copy serves while a new one cannot be had) or `rdapUrl` for every
 * domain, then `GET <base>/domain/<name>` and its `expiration` event. Null when there is no
 * such thing to know (an address, no RDAP server for the TLD, no expiration event); throws
 * when the lookup failed, saying why. Every request goes through the SSRF guard.
 */
export function createRdapClient({
  rdapUrl,
  bootstrapUrl,
  policy,
  timeoutMs,
  userAgent,
  now = () => new Date(),
}: {
  rdapUrl?: string | undefined;
  bootstrapUrl: string;
  policy: AddressPolicy;
  timeoutMs: number;
  userAgent: string;
  now?: () => Date;
}): RdapClient {
  const fetcher = createPageFetcher({
    policy,
    userAgent,
    limits: { timeoutMs, maxBytes: MAX_BYTES, maxRedirects: 5 },
  });

  async function getJson(url: URL, what: string, signal: AbortSignal): Promise<unknown> {
    let page;
    try {
      page = await fetcher.get(url, signal, { accept: 'application/rdap+json, application/json' });
    } catch (error) {
      throw new Error(`${what} failed: ${describeFetchFailure(error, signal.aborted)}`);
    }
    if (page.status !== 200) throw new Error(`${what} failed: HTTP ${page.status}`);
    if (page.truncated) throw new Error(`${what} failed: the answer is larger than 1 MB`);
    try {
      return JSON.parse(page.body) as unknown;
    } catch {
      throw new Error(`${what} failed: the answer is not JSON`);
    }
  }

  const bootstrap = createBootstrap(async () => {
    const what = `Reading the RDAP bootstrap file (${bootstrapUrl})`;
    const json = await getJson(new URL(bootstrapUrl), what, AbortSignal.timeout(timeoutMs));
    const parsed = BootstrapSchema.safeParse(json);
    if (!parsed.success) throw new Error(`${what} failed: it has no list of services`);
    const servers = new Map<string, string>();
    for (const [tlds, urls] of parsed.data.services) {
      const base = urls.find((url) => url.startsWith('https:')) ?? urls[0];
      if (base) for (const tld of tlds) servers.set(tld.toLowerCase(), base);
    }
    return servers;
  }, now);

  async function serverFor(domain: string): Promise<string | null> {
    if (rdapUrl) return rdapUrl;
    const servers = await bootstrap();
    // The longest matching suffix wins (RFC 9224 allows entries of several labels).
    const labels = domain.split('.');
    for (let start = 0; start < labels.length; start++) {
      const base = servers.get(labels.slice(start).join('.'));
      if (base) return base;
    }
    return null;
  }

  async function lookUp(hostname: string): Promise<Date | null> {
    const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
    if (net.isIP(host)) return null;
    const domain = getDomain(host);
    if (!domain) return null;
    const base = await serverFor(domain);
    if (!base) return null;
    const what = `The RDAP lookup of ${domain}`;
    const url = new URL(`${base.replace(/\/+$/, '')}/domain/${domain}`);
    const parsed = DomainSchema.safeParse(await getJson(url, what, AbortSignal.timeout(timeoutMs)));
    if (!parsed.success) throw new Error(`${what} failed: the answer is not a domain`);
    const expiration = parsed.data.events?.find((event) => event.eventAction === 'expiration');
    if (!expiration?.eventDate) return null;
    const date = new Date(expiration.eventDate);
    if (Number.isNaN(date.getTime())) {
      throw new Error(
        `${what} failed: the expiration date "${expiration.eventDate}" is unreadable`,
      );
    }
    return date;
  }

  return Object.assign(lookUp, { close: () => fetcher.close() });
}

/**
 * IANA's bootstrap file, fetched by one lookup while the others wait for it, kept a day. When
 * it cannot be fetched, the copy in hand (if any) serves and the file is asked again no sooner
 * than BOOTSTRAP_RETRY_MS, so a thousand lookups do not become a thousand failed requests.
 */
function createBootstrap<T>(fetchFile: () => Promise<T>, now: () => Date) {
  let kept: { value: T; at: number } | undefined;
  let failure: { error: unknown; at: number } | undefined;
  let pending: Promise<T> | undefined;

  return async function current(): Promise<T> {
    const time = now().getTime();
    if (kept && time - kept.at < DAY_MS) return kept.value;
    if (failure && time - failure.at < BOOTSTRAP_RETRY_MS) {
      if (kept) return kept.value;
      throw failure.error;
    }
    pending ??= fetchFile()
      .then((value) => {
        kept = { value, at: now().getTime() };
        failure = undefined;
        return value;
      })
      .catch((error: unknown) => {
        failure = { error, at: now().getTime() };
        if (kept) return kept.value;
        throw error;
      })
      .finally(() => (pending = undefined));
    return pending;
  };
}
