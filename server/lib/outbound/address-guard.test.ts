import { describe, expect, it } from 'vitest';
import { isAllowedAddress } from './address-guard';

describe('isAllowedAddress', () => {
  it.each([
    '127.0.0.1',
    '10.0.0.1',
    '172.16.5.4',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '224.0.0.1',
    '255.255.255.255',
    '192.0.2.10',
    '::1',
    '::',
    '::ffff:127.0.0.1',
    '::ffff:10.0.0.1',
    'fe80::1',
    'fc00::1',
    'ff02::1',
    '2002:7f00:1::',
    '64:ff9b::7f00:1',
    '2001::1',
    // IPv4-compatible (::/96): ipaddr.js calls these unicast.
    '::127.0.0.1',
    '::7f00:1',
    '::10.0.0.1',
    '::8.8.8.8',
    '::ffff:7f00:1',
    '::ffff:169.254.169.254',
    '64:ff9b::8.8.8.8',
    '64:ff9b:1::a00:1',
    '100::1',
    'fec0::1',
    '2001:db8::1',
    '2001:2::1',
    '2001:10::1',
    '2001:20::1',
    '3fff::1',
    '2002:a00:1::',
    '2002:c0a8:101::1',
    '4000::1',
  ])('refuses %s', (address) => {
    expect(isAllowedAddress(address, { allowLoopback: false })).toBe(false);
  });

  it('allows public unicast addresses, and loopback only with the test-only setting', () => {
    expect(isAllowedAddress('8.8.8.8', { allowLoopback: false })).toBe(true);
    expect(isAllowedAddress('2606:4700:4700::1111', { allowLoopback: false })).toBe(true);
    expect(isAllowedAddress('2a00:1450:4001:80b::200e', { allowLoopback: false })).toBe(true);
    expect(isAllowedAddress('::ffff:8.8.8.8', { allowLoopback: false })).toBe(true);
    // 6to4 of a public IPv4 address (8.8.8.8).
    expect(isAllowedAddress('2002:808:808::1', { allowLoopback: false })).toBe(true);
    expect(isAllowedAddress('::1', { allowLoopback: true })).toBe(true);
    expect(isAllowedAddress('::127.0.0.1', { allowLoopback: true })).toBe(false);
    expect(isAllowedAddress('127.0.0.1', { allowLoopback: true })).toBe(true);
    expect(isAllowedAddress('10.0.0.1', { allowLoopback: true })).toBe(false);
  });
});
