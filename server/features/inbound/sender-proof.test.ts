import { simpleParser } from 'mailparser';
import { describe, expect, it } from 'vitest';
import { unprovenSender } from './sender-proof';

const CLIENT_ID = '7d1c7a52-96a2-4b7e-9a55-0c1e8d3f2a10';

/**
 * The judgement of a message whose From header is `from`, from the client with the verified
 * address `clientEmail`, when DMARC passed for `passedFor` (the address mailauth read) and no
 * reply token came with it.
 */
async function judge(from: string, passedFor: string, clientEmail: string) {
  const raw = Buffer.from(`From: ${from}\r\nSubject: Hours\r\n\r\nHello\r\n`);
  const mail = await simpleParser(raw);
  return unprovenSender({
    raw,
    mail,
    // As the processor files it: the first address mailparser read, in lower case.
    fromAddress: mail.from!.value[0]!.address!.toLowerCase(),
    client: { id: CLIENT_ID, email: clientEmail },
    thread: null,
    authentication: {
      dkim: 'pass',
      spf: 'pass',
      dmarc: 'pass',
      dmarcDomain: passedFor.split('@').pop()!,
      provenFor: passedFor,
      provenBy: 'dmarc',
    },
  });
}

describe('a DMARC pass that proves the client wrote', () => {
  it.each([
    ['Amelie <amelie@bakery.test>', 'amelie@bakery.test', 'amelie@bakery.test'],
    // The local part in any case, the domain in any case.
    ['<Amelie@Bakery.TEST>', 'Amelie@Bakery.TEST', 'amelie@bakery.test'],
    // mailauth keeps the punycode the header has, mailparser gives the domain in Unicode.
    ['<amelie@xn--bcker-gra.test>', 'amelie@xn--bcker-gra.test', 'amelie@bäcker.test'],
  ])('counts for From %s, checked as %s, from the client %s', async (from, passedFor, client) => {
    expect(await judge(from, passedFor, client)).toBeNull();
  });

  it.each([
    // A colleague on the client's domain: the domains align, the addresses do not.
    ['(a (b) <bob@bakery.test>) <amelie@bakery.test>', 'bob@bakery.test'],
    ['<amelie(x)@bakery.test>', 'amelie(x)@bakery.test'],
    ['<@route:amelie@bakery.test>', '@route:amelie@bakery.test'],
    ['=?utf-8?q?amelie?=@bakery.test', '=?utf-8?q?amelie?=@bakery.test'],
    ['amelie@bakery.test', 'amelie@'],
  ])('does not count for From %s, which the checks read as %s', async (from, passedFor) => {
    expect(await judge(from, passedFor, 'amelie@bakery.test')).toBe(
      `DMARC passed for ${passedFor}, not for amelie@bakery.test, the client's address the message is filed under; mail programs read its From as different addresses, and there is no reply token of the client's ticket`,
    );
  });
});
