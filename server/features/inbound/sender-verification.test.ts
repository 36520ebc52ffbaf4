import dgram from 'node:dgram';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSenderVerifier, dmarcAligned, dnsResolver } from './sender-verification';

// A resolver that takes every question and answers none, as an unreachable one does.
let silent: dgram.Socket;
beforeAll(async () => {
  silent = dgram.createSocket('udp4');
  await new Promise<void>((resolve) => silent.bind(0, '127.0.0.1', resolve));
});
afterAll(() => {
  silent.close();
});

it('gives up on a resolver that never answers (the processor then holds the message as temperror)', async () => {
  const { port } = silent.address() as AddressInfo;
  const verify = createSenderVerifier({
    resolver: dnsResolver([`127.0.0.1:${port}`]),
    deadlineMs: 300,
  });
  const raw = Buffer.from(
    'From: amelie@bakery.test\r\nTo: support@studio.test\r\nSubject: Hi\r\n\r\nHello\r\n',
  );
  await expect(
    verify({ raw, envelopeFrom: null, remoteAddress: null, helo: null }),
  ).rejects.toThrow('DNS look-ups took longer than 300 ms');
});

describe('a DMARC pass that proves the client wrote', () => {
  it.each([
    ['amelie@bakery.test', 'amelie@bakery.test'],
    // The same organizational domain: DMARC's relaxed alignment.
    ['news@mail.bakery.test', 'amelie@bakery.test'],
    ['amelie@Bakery.TEST', 'amelie@shop.bakery.test'],
    ['a@x.bakery.co.uk', 'b@bakery.co.uk'],
    // An internationalized domain, as mailauth (punycode) and the address (Unicode) write it.
    ['a@xn--bcker-gra.test', 'b@bäcker.test'],
  ])('is a pass for %s, for the client %s', (checked, client) => {
    expect(dmarcAligned(checked, client)).toBe(true);
  });

  it.each([
    ['eve@attacker.test', 'amelie@bakery.test'],
    ['eve@bakery.test.attacker.test', 'amelie@bakery.test'],
    // Neighbours under a public suffix share no organizational domain.
    ['eve@attacker.co.uk', 'amelie@bakery.co.uk'],
    ['eve@attacker.github.io', 'amelie@bakery.github.io'],
    ['eve@', 'amelie@bakery.test'],
  ])('is no pass for %s, for the client %s', (checked, client) => {
    expect(dmarcAligned(checked, client)).toBe(false);
  });
});
