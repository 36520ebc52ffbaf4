import dns from 'node:dns/promises';
import net from 'node:net';
import ipaddr from 'ipaddr.js';
import { isAllowedAddress, type AddressPolicy } from './address-guard';

const NOT_FOUND = new Set(['ENOTFOUND', 'ENODATA', 'EAI_NONAME', 'EAI_NODATA']);

/**
 * Whether the product may fetch this address (a site the admin adds): http(s), and a host
 * that is a public address or a name whose every address is public (address-guard's rules:
 * private, loopback, link-local, CGNAT, reserved and their IPv6 and IPv4-mapped forms are
 * not). Returns why not, in words for the admin, or null when it may.
 *
 * The answer holds for now only: a name can point elsewhere later, so every fetch is still
 * checked on its own (page-fetcher's guarded lookup, each redirect included).
 */
export async function checkPublicUrl(
  url: string | URL,
  policy: AddressPolicy,
  { timeoutMs = 10_000 }: { timeoutMs?: number } = {},
): Promise<string | null> {
  let parsed: URL;
  try {
    parsed = typeof url === 'string' ? new URL(url) : url;
  } catch {
    return 'This is not a web address';
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    return 'The address must start with http:// or https://';
  }
  const host = parsed.hostname.replace(/^\[|\]$/g, '');
  if (net.isIP(host)) {
    return isAllowedAddress(host, policy) ? null : `This address is not public: ${named(host)}`;
  }

  let addresses: { address: string }[];
  try {
    addresses = await withDeadline(dns.lookup(host, { all: true, verbatim: true }), timeoutMs);
  } catch (error) {
    const code = (error as { code?: string }).code ?? 'TIMEOUT';
    return NOT_FOUND.has(code)
      ? `This address does not resolve: ${host}`
      : `This address could not be looked up right now: ${host} (${code})`;
  }
  if (addresses.length === 0) return `This address does not resolve: ${host}`;
  const blocked = addresses.find((entry) => !isAllowedAddress(entry.address, policy));
  return blocked
    ? `This address is not public: ${host} resolves to ${named(blocked.address)}`
    : null;
}

/** An IPv4-mapped address is written in hexadecimal by the URL parser: name the IPv4 too. */
function named(address: string): string {
  if (!net.isIPv6(address)) return address;
  const parsed = ipaddr.IPv6.parse(address);
  return parsed.isIPv4MappedAddress()
    ? `${address} (${parsed.toIPv4Address().toString()})`
    : address;
}

function withDeadline<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(Object.assign(new Error('timeout'), { code: 'TIMEOUT' })), ms);
  });
  return Promise.race([promise, deadline]).finally(() => clearTimeout(timer));
}
