import dgram from 'node:dgram';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createSenderVerifier, dnsResolver } from './sender-verification';

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
