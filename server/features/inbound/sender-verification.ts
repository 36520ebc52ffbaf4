import { Resolver } from 'node:dns/promises';
import type { DNSResolver } from 'mailauth';
import type { InboundAuthentication } from '@shared/schemas/inbound';

/**
 * The most the checks of one message may take. An unreachable resolver would otherwise hold a
 * message for the resolver's timeout times each look-up; it is then held as not verified
 * (temperror), and the admin can release it.
 */
const CHECKS_DEADLINE_MS = 10_000;

/** What the checks found: each verdict as mailauth reports it, and what DMARC passed for. */
export interface SenderAuthentication extends InboundAuthentication {
  /**
   * The From address DMARC passed for, as mailauth read it; null when DMARC did not pass or
   * mailauth read no From address or more than one (then it has none to pass for).
   */
  dmarcPassedFor: string | null;
}

export interface SenderChecks {
  /** The raw message, and what the SMTP session told (MAIL FROM, client IP, EHLO). */
  raw: Buffer;
  envelopeFrom: string | null;
  remoteAddress: string | null;
  helo: string | null;
}

/**
 * The look-ups of DKIM keys, SPF and DMARC records through the given resolvers
 * (DNS_SERVERS: host:port, as node's Resolver takes them), or the system's.
 */
export function dnsResolver(servers: string[]): DNSResolver {
  const resolver = new Resolver({ timeout: 3000, tries: 2 });
  if (servers.length > 0) resolver.setServers(servers);
  return (domain, rrtype) => resolver.resolve(domain, rrtype) as Promise<string[][] | string[]>;
}

/**
 * DKIM, SPF and DMARC of a message, checked with mailauth. SPF needs the sending server's
 * address: a message that came without one (IMAP, a provider's webhook) is judged by DKIM,
 * which DMARC accepts when it is aligned with the From domain.
 */
export function createSenderVerifier({
  resolver,
  deadlineMs = CHECKS_DEADLINE_MS,
}: {
  resolver: DNSResolver;
  /** How long all the look-ups of one message may take: past it, every verdict is temperror. */
  deadlineMs?: number;
}) {
  return async function verify(checks: SenderChecks): Promise<SenderAuthentication> {
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new Error(`DNS look-ups took longer than ${deadlineMs} ms`)),
        deadlineMs,
      );
    });
    try {
      return await Promise.race([check(checks), deadline]);
    } finally {
      clearTimeout(timer);
    }
  };

  async function check(checks: SenderChecks): Promise<SenderAuthentication> {
    // Loaded with the first e-mail, not with the server: a second of start-up for every
    // process (and every API test file) that never receives one.
    const { authenticate } = await import('mailauth');
    const result = await authenticate(checks.raw, {
      resolver,
      ...(checks.remoteAddress && { ip: checks.remoteAddress }),
      ...(checks.helo && { helo: checks.helo }),
      ...(checks.envelopeFrom && { sender: checks.envelopeFrom }),
      mta: 'inbound',
      disableArc: true,
      disableBimi: true,
    });
    const dkimResults = result.dkim.results ?? [];
    const dkim =
      dkimResults.find((row) => row.status.result === 'pass')?.status.result ??
      dkimResults[0]?.status.result ??
      'none';
    const spf = result.spf && checks.remoteAddress ? result.spf.status.result : 'none';
    const dmarc = result.dmarc ? result.dmarc.status.result : 'none';
    const headerFrom = result.dkim.headerFrom ?? [];
    const fromDomain = headerFrom[0]?.split('@').pop()?.toLowerCase() ?? null;
    return {
      dkim,
      spf,
      dmarc,
      dmarcDomain: result.dmarc ? (result.dmarc.domain ?? fromDomain) : fromDomain,
      dmarcPassedFor: dmarc === 'pass' && headerFrom.length === 1 ? headerFrom[0]! : null,
    };
  }
}
export type SenderVerifier = ReturnType<typeof createSenderVerifier>;
