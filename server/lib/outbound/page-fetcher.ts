import { Agent, request } from 'undici';
import { checkLiteralHost, guardedLookup, type AddressPolicy } from './address-guard';

export interface FetchLimits {
  timeoutMs: number;
  maxBytes: number;
  maxRedirects: number;
}

export const DEFAULT_FETCH_LIMITS: FetchLimits = {
  timeoutMs: 8000,
  maxBytes: 1_000_000,
  maxRedirects: 5,
};

export interface FetchedPage {
  /** The URL asked for first, and every URL the redirects led through, in order. */
  chain: string[];
  finalUrl: string;
  status: number;
  headers: Record<string, string>;
  body: string;
  bytes: number;
  truncated: boolean;
  elapsedMs: number;
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

export class PageFetchError extends Error {
  constructor(
    message: string,
    readonly code: string,
  ) {
    super(message);
  }
}

/** The code of an undici/Node error, wherever in the cause chain it sits. */
export function errorCode(error: unknown): string {
  let current: unknown = error;
  for (let depth = 0; current && depth < 4; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && code !== 'UND_ERR_CONNECT' && code !== 'UND_ERR_SOCKET')
      return code;
    current = (current as { cause?: unknown }).cause;
  }
  return (current as { name?: string } | undefined)?.name ?? 'UNKNOWN';
}

/**
 * One GET of a page with undici, safe to point at any URL a business listing or a user gives:
 * every hop's host is checked (see address-guard), redirects are followed by hand (at
 * most `maxRedirects`), the body is read up to `maxBytes`, and no cookies are kept or sent.
 */
export function createPageFetcher({
  policy,
  limits = DEFAULT_FETCH_LIMITS,
  userAgent,
  connectionsPerOrigin = 4,
}: {
  policy: AddressPolicy;
  limits?: FetchLimits;
  userAgent: string;
  /** Requests to one origin beyond this wait for a connection (and count the wait as time). */
  connectionsPerOrigin?: number;
}) {
  const agent = new Agent({
    connect: { lookup: guardedLookup(policy), timeout: limits.timeoutMs },
    headersTimeout: limits.timeoutMs,
    bodyTimeout: limits.timeoutMs,
    connections: connectionsPerOrigin,
  });

  async function get(
    url: URL,
    signal: AbortSignal,
    { accept = 'text/html,application/xhtml+xml;q=0.9,*/*;q=0.5' }: { accept?: string } = {},
  ): Promise<FetchedPage> {
    const started = performance.now();
    const chain = [url.href];
    let current = url;
    for (let hop = 0; ; hop++) {
      if (current.protocol !== 'http:' && current.protocol !== 'https:') {
        throw new PageFetchError(`Redirected to a ${current.protocol} address`, 'BAD_PROTOCOL');
      }
      checkLiteralHost(current, policy);
      const response = await request(current, {
        dispatcher: agent,
        method: 'GET',
        signal,
        headers: {
          'user-agent': userAgent,
          accept,
          'accept-language': 'en-US,en;q=0.8',
        },
      });
      const location = response.headers.location;
      if (REDIRECTS.has(response.statusCode) && typeof location === 'string') {
        await response.body.dump();
        if (hop >= limits.maxRedirects) {
          throw new PageFetchError(
            `More than ${limits.maxRedirects} redirects`,
            'TOO_MANY_REDIRECTS',
          );
        }
        current = new URL(location, current);
        chain.push(current.href);
        continue;
      }
      const chunks: Buffer[] = [];
      let bytes = 0;
      let truncated = false;
      for await (const chunk of response.body as AsyncIterable<Buffer>) {
        const room = limits.maxBytes - bytes;
        chunks.push(chunk.length > room ? chunk.subarray(0, room) : chunk);
        bytes += Math.min(chunk.length, room);
        if (chunk.length >= room) {
          truncated = true;
          response.body.destroy();
          break;
        }
      }
      const headers: Record<string, string> = {};
      for (const [name, value] of Object.entries(response.headers)) {
        if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(', ') : value;
      }
      return {
        chain,
        finalUrl: current.href,
        status: response.statusCode,
        headers,
        body: Buffer.concat(chunks).toString('utf8'),
        bytes,
        truncated,
        elapsedMs: Math.round(performance.now() - started),
      };
    }
  }

  return {
    get,
    close: () => agent.close(),
  };
}
export type PageFetcher = ReturnType<typeof createPageFetcher>;
