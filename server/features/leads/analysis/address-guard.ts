import dns from 'node:dns';
import net from 'node:net';
import ipaddr from 'ipaddr.js';

/**
 * Which addresses the website analyser may connect to: public unicast only. Loopback,
 * private, link-local (169.254.169.254 included), CGNAT, multicast, reserved, and IPv6
 * forms that embed an IPv4 address (mapped, 6to4, NAT64, Teredo) are refused.
 */
export interface AddressPolicy {
  /** Test-only: lets the analyser reach servers the test started on loopback. */
  allowLoopback: boolean;
}

export class BlockedAddressError extends Error {
  readonly code = 'BLOCKED_ADDRESS';
  constructor(readonly address: string) {
    super(`Refused to connect to a non-public address (${address})`);
  }
}

export function isAllowedAddress(address: string, policy: AddressPolicy): boolean {
  if (!ipaddr.isValid(address)) return false;
  let parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress()) {
    parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  }
  const range = parsed.range();
  return range === 'unicast' || (policy.allowLoopback && range === 'loopback');
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
