import { generateKeyPairSync, randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { dkimSign } from 'mailauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InboundMessageSchema, type InboundMessage } from '@shared/schemas/inbound';
import { createClient, signedInAdmin } from '@tests/factories';
import { startDnsStandIn, type DnsStandIn } from '@tests/support/dns-stand-in';
import { expectJson } from '@tests/support/expect-json';
import { pollUntil } from '@tests/support/poll';
import { smtpTalk } from '@tests/support/smtp-talk';
import { startTestApp, type TestApp } from '@tests/support/test-app';
import { attachments, ticketMessages, tickets, type User } from '../../db/schema';
import { createLogger } from '../../lib/logger';
import { createSmtpListener, type SmtpListener } from './smtp-listener';

/**
 * A From forged past the sender checks, end to end: the attacker's message comes through the
 * real SMTP listener, DKIM-signed by the attacker's own domain or, for a colleague of the
 * client's, by the client's domain (each publishes DMARC p=reject and an SPF naming this
 * machine), and is checked against a real DNS server on loopback. The header block is built
 * so that mailauth (DKIM, DMARC) and mailparser (the sender the ticket is filed under) read a
 * different From address.
 */

const SUPPORT = 'support@studio.test';
const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 1024 });
const privatePem = privateKey.export({ type: 'pkcs1', format: 'pem' }).toString();
const publicBase64 = publicKey.export({ type: 'spki', format: 'der' }).toString('base64');

let t: TestApp;
let dns: DnsStandIn;
let listener: SmtpListener;
let port: number;
let amelie: User;
let admin: Awaited<ReturnType<typeof signedInAdmin>>['agent'];

beforeAll(async () => {
  dns = await startDnsStandIn({
    // The client's domain signs its mail and asks receivers to reject what fails DMARC.
    'sel._domainkey.bakery.test': [`v=DKIM1; k=rsa; p=${publicBase64}`],
    'bakery.test': ['v=spf1 ip4:127.0.0.1 -all'],
    '_dmarc.bakery.test': ['v=DMARC1; p=reject'],
    // So does the attacker's: every check passes for attacker.test itself.
    'sel._domainkey.attacker.test': [`v=DKIM1; k=rsa; p=${publicBase64}`],
    'attacker.test': ['v=spf1 ip4:127.0.0.1 -all'],
    '_dmarc.attacker.test': ['v=DMARC1; p=reject'],
  });
  t = await startTestApp({ DNS_SERVERS: dns.server, SUPPORT_EMAIL: SUPPORT });
  listener = createSmtpListener({
    port: 0,
    host: '127.0.0.1',
    maxBytes: 1024 * 1024,
    maxClients: 10,
    perAddressPerMinute: { connections: 1000, messages: 1000 },
    acceptsRecipient: (address) => t.services.inbound.acceptsRecipient(address),
    ingest: t.services.inbound.ingest,
    logger: createLogger('silent'),
  });
  port = await listener.listen();
  amelie = await createClient(t.database, { email: 'amelie@bakery.test', emailVerified: true });
  ({ agent: admin } = await signedInAdmin(t.app, t.database));
});
afterAll(async () => {
  await listener?.close();
  await t?.close();
  await dns?.close();
});

/** A message whose header block starts with `head`, DKIM-signed as `signAs` (selector "sel"). */
async function signed(
  head: string[],
  { subject, signAs, body }: { subject: string; signAs: string; body?: string[] },
) {
  const lines = [
    ...head,
    `To: ${SUPPORT}`,
    `Subject: ${subject}`,
    `Date: ${new Date().toUTCString()}`,
    `Message-ID: <${randomUUID()}@${signAs}>`,
    'MIME-Version: 1.0',
    ...(body ?? ['Content-Type: text/plain; charset=utf-8', '', 'Please pay the new account.']),
  ];
  const raw = Buffer.from(`${lines.join('\r\n')}\r\n`, 'latin1');
  const key = { signingDomain: signAs, selector: 'sel', privateKey: privatePem };
  const { signatures, errors } = await dkimSign(raw, { ...key, signatureData: [key] });
  expect(errors).toEqual([]);
  return Buffer.concat([Buffer.from(signatures), raw]);
}

/** Sends the message over SMTP as `mailFrom` and answers its log entry once it is processed. */
async function sendOverSmtp(raw: Buffer, mailFrom: string): Promise<InboundMessage> {
  const smtp = await smtpTalk(port);
  expect(await smtp.send('EHLO mail.attacker.test')).toMatch(/^250/);
  expect(await smtp.send(`MAIL FROM:<${mailFrom}>`)).toMatch(/^250/);
  expect(await smtp.send(`RCPT TO:<${SUPPORT}>`)).toMatch(/^250/);
  expect(await smtp.send('DATA')).toMatch(/^354/);
  const stored = await smtp.send(`${raw.toString('latin1')}.`);
  await smtp.quit();
  const id = /^250 2\.0\.0 Stored as ([0-9a-f-]{36})$/.exec(stored)?.[1];
  expect(id, stored).toBeDefined();
  // Processing runs after the 250, in the background: the log is what the admin then reads.
  return pollUntil(
    async () => expectJson(await admin.get(`/api/admin/inbound/${id}`), InboundMessageSchema),
    (entry) => entry.state !== 'received',
    5000,
  );
}

const ticketsOf = (user: User) =>
  t.database.db.select().from(tickets).where(eq(tickets.userId, user.id));

const emailMessagesOn = async (ticketId: string) =>
  (
    await t.database.db.select().from(ticketMessages).where(eq(ticketMessages.ticketId, ticketId))
  ).filter((message) => message.source === 'email');

const attachmentsOn = (ticketId: string) =>
  t.database.db.select().from(attachments).where(eq(attachments.ticketId, ticketId));

const HIDES =
  'mail programs read such a header in different ways, so a forged From can hide behind it';

/** The attacker's own domain, which signs its mail and passes every check for itself. */
const EVE = { signAs: 'attacker.test', mailFrom: 'eve@attacker.test' };
/**
 * A colleague of Amélie's on her own domain: their mail server signs for bakery.test, so
 * DMARC passes for the domain whichever bakery.test address the From names.
 */
const BOB = { signAs: 'bakery.test', mailFrom: 'bob@bakery.test' };

const READ_APART =
  "mail programs read its From as different addresses, and there is no reply token of the client's ticket";

/** Header blocks where mailparser reads Amélie's From and mailauth another address. */
const forgeries = [
  {
    name: 'a From hidden behind a vertical tab',
    head: ['X-Note: hello', '\x0bFrom: <amelie@bakery.test>', 'From: <eve@attacker.test>'],
    detail: `Held as sender not verified: a header line starts with a vertical tab; ${HIDES}.`,
    dmarc: 'pass',
    ...EVE,
  },
  {
    name: 'a From hidden behind a form feed',
    head: ['X-Note: hello', '\x0cFrom: <amelie@bakery.test>', 'From: <eve@attacker.test>'],
    detail: `Held as sender not verified: a header line starts with a form feed; ${HIDES}.`,
    dmarc: 'pass',
    ...EVE,
  },
  {
    name: 'two From headers',
    head: ['From: <amelie@bakery.test>', 'From: <eve@attacker.test>'],
    detail: `Held as sender not verified: the message has 2 From headers; ${HIDES}.`,
    // mailauth reads both and evaluates no DMARC at all.
    dmarc: 'none',
    ...EVE,
  },
  {
    // One well-formed header: mailauth's address parser reads the nested comment's address,
    // mailparser's the one after it. The pass is for the attacker's address, not Amélie's.
    name: 'a From whose nested comment holds the address the checks read',
    head: ['From: (a (b) <eve@attacker.test>) <amelie@bakery.test>'],
    detail: `Held as sender not verified: DMARC passed for eve@attacker.test, not for amelie@bakery.test, the client's address the message is filed under; ${READ_APART}.`,
    dmarc: 'pass',
    ...EVE,
  },
  {
    // The same trick on the client's own domain: the domains align, the addresses do not.
    name: "a colleague's From whose nested comment holds their own address",
    head: ['From: (a (b) <bob@bakery.test>) <amelie@bakery.test>'],
    detail: `Held as sender not verified: DMARC passed for bob@bakery.test, not for amelie@bakery.test, the client's address the message is filed under; ${READ_APART}.`,
    dmarc: 'pass',
    ...BOB,
  },
  {
    name: "a colleague's From whose comment closes behind an escaped parenthesis",
    head: ['From: (\\) <bob@bakery.test>) <amelie@bakery.test>'],
    detail: `Held as sender not verified: DMARC passed for bob@bakery.test, not for amelie@bakery.test, the client's address the message is filed under; ${READ_APART}.`,
    dmarc: 'pass',
    ...BOB,
  },
  {
    // mailauth keeps the comment in the local part, mailparser drops it.
    name: "a colleague's From with a comment in the client's local part",
    head: ['From: <amelie(x)@bakery.test>'],
    detail: `Held as sender not verified: DMARC passed for amelie(x)@bakery.test, not for amelie@bakery.test, the client's address the message is filed under; ${READ_APART}.`,
    dmarc: 'pass',
    ...BOB,
  },
];

describe('a From forged past the sender checks, over SMTP', () => {
  it('still lets a client whose own domain signs open a ticket (the path works)', async () => {
    const raw = await signed(['From: Amelie <amelie@bakery.test>'], {
      subject: 'Opening hours',
      signAs: 'bakery.test',
    });
    const entry = await sendOverSmtp(raw, 'amelie@bakery.test');
    expect(entry).toMatchObject({
      state: 'new_ticket',
      from: 'amelie@bakery.test',
      authentication: { dkim: 'pass', spf: 'pass', dmarc: 'pass', dmarcDomain: 'bakery.test' },
    });
  });

  it.each(forgeries)(
    'holds $name, signed by $signAs: no ticket for the client',
    async ({ head, detail, dmarc, signAs, mailFrom }) => {
      const before = await ticketsOf(amelie);
      const raw = await signed(head, { subject: 'New bank details', signAs });
      const entry = await sendOverSmtp(raw, mailFrom);
      expect(entry).toMatchObject({
        state: 'not_verified',
        stateDetail: detail,
        // What the reader took for the sender, and the checks as they came out, for the admin.
        from: 'amelie@bakery.test',
        authentication: { dkim: 'pass', spf: 'pass', dmarc },
        ticket: null,
      });
      expect(await ticketsOf(amelie)).toHaveLength(before.length);
    },
  );

  it.each(forgeries)(
    'holds $name answering the client\'s ticket with "Re: [#n]": nothing joins it',
    async ({ head, detail, signAs, mailFrom }) => {
      const ticket = await t.services.tickets.create(amelie.id, {
        subject: 'Menu page',
        description: 'Please add the fall menu.',
        priority: 'normal',
      });
      const script = Buffer.from('@echo off\r\nstart https://attacker.test/\r\n').toString(
        'base64',
      );
      const raw = await signed(head, {
        subject: `Re: [#${ticket.number}] Menu page`,
        signAs,
        body: [
          'Content-Type: multipart/mixed; boundary="b1"',
          '',
          '--b1',
          'Content-Type: text/plain; charset=utf-8',
          '',
          'The new menu is in the attached file, please run it.',
          '--b1',
          'Content-Type: application/octet-stream; name="menu.bat"',
          'Content-Disposition: attachment; filename="menu.bat"',
          'Content-Transfer-Encoding: base64',
          '',
          script,
          '--b1--',
        ],
      });
      const entry = await sendOverSmtp(raw, mailFrom);
      expect(entry).toMatchObject({
        state: 'not_verified',
        stateDetail: detail,
        from: 'amelie@bakery.test',
        ticket: null,
      });
      expect(await emailMessagesOn(ticket.id)).toEqual([]);
      expect(await attachmentsOn(ticket.id)).toEqual([]);
    },
  );
});
