import { Resolver } from 'node:dns/promises';
import type { DNSResolver } from 'mailauth';
import type { InboundAuthentication } from '@shared/schemas/inbound';

/**
 * The most the checks of one message may take. An unreachable resolver would otherwise hold a
 * message for the resolver's timeout times each look-up; it is then held as not verified
 * (temperror), and the admin can release it.
 */
const CHECKS_DEADLINE_MS = 10_000;

/** What proves the From domain sent a message (decision 031, as amended). */
export type SenderProofBy = 'dmarc' | 'dkim';

/** What the checks found: each verdict as mailauth reports it, and whom they prove. */
export interface SenderAuthentication extends InboundAuthentication {
  /**
   * The From address the checks prove, as mailauth read it: DMARC passed for it, or its
   * domain publishes no DMARC record and a valid DKIM signature aligned with it came with the
   * message. Null otherwise, or when mailauth read no From address or more than one (then it
   * has none to prove).
   */
  provenFor: string | null;
  /** What proved it: null when provenFor is null. */
  provenBy: SenderProofBy | null;
}

/** One DKIM signature's verdict, as much of mailauth's as the proof reads. */
interface DkimVerdict {
  // mailauth types these as booleans and gives the aligned domain and the unsigned length.
  status: { result: string; aligned?: unknown; underSized?: unknown };
}

/**
 * Whether a valid DKIM signature vouches for the From domain: it passed, its `d=` is aligned
 * with the From domain as DMARC's relaxed alignment has it (the same organizational domain,
 * from the public suffix list; mailauth works it out for the first From address), and it
 * covers the whole body (a signature with `l=` that leaves a tail unsigned lets anyone add
 * to the message).
 */
export function alignedDkimPass(results: readonly DkimVerdict[]): boolean {
  return results.some(
    (row) => row.status.result === 'pass' && Boolean(row.status.aligned) && !row.status.underSized,
  );
}

/**
 * What proves the sender's domain (docs/support-mail.md, Verified senders): a DMARC pass; or,
 * when the domain publishes no DMARC record, a valid aligned DKIM signature. SPF alone never
 * does (a shared provider's other customers pass it), and a DMARC fail (or an error looking
 * the record up) is never overruled.
 */
export function proofOf(dmarc: string, dkimResults: readonly DkimVerdict[]): SenderProofBy | null {
  if (dmarc === 'pass') return 'dmarc';
  if (dmarc === 'none' && alignedDkimPass(dkimResults)) return 'dkim';
  return null;
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
    const provenBy = headerFrom.length === 1 ? proofOf(dmarc, dkimResults) : null;
    return {
      dkim,
      spf,
      dmarc,
      dmarcDomain: result.dmarc ? (result.dmarc.domain ?? fromDomain) : fromDomain,
      provenFor: provenBy ? headerFrom[0]! : null,
      provenBy,
    };
  }
}
export type SenderVerifier = ReturnType<typeof createSenderVerifier>;
