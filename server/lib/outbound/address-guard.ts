import dns from 'node:dns';
import net from 'node:net';
import ipaddr from 'ipaddr.js';

/**
 * Which addresses the product may connect to when it fetches an address someone else gave
 * (the leads' website analyser, the site checks, their RDAP lookups): public unicast only.
 * Loopback, private, link-local (169.254.169.254 included), CGNAT, multicast, reserved, and
 * IPv6 outside global unicast (IPv4-compatible, NAT64, Teredo, unique local...) are refused;
 * IPv4-mapped and 6to4 addresses count as the IPv4 address they embed.
 */
export interface AddressPolicy {
  /** Test-only (OUTBOUND_ALLOW_LOOPBACK): reaches the servers a test started on loopback. */
  allowLoopback: boolean;
}

export class BlockedAddressError extends Error {
  readonly code = 'BLOCKED_ADDRESS';
  constructor(readonly address: string) {
    super(`Refused to connect to a non-public address (${address})`);
  }
}

/** IPv6 global unicast (RFC 4291): everything outside it is local, special or unassigned. */
const GLOBAL_UNICAST = ipaddr.parseCIDR('2000::/3');
/** 6to4 (RFC 3056): judged by the IPv4 address in bits 16 to 47. */
const SIX_TO_FOUR = ipaddr.parseCIDR('2002::/16');
/**
 * Special-purpose blocks inside 2000::/3 (IANA's IPv6 special-purpose registry): the IETF
 * protocol assignments (Teredo, benchmarking, ORCHID, AMT, AS112...), documentation and the
 * 6bone's old block. A web server of a business lives in none of them.
 */
const SPECIAL_GLOBAL = [
  '2001::/23',
  '2001:db8::/32',
  '3fff::/20',
  '3ffe::/16',
  '2620:4f:8000::/48',
].map((cidr) => ipaddr.parseCIDR(cidr));

function isAllowedIPv4(address: ipaddr.IPv4, policy: AddressPolicy): boolean {
  const range = address.range();
  return range === 'unicast' || (policy.allowLoopback && range === 'loopback');
}

/**
 * IPv6: global unicast only, so the forms that embed an IPv4 address (IPv4-compatible
 * ::a.b.c.d, NAT64 64:ff9b::/96, Teredo) are refused with every local range. ipaddr.js
 * calls ::/96 "unicast", which is why this is an allow list, not its range names.
 * IPv4-mapped and 6to4 addresses are judged by the IPv4 address they carry.
 */
function isAllowedIPv6(address: ipaddr.IPv6, policy: AddressPolicy): boolean {
  if (address.isIPv4MappedAddress()) return isAllowedIPv4(address.toIPv4Address(), policy);
  if (address.range() === 'loopback') return policy.allowLoopback;
  if (!address.match(GLOBAL_UNICAST)) return false;
  if (address.match(SIX_TO_FOUR)) {
    const [, high, low] = address.parts as [number, number, number];
    const embedded = new ipaddr.IPv4([high >> 8, high & 255, low >> 8, low & 255]);
    // A relay never leads to the test's loopback servers: no loopback exception here.
    return isAllowedIPv4(embedded, { allowLoopback: false });
  }
  return !SPECIAL_GLOBAL.some((range) => address.match(range));
}

export function isAllowedAddress(address: string, policy: AddressPolicy): boolean {
  if (net.isIPv6(address)) {
    // ipaddr.js reads "::a.b.c.d" as IPv4-mapped; the socket reads it as IPv4-compatible.
    // The URL parser writes every IPv6 address in the one hexadecimal form both agree on.
    const canonical = canonicalIPv6(address);
    return canonical !== undefined && isAllowedIPv6(ipaddr.IPv6.parse(canonical), policy);
  }
  return net.isIPv4(address) && isAllowedIPv4(ipaddr.IPv4.parse(address), policy);
}

function canonicalIPv6(address: string): string | undefined {
  try {
    return new URL(`http://[${address}]/`).hostname.slice(1, -1);
  } catch {
    // A zone index (fe80::1%eth0) and the like: nothing a public web server has.
    return undefined;
  }
}

type LookupCallback = (
  error: NodeJS.ErrnoException | null,
  address: string | dns.LookupAddress[],
  family?: number,
) => void;

/**
 * A `lookup` for net/tls.connect: resolves the name once, refuses it if any address is
 * not allowed, and hands the checked addresses to the socket, so the connection goes to
 * an address that was checked (no second lookup between check and connect).
 */
export function guardedLookup(policy: AddressPolicy) {
  return (hostname: string, options: dns.LookupOptions, callback: LookupCallback) => {
    dns.lookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, []);
      const blocked = addresses.find((entry) => !isAllowedAddress(entry.address, policy));
      if (blocked) return callback(new BlockedAddressError(blocked.address), []);
      if (options.all) return callback(null, addresses);
      const first = addresses[0]!;
      callback(null, first.address, first.family);
    });
  };
}

/** Checks a URL's host when it is an address literal (the socket skips lookup for those). */
export function checkLiteralHost(url: URL, policy: AddressPolicy): void {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (net.isIP(host) && !isAllowedAddress(host, policy)) throw new BlockedAddressError(host);
}
