import { generateKeyPairSync, randomUUID } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { dkimSign } from 'mailauth';
import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOfDayIn } from '@shared/dates';
import { HELD_INBOUND_STATES, OriginalEmailSchema } from '@shared/schemas/inbound';
import { createClient, signedInAdmin } from '@tests/factories';
import { startDnsStandIn, type DnsStandIn } from '@tests/support/dns-stand-in';
import { expectJson } from '@tests/support/expect-json';
import { pollUntil } from '@tests/support/poll';
import { startSmtpSink, type SmtpSink } from '@tests/support/smtp-sink';
import { EXE, HTML, PDF, pngImage } from '@tests/support/sample-files';
import { startTestApp, type TestApp } from '@tests/support/test-app';
import {
  attachments,
  inboundMessages,
  outboxMessages,
  ticketMessages,
  tickets,
  type User,
} from '../../db/schema';
import { createFileStorage } from '../../lib/file-storage';
import { displayDateTime } from '../../lib/format';
import { createIngest, type Envelope } from './ingest';
import { messageKeyOf } from './message-identity';
import { createRawMessages } from './raw-messages';

/**
 * The inbound processor end to end: real messages, DKIM-signed with mailauth, checked against
 * keys and policies a real DNS server publishes on loopback; the answers go out over SMTP to
 * a real server that keeps them.
 */

let t: TestApp;
let dns: DnsStandIn;
let sink: SmtpSink;
let amelie: User;
let beau: User;
let cleo: User;
let dora: User;
let finn: User;
const SUPPORT = 'support@studio.test';

const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 1024 });
const privatePem = privateKey.export({ type: 'pkcs1', format: 'pem' }).toString();
const publicBase64 = publicKey.export({ type: 'spki', format: 'der' }).toString('base64');

beforeAll(async () => {
  dns = await startDnsStandIn({
    // bakery.test signs with DKIM and asks receivers to reject what fails DMARC.
    'sel._domainkey.bakery.test': [`v=DKIM1; k=rsa; p=${publicBase64}`],
    'bakery.test': ['v=spf1 ip4:127.0.0.10 -all'],
    '_dmarc.bakery.test': ['v=DMARC1; p=reject'],
    // florist.test too (Beau's domain).
    'sel._domainkey.florist.test': [`v=DKIM1; k=rsa; p=${publicBase64}`],
    'florist.test': ['v=spf1 -all'],
    '_dmarc.florist.test': ['v=DMARC1; p=reject'],
    // cafe.test signs with DKIM (also from a subdomain) and publishes no DMARC record, as most
    // small businesses' domains; mailhost.test is a shared provider that signs as itself.
    'sel._domainkey.cafe.test': [`v=DKIM1; k=rsa; p=${publicBase64}`],
    'sel._domainkey.mail.cafe.test': [`v=DKIM1; k=rsa; p=${publicBase64}`],
    'cafe.test': ['v=spf1 ip4:127.0.0.20 -all'],
    'sel._domainkey.mailhost.test': [`v=DKIM1; k=rsa; p=${publicBase64}`],
  });
  sink = await startSmtpSink();
  t = await startTestApp({
    DNS_SERVERS: dns.server,
    SUPPORT_EMAIL: SUPPORT,
    SMTP_URL: sink.url,
    MAIL_RETRY_ATTEMPTS: '1',
  });
  amelie = await createClient(t.database, { email: 'amelie@bakery.test', emailVerified: true });
  beau = await createClient(t.database, { email: 'beau@florist.test', emailVerified: true });
  cleo = await createClient(t.database, { email: 'Cleo@Bakery.test', emailVerified: true });
  dora = await createClient(t.database, { email: 'dora@florist.test', emailVerified: true });
  finn = await createClient(t.database, { email: 'finn@cafe.test', emailVerified: true });
});
afterAll(async () => {
  await t.close();
  await sink.close();
  await dns.close();
});

interface Draft {
  from: string;
  to?: string;
  subject?: string;
  body?: string;
  headers?: string[];
  contentType?: string;
  /** DKIM-sign as this domain (selector "sel"). */
  signAs?: string;
  /** Sign only this many bytes of the body (the signature's `l=` tag). */
  signBodyLength?: number;
  /** Added to the body after signing. */
  appended?: string;
}

async function build(draft: Draft): Promise<Buffer> {
  const domain = draft.from.split('@')[1]!.replace(/>.*/, '');
  const lines = [
    `From: ${draft.from}`,
    `To: ${draft.to ?? SUPPORT}`,
    `Subject: ${draft.subject ?? 'A question'}`,
    `Date: ${new Date().toUTCString()}`,
    `Message-ID: <${randomUUID()}@${domain}>`,
    'MIME-Version: 1.0',
    `Content-Type: ${draft.contentType ?? 'text/plain; charset=utf-8'}`,
    ...(draft.headers ?? []),
    '',
    draft.body ?? 'Could you change our opening hours?',
  ];
  const raw = Buffer.from(lines.join('\r\n').replace(/\r?\n/g, '\r\n') + '\r\n');
  if (!draft.signAs) return raw;
  const signer = { signingDomain: draft.signAs, selector: 'sel', privateKey: privatePem };
  const { signatures, errors } = await dkimSign(raw, {
    ...signer,
    signatureData: [{ ...signer, maxBodyLength: draft.signBodyLength }],
  });
  expect(errors).toEqual([]);
  return Buffer.concat([Buffer.from(signatures), raw, Buffer.from(draft.appended ?? '')]);
}

/**
 * Stores and logs the message as a transport would (the app's ingest, on its store and
 * database), leaving its processing to the test.
 */
function logOnly(raw: Buffer, envelope: Envelope) {
  const rawMessages = createRawMessages({
    storage: createFileStorage(t.config.inbound.rawStore),
    spoolDir: t.config.inbound.rawStore.dir,
  });
  const notProcessed = { process: async () => undefined, release: () => Promise.reject() };
  return createIngest(t.services.repositories.inbound, rawMessages, notProcessed, () => {})(
    raw,
    envelope,
  );
}

/** Stores the message as a transport would and processes it; answers its log row. */
async function receive(
  raw: Buffer,
  envelope: { envelopeTo?: string[]; envelopeFrom?: string | null; remoteAddress?: string } = {},
) {
  const { id } = await logOnly(raw, {
    via: 'smtp',
    envelopeFrom: envelope.envelopeFrom ?? null,
    envelopeTo: envelope.envelopeTo ?? [SUPPORT],
    remoteAddress: envelope.remoteAddress ?? null,
  });
  await t.services.inboundProcessor.process(id);
  await t.services.notifications.idle();
  return inboundRow(id);
}

async function inboundRow(id: string) {
  const [row] = await t.database.db
    .select()
    .from(inboundMessages)
    .where(eq(inboundMessages.id, id));
  return row!;
}

async function ticketRow(id: string) {
  const [row] = await t.database.db.select().from(tickets).where(eq(tickets.id, id));
  return row!;
}

async function messagesOf(ticketId: string) {
  return t.database.db.select().from(ticketMessages).where(eq(ticketMessages.ticketId, ticketId));
}

const mailTo = (address: string) =>
  sink.messages.filter((mail) =>
    [mail.to]
      .flat()
      .some((to) =>
        to?.value.some((entry) => entry.address?.toLowerCase() === address.toLowerCase()),
      ),
  );

const header = (mail: ParsedMail, name: string) => mail.headers.get(name);

/** A ticket of the client's, opened in the portal, and the confirmation they were sent. */
async function portalTicket(user: User, subject = 'Menu page') {
  const before = mailTo(user.email!).length;
  const ticket = await t.services.tickets.create(user.id, {
    subject,
    description: 'Please add the fall menu.',
    priority: 'normal',
  });
  await t.services.notifications.idle();
  const confirmation = mailTo(user.email!)[before];
  return { ticket, row: await ticketRow(ticket.id), confirmation };
}

describe('e-mails about a ticket', () => {
  it('carry the ticket reply address, their own Message-ID and the number in the subject', async () => {
    const { ticket, row, confirmation } = await portalTicket(amelie);
    expect(confirmation).toBeDefined();
    expect(confirmation!.subject).toBe(`[#${ticket.number}] Menu page`);
    expect(confirmation!.replyTo?.value[0]?.address).toBe(
      `support+t_${row.replyToken}@studio.test`,
    );
    expect(confirmation!.messageId).toBe(`<ticket-${ticket.id}@studio.test>`);
    expect(confirmation!.text).toContain('##- Please type your reply above this line -##');
    // Not an automatic answer: the client asked for it in the portal.
    expect(header(confirmation!, 'auto-submitted')).toBeUndefined();

    const { agent } = await signedInAdmin(t.app, t.database);
    const res = await agent
      .post(`/api/admin/tickets/${ticket.id}/messages`)
      .send({ message: 'Done, have a look.' });
    expect(res.status).toBe(201);
    await t.services.notifications.idle();
    const reply = mailTo(amelie.email!).at(-1)!;
    expect(reply.subject).toBe(`[#${ticket.number}] Re: Menu page`);
    expect(reply.replyTo?.value[0]?.address).toBe(`support+t_${row.replyToken}@studio.test`);
    expect(reply.inReplyTo).toBe(`<ticket-${ticket.id}@studio.test>`);
    const recorded = (await messagesOf(ticket.id)).find((message) => message.isAdminReply);
    expect(recorded?.emailMessageId).toBe(reply.messageId);
    expect(recorded?.emailMessageId).toMatch(/@studio\.test>$/);
    // The outbox keeps the headers, so a retry threads the same.
    const [kept] = await t.database.db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.subject, reply.subject!));
    expect(kept?.headers).toMatchObject({
      messageId: reply.messageId,
      replyTo: `support+t_${row.replyToken}@studio.test`,
    });
  });
});

describe('a client answering by e-mail', () => {
  it('is added to the ticket by its reply token, even without DMARC, and the quote is cut', async () => {
    const { ticket, row } = await portalTicket(amelie, 'Opening hours');
    const raw = await build({
      from: 'Amélie <amelie@bakery.test>',
      to: `support+t_${row.replyToken}@studio.test`,
      subject: `Re: [#${ticket.number}] Opening hours`,
      body: [
        'Thanks, that works!',
        '',
        '##- Please type your reply above this line -##',
        'Coast & Code replied to your ticket:',
        'Old text of the agency.',
      ].join('\n'),
    });
    const log = await receive(raw, { envelopeTo: [`support+t_${row.replyToken}@studio.test`] });
    expect(log.state).toBe('added');
    expect(log.stateDetail).toContain(
      `Added to ticket #${ticket.number}, found by its reply address`,
    );
    expect(log.authentication).toMatchObject({ dkim: 'none', dmarc: 'fail' });
    const [added] = (await messagesOf(ticket.id)).filter((m) => m.source === 'email');
    expect(added).toMatchObject({
      message: 'Thanks, that works!',
      isAdminReply: false,
      inboundMessageId: log.id,
    });
    expect(added!.emailMessageId).toBe(messageKeyOf(raw));
  });

  it("is held as not verified when the reply token is another client's ticket", async () => {
    const { row } = await portalTicket(amelie, 'Private matter');
    const raw = await build({
      from: 'beau@florist.test',
      to: `support+t_${row.replyToken}@studio.test`,
      signAs: 'florist.test',
    });
    const log = await receive(raw, { envelopeTo: [`support+t_${row.replyToken}@studio.test`] });
    expect(log.state).toBe('not_verified');
    expect(log.stateDetail).toBe(
      `Held as sender not verified: the reply token is of another client's ticket (#${row.number}).`,
    );
    expect(log.authentication?.dmarc).toBe('pass');
    expect((await messagesOf(row.id)).filter((m) => m.source === 'email')).toEqual([]);
    expect(mailTo(beau.email!)).toEqual([]);
  });

  it('is held as not verified when the From fails DMARC and there is no token', async () => {
    const before = await t.database.db.select().from(tickets);
    // Forged: From Amélie, but sent from a server bakery.test does not name, unsigned.
    const raw = await build({ from: 'amelie@bakery.test', subject: 'Send the invoice to me' });
    const log = await receive(raw, {
      remoteAddress: '127.0.0.99',
      envelopeFrom: 'amelie@bakery.test',
    });
    expect(log.state).toBe('not_verified');
    expect(log.stateDetail).toBe(
      "Held as sender not verified: DMARC failed for bakery.test and there is no reply token of the client's ticket.",
    );
    expect(log.authentication).toEqual({
      dkim: 'none',
      spf: 'fail',
      dmarc: 'fail',
      dmarcDomain: 'bakery.test',
    });
    expect(await t.database.db.select().from(tickets)).toHaveLength(before.length);
  });

  it('opens a new ticket when DMARC passes without a token, and confirms it automatically', async () => {
    const raw = await build({
      from: 'amelie@bakery.test',
      subject: 'New banner',
      body: `Please put up the winter banner.\n\n${'Long details. '.repeat(600)}`,
      signAs: 'bakery.test',
    });
    const log = await receive(raw, {
      remoteAddress: '127.0.0.10',
      envelopeFrom: 'amelie@bakery.test',
    });
    expect(log.state).toBe('new_ticket');
    expect(log.authentication).toEqual({
      dkim: 'pass',
      spf: 'pass',
      dmarc: 'pass',
      dmarcDomain: 'bakery.test',
    });
    const ticket = await ticketRow(log.ticketId!);
    expect(ticket).toMatchObject({
      userId: amelie.id,
      subject: 'New banner',
      priority: 'normal',
      status: 'open',
      // Only the portal's form asks for a website update: an e-mail counts against no plan.
      kind: 'question',
      inboundMessageId: log.id,
    });
    // Kept whole: the typed form's 5,000-character limit is not for e-mail.
    expect(ticket.description.length).toBeGreaterThan(8000);
    expect(log.stateDetail).toBe(
      `Opened ticket #${ticket.number}; the client was sent a confirmation.`,
    );
    const confirmation = mailTo(amelie.email!).find(
      (mail) => mail.subject === `[#${ticket.number}] New banner`,
    );
    expect(confirmation).toBeDefined();
    expect(header(confirmation!, 'auto-submitted')).toBe('auto-replied');
    expect(confirmation!.inReplyTo).toBe(messageKeyOf(raw));
  });

  it('is threaded by In-Reply-To to the agency reply it answers', async () => {
    const { ticket } = await portalTicket(amelie, 'Photos');
    const { agent } = await signedInAdmin(t.app, t.database);
    await agent.post(`/api/admin/tickets/${ticket.id}/messages`).send({ message: 'Which ones?' });
    await t.services.notifications.idle();
    const agencyReply = mailTo(amelie.email!).at(-1)!;
    const raw = await build({
      from: 'amelie@bakery.test',
      subject: 'Re: the pictures',
      headers: [`In-Reply-To: ${agencyReply.messageId}`, `References: ${agencyReply.messageId}`],
      body: 'The ones from Saturday.',
      signAs: 'bakery.test',
    });
    const log = await receive(raw);
    expect(log.state).toBe('added');
    expect(log.ticketId).toBe(ticket.id);
    expect(log.stateDetail).toContain('found by the e-mail it answers (In-Reply-To/References)');
  });

  it("is threaded by the number in the subject, only to the client's own ticket", async () => {
    const { ticket } = await portalTicket(amelie, 'Hours');
    const raw = await build({
      from: 'amelie@bakery.test',
      subject: `About #${ticket.number}`,
      body: 'One more thing.',
      signAs: 'bakery.test',
    });
    const log = await receive(raw);
    expect(log.state).toBe('added');
    expect(log.ticketId).toBe(ticket.id);
    expect(log.stateDetail).toContain('found by the ticket number in its subject');

    // Beau naming Amélie's ticket number opens a ticket of his own instead.
    const other = await receive(
      await build({
        from: 'beau@florist.test',
        subject: `[#${ticket.number}] hi`,
        signAs: 'florist.test',
      }),
    );
    expect(other.state).toBe('new_ticket');
    expect((await ticketRow(other.ticketId!)).userId).toBe(beau.id);
  });

  it('opens a resolved ticket again', async () => {
    const { ticket, row } = await portalTicket(amelie, 'Done thing');
    await t.database.db
      .update(tickets)
      .set({ status: 'resolved' })
      .where(eq(tickets.id, ticket.id));
    const log = await receive(
      await build({ from: 'amelie@bakery.test', to: `support+t_${row.replyToken}@studio.test` }),
    );
    expect(log.stateDetail).toContain('the resolved ticket was opened again');
    expect((await ticketRow(ticket.id)).status).toBe('open');
  });
});

describe('a client whose domain publishes no DMARC record', () => {
  it.each(['cafe.test', 'mail.cafe.test'])(
    'is verified by a valid DKIM signature of %s, aligned with the From domain',
    async (signAs) => {
      const raw = await build({ from: 'Finn <finn@cafe.test>', subject: 'New photos', signAs });
      const log = await receive(raw);
      expect(log.state).toBe('new_ticket');
      expect(log.authentication).toEqual({
        dkim: 'pass',
        spf: 'none',
        dmarc: 'none',
        dmarcDomain: 'cafe.test',
      });
      expect(await ticketRow(log.ticketId!)).toMatchObject({
        userId: finn.id,
        subject: 'New photos',
      });
    },
  );

  it("is held when only SPF passes and the signature is a shared provider's", async () => {
    const raw = await build({ from: 'finn@cafe.test', signAs: 'mailhost.test' });
    const log = await receive(raw, { remoteAddress: '127.0.0.20', envelopeFrom: 'finn@cafe.test' });
    expect(log.state).toBe('not_verified');
    expect(log.stateDetail).toBe(
      "Held as sender not verified: DMARC has no policy for cafe.test, no valid DKIM signature of cafe.test came with it (SPF passed, which other senders of a shared mail provider pass too), and there is no reply token of the client's ticket.",
    );
    expect(log.authentication).toEqual({
      dkim: 'pass',
      spf: 'pass',
      dmarc: 'none',
      dmarcDomain: 'cafe.test',
    });
  });

  it('is held when the signature leaves part of the body unsigned and text was added', async () => {
    const raw = await build({
      from: 'finn@cafe.test',
      body: 'See you soon.',
      signAs: 'cafe.test',
      signBodyLength: 10,
      appended: 'PS: please send the invoice to attacker@elsewhere.test\r\n',
    });
    const log = await receive(raw);
    expect(log.state).toBe('not_verified');
    expect(log.stateDetail).toContain('no valid DKIM signature of cafe.test came with it');
    // The signature itself verifies: it just vouches for the first 10 bytes only.
    expect(log.authentication?.dkim).toBe('pass');
  });

  it('does not overrule a DMARC fail: a valid signature of another domain proves nothing', async () => {
    const raw = await build({ from: 'amelie@bakery.test', signAs: 'mailhost.test' });
    const log = await receive(raw);
    expect(log.state).toBe('not_verified');
    expect(log.stateDetail).toBe(
      "Held as sender not verified: DMARC failed for bakery.test and there is no reply token of the client's ticket.",
    );
    expect(log.authentication).toMatchObject({ dkim: 'pass', dmarc: 'fail' });
  });
});

describe('messages nobody answers', () => {
  it('holds an unknown sender, and the admin can release it into a ticket', async () => {
    const before = sink.messages.length;
    const raw = await build({ from: 'stranger@elsewhere.test', subject: 'Quote please' });
    const log = await receive(raw);
    expect(log).toMatchObject({
      state: 'unknown_sender',
      stateDetail: 'Held: no client has the verified address stranger@elsewhere.test.',
      fromAddress: 'stranger@elsewhere.test',
      ticketId: null,
      // Checked all the same, for the admin who decides.
      authentication: { dkim: 'none', spf: 'none', dmarc: 'none', dmarcDomain: 'elsewhere.test' },
    });
    expect(sink.messages).toHaveLength(before);

    const { ticketId } = await t.services.inboundProcessor.release(log.id, beau.id);
    await t.services.notifications.idle();
    const released = await inboundRow(log.id);
    expect(released.state).toBe('released');
    expect(released.stateDetail).toMatch(/^Released by the admin\. Opened ticket #\d+/);
    expect(await ticketRow(ticketId)).toMatchObject({ userId: beau.id, subject: 'Quote please' });
    await expect(t.services.inboundProcessor.release(log.id, beau.id)).rejects.toThrow(
      'This message is not held',
    );
  });

  it('logs an out-of-office reply and a bounce, and answers neither', async () => {
    const before = sink.messages.length;
    const ticketsBefore = (await t.database.db.select().from(tickets)).length;
    const auto = await receive(
      await build({
        from: 'amelie@bakery.test',
        subject: 'Out of Office: back Monday',
        headers: ['Auto-Submitted: auto-replied'],
        signAs: 'bakery.test',
      }),
    );
    expect(auto).toMatchObject({
      state: 'auto_reply',
      stateDetail: 'Automatic reply: Auto-Submitted: auto-replied. Not answered.',
    });
    const vacation = await receive(
      await build({
        from: 'amelie@bakery.test',
        subject: 'Out of office until Monday',
        signAs: 'bakery.test',
      }),
    );
    expect(vacation.stateDetail).toBe('Automatic reply: an out-of-office subject. Not answered.');
    const bulk = await receive(
      await build({
        from: 'amelie@bakery.test',
        headers: ['Precedence: bulk'],
        signAs: 'bakery.test',
      }),
    );
    expect(bulk.state).toBe('auto_reply');

    const bounce = await receive(
      await build({
        from: 'MAILER-DAEMON@mx.bakery.test',
        subject: 'Undelivered Mail Returned to Sender',
        contentType: 'multipart/report; report-type=delivery-status; boundary="b1"',
        body: [
          '--b1',
          'Content-Type: text/plain',
          '',
          'Your message could not be delivered.',
          '--b1',
          'Content-Type: message/delivery-status',
          '',
          'Reporting-MTA: dns; mx.bakery.test',
          '',
          'Final-Recipient: rfc822; nobody@bakery.test',
          'Action: failed',
          'Status: 5.1.1',
          '--b1--',
        ].join('\n'),
      }),
      { envelopeFrom: '' },
    );
    expect(bounce).toMatchObject({
      state: 'bounce',
      stateDetail: 'Bounce: a delivery status notification (multipart/report). Not answered.',
    });
    expect(sink.messages).toHaveLength(before);
    expect(await t.database.db.select().from(tickets)).toHaveLength(ticketsBefore);
  });

  it('sends at most three automatic answers to a sender an hour', async () => {
    const logs = [];
    for (let n = 1; n <= 4; n += 1) {
      logs.push(
        await receive(
          await build({ from: 'cleo@bakery.test', subject: `Request ${n}`, signAs: 'bakery.test' }),
        ),
      );
    }
    expect(logs.map((log) => log.state)).toEqual([
      'new_ticket',
      'new_ticket',
      'new_ticket',
      'new_ticket',
    ]);
    expect(logs[3]!.stateDetail).toMatch(
      /no confirmation sent: automatic answers to this sender are at their hourly limit\.$/,
    );
    expect(mailTo(cleo.email!).map((mail) => mail.subject?.replace(/^\[#\d+\] /, ''))).toEqual([
      'Request 1',
      'Request 2',
      'Request 3',
    ]);
  });
});

describe('hostile and unusual messages', () => {
  it.each([
    {
      name: 'a bare CR in the header',
      draft: { headers: ['X-Note: a\rFrom: <beau@florist.test>'] },
      problem: 'the header has a carriage return that ends no line (a bare CR)',
    },
    {
      name: 'a header name with whitespace before its colon',
      draft: { headers: ['Reply-To : <beau@florist.test>'] },
      problem: 'the header name "Reply-To" has whitespace before its colon',
    },
    {
      name: 'a From with two addresses',
      draft: { from: 'amelie@bakery.test, beau@florist.test' },
      problem: 'the From header names 2 addresses',
    },
  ])("holds $name, even with the client's reply token", async ({ draft, problem }) => {
    const { ticket, row } = await portalTicket(amelie, 'Ambiguous');
    const log = await receive(
      await build({
        from: 'amelie@bakery.test',
        to: `support+t_${row.replyToken}@studio.test`,
        signAs: 'bakery.test',
        ...draft,
      }),
      { envelopeTo: [`support+t_${row.replyToken}@studio.test`] },
    );
    expect(log).toMatchObject({
      state: 'not_verified',
      stateDetail: `Held as sender not verified: ${problem}; mail programs read such a header in different ways, so a forged From can hide behind it.`,
      userId: amelie.id,
      ticketId: null,
    });
    expect((await messagesOf(ticket.id)).filter((m) => m.source === 'email')).toEqual([]);
  });

  it('refuses a 10,000-part MIME bomb without parsing it', async () => {
    const parts = Array.from(
      { length: 10_000 },
      (_, n) => `--bomb\nContent-Type: text/plain\n\npart ${n}`,
    ).join('\n');
    const log = await receive(
      await build({
        from: 'amelie@bakery.test',
        contentType: 'multipart/mixed; boundary="bomb"',
        body: `${parts}\n--bomb--`,
      }),
    );
    expect(log.state).toBe('failed');
    expect(log.fromAddress).toBe('amelie@bakery.test');
    expect(log.stateDetail).toBe(
      'Not read: the message has 10,000 MIME parts (at most 500), as a message built to exhaust the reader would.',
    );
  });

  it.each([
    ["RFC 2231's boundary*=", "multipart/mixed; boundary*=utf-8''bomb", 'bomb'],
    ['boundary*0= and boundary*1=', 'multipart/mixed; boundary*0="bo"; boundary*1="mb"', 'bomb'],
    [
      "boundary*0*=charset'lang', percent-encoded",
      "multipart/mixed; boundary*0*=us-ascii'en'%62%6F; boundary*1*=%6D%62",
      'bomb',
    ],
    [
      'a boundary of 250 characters',
      `multipart/mixed; boundary="${'b'.repeat(250)}"`,
      'b'.repeat(250),
    ],
  ])('refuses the same bomb declared with %s, without parsing it', async (_, type, delimiter) => {
    const parts = Array.from(
      { length: 1000 },
      (_, n) => `--${delimiter}\nContent-Type: text/plain\n\npart ${n}`,
    ).join('\n');
    const log = await receive(
      await build({
        from: 'amelie@bakery.test',
        contentType: type,
        body: `${parts}\n--${delimiter}--`,
      }),
    );
    expect(log).toMatchObject({
      state: 'failed',
      fromAddress: 'amelie@bakery.test',
      stateDetail:
        'Not read: the message has 1,000 MIME parts (at most 500), as a message built to exhaust the reader would.',
    });
  });

  it('reads a message whose boundary is written in RFC 2231 form', async () => {
    await createClient(t.database, { email: 'erin@florist.test', emailVerified: true });
    const log = await receive(
      await build({
        from: 'erin@florist.test',
        subject: 'Photo',
        contentType: 'multipart/mixed;\n boundary*0*=utf-8\'\'%3D_part; boundary*1="_1"',
        body: [
          '--=_part_1',
          'Content-Type: text/plain',
          '',
          'The photo for the banner.',
          '--=_part_1',
          'Content-Type: image/png',
          'Content-Disposition: attachment; filename="banner.png"',
          'Content-Transfer-Encoding: base64',
          '',
          pngImage().toString('base64'),
          '--=_part_1--',
        ].join('\n'),
        signAs: 'florist.test',
      }),
    );
    expect(log.state).toBe('new_ticket');
    expect((await ticketRow(log.ticketId!)).description).toBe('The photo for the banner.');
    const kept = await t.database.db
      .select()
      .from(attachments)
      .where(eq(attachments.ticketId, log.ticketId!));
    expect(kept).toMatchObject([{ filename: 'banner.png', contentType: 'image/png' }]);
  });

  it('reduces an HTML-only mail to text', async () => {
    const log = await receive(
      await build({
        from: 'amelie@bakery.test',
        subject: 'Styled',
        contentType: 'text/html; charset=utf-8',
        body: '<html><body><p>Hello <b>there</b>,</p><script>alert(1)</script><p>See <a href="https://example.com/x">this page</a>.</p><img src="cid:logo"></body></html>',
        signAs: 'bakery.test',
      }),
    );
    expect(log.state).toBe('new_ticket');
    const { description } = await ticketRow(log.ticketId!);
    expect(description).toBe('Hello there,\n\nSee this page [https://example.com/x].');
  });

  it('cuts the quoted history and signature, and the admin can still read the original', async () => {
    const { ticket, row } = await portalTicket(amelie, 'Quotes');
    const log = await receive(
      await build({
        from: 'amelie@bakery.test',
        to: `support+t_${row.replyToken}@studio.test`,
        body: [
          'Yes, go ahead.',
          '',
          '-- ',
          'Amélie, Bakery',
          '',
          'On Tue, Nov 24, 2026 at 10:00 AM Coast & Code <support@studio.test> wrote:',
          '> Shall we publish the menu?',
        ].join('\n'),
      }),
    );
    const [message] = (await messagesOf(ticket.id)).filter((m) => m.inboundMessageId === log.id);
    expect(message?.message).toBe('Yes, go ahead.');

    const { agent } = await signedInAdmin(t.app, t.database);
    const original = await agent.get(
      `/api/admin/tickets/${ticket.id}/messages/${message!.id}/original`,
    );
    const body = expectJson(original, OriginalEmailSchema);
    expect(body.from).toBe('amelie@bakery.test');
    expect(body.text).toContain('> Shall we publish the menu?');
    expect(body.text).toContain('Amélie, Bakery');
    // Only an admin reads it.
    const anonymous = await (
      await import('supertest')
    )
      .default(t.app)
      .get(`/api/admin/tickets/${ticket.id}/messages/${message!.id}/original`);
    expect(anonymous.status).toBe(401);
  });

  it('keeps a header injection in a subject on one line, in the ticket and in the answer', async () => {
    const injected = Buffer.from('Hi\r\nBcc: victim@example.com').toString('base64');
    const log = await receive(
      await build({
        from: 'beau@florist.test',
        subject: `=?UTF-8?B?${injected}?=`,
        signAs: 'florist.test',
      }),
    );
    expect(log.state).toBe('new_ticket');
    const ticket = await ticketRow(log.ticketId!);
    expect(ticket.subject).toBe('Hi Bcc: victim@example.com');
    const confirmation = mailTo(beau.email!).find((mail) =>
      mail.subject?.startsWith(`[#${ticket.number}]`),
    );
    expect(confirmation?.subject).toBe(`[#${ticket.number}] Hi Bcc: victim@example.com`);
    expect(header(confirmation!, 'bcc')).toBeUndefined();
    expect(mailTo('victim@example.com')).toEqual([]);
  });

  it('keeps the files it accepts, names the ones it refuses, and tells the client once', async () => {
    const png = pngImage().toString('base64');
    const html = HTML.toString('base64');
    const log = await receive(
      await build({
        from: 'dora@florist.test',
        subject: 'Logo',
        contentType: 'multipart/mixed; boundary="m1"',
        body: [
          '--m1',
          'Content-Type: text/plain',
          '',
          'Here is the logo.',
          '--m1',
          'Content-Type: image/png',
          'Content-Disposition: attachment; filename="logo.png"',
          'Content-Transfer-Encoding: base64',
          '',
          png,
          '--m1',
          'Content-Type: text/plain',
          'Content-Disposition: attachment; filename="../../page.html"',
          'Content-Transfer-Encoding: base64',
          '',
          html,
          '--m1--',
        ].join('\n'),
        signAs: 'florist.test',
      }),
    );
    expect(log.state).toBe('new_ticket');
    const refusal = {
      filename: 'page.html',
      reason: expect.stringMatching(/^HTML files are not accepted/),
    };
    expect(log.refusedFiles).toEqual([refusal]);
    expect(log.stateDetail).toContain('Files not kept: page.html (HTML files are not accepted');
    const kept = await t.database.db
      .select()
      .from(attachments)
      .where(eq(attachments.ticketId, log.ticketId!));
    expect(kept).toMatchObject([{ filename: 'logo.png', contentType: 'image/png' }]);
    // One automatic answer: the confirmation names the refused file.
    expect(mailTo(dora.email!)).toHaveLength(1);
    const confirmation = mailTo(dora.email!)[0]!;
    expect(confirmation.text).toContain('page.html: HTML files are not accepted');
    expect(confirmation.text).not.toContain('logo.png');
    expect(header(confirmation, 'auto-submitted')).toBe('auto-replied');

    // An answer on the ticket with a refused file: the one automatic answer names it.
    const ticket = await ticketRow(log.ticketId!);
    const answer = await receive(
      await build({
        from: 'dora@florist.test',
        to: `support+t_${ticket.replyToken}@studio.test`,
        subject: 'Another',
        contentType: 'multipart/mixed; boundary="m2"',
        body: [
          '--m2',
          'Content-Type: text/plain',
          '',
          'And the program.',
          '--m2',
          'Content-Type: application/octet-stream; name="setup.exe"',
          'Content-Transfer-Encoding: base64',
          '',
          EXE.toString('base64'),
          '--m2--',
        ].join('\n'),
      }),
    );
    expect(answer.state).toBe('added');
    expect(answer.refusedFiles).toEqual([
      { filename: 'setup.exe', reason: expect.stringContaining('not accepted') },
    ]);
    const told = mailTo(dora.email!)[1]!;
    expect(told.subject).toBe(`[#${ticket.number}] Files not kept: Logo`);
    expect(told.text).toContain('setup.exe:');
    expect(header(told, 'auto-submitted')).toBe('auto-replied');
    expect(told.replyTo?.value[0]?.address).toBe(`support+t_${ticket.replyToken}@studio.test`);
  });

  it('keeps a file whose name claims another type under its own type, and tells the client', async () => {
    const emma = await createClient(t.database, {
      email: 'emma@florist.test',
      emailVerified: true,
    });
    const pdfWithScript = Buffer.concat([PDF, Buffer.from('\r\n@echo off\r\nstart calc.exe\r\n')]);
    const part = (boundary: string, name: string, bytes: Buffer) => [
      `--${boundary}`,
      'Content-Type: application/octet-stream',
      `Content-Disposition: attachment; filename="${name}"`,
      'Content-Transfer-Encoding: base64',
      '',
      bytes.toString('base64'),
    ];
    const log = await receive(
      await build({
        from: 'emma@florist.test',
        subject: 'Statements',
        contentType: 'multipart/mixed; boundary="r1"',
        body: [
          '--r1',
          'Content-Type: text/plain',
          '',
          'My statements and a photo.',
          ...part('r1', 'statement.bat', pdfWithScript),
          ...part('r1', 'statement.hta', pdfWithScript),
          ...part('r1', 'photo', pngImage()),
          '--r1--',
        ].join('\n'),
        signAs: 'florist.test',
      }),
    );
    expect(log.state).toBe('new_ticket');
    expect(log.refusedFiles).toEqual([]);
    expect(log.stateDetail).toContain(
      'Files renamed: statement.bat kept as statement.pdf (its contents are a PDF document, not a .bat file), statement.hta kept as statement.pdf',
    );
    const kept = await t.database.db
      .select({ filename: attachments.filename, contentType: attachments.contentType })
      .from(attachments)
      .where(eq(attachments.ticketId, log.ticketId!));
    expect(kept).toEqual(
      expect.arrayContaining([
        { filename: 'statement.pdf', contentType: 'application/pdf' },
        { filename: 'statement.pdf', contentType: 'application/pdf' },
        { filename: 'photo.png', contentType: 'image/png' },
      ]),
    );
    expect(kept).toHaveLength(3);
    const [confirmation] = mailTo(emma.email!);
    expect(confirmation!.text).toContain(
      'statement.bat is now statement.pdf: its contents are a PDF document, not a .bat file',
    );
    expect(confirmation!.text).toContain('statement.hta is now statement.pdf');
    expect(confirmation!.text).toContain(
      'photo is now photo.png: its contents are a PNG image, and its name had no extension',
    );
    expect(confirmation!.text).not.toContain('were not kept');

    // An answer whose one file is only renamed is answered too, as a rename.
    const ticket = await ticketRow(log.ticketId!);
    const answer = await receive(
      await build({
        from: 'emma@florist.test',
        to: `support+t_${ticket.replyToken}@studio.test`,
        subject: 'One more',
        contentType: 'multipart/mixed; boundary="r2"',
        body: [
          '--r2',
          'Content-Type: text/plain',
          '',
          'And the invoice.',
          ...part('r2', 'invoice.exe', PDF),
          '--r2--',
        ].join('\n'),
      }),
    );
    expect(answer.state).toBe('added');
    expect(answer.stateDetail).toContain('Files renamed: invoice.exe kept as invoice.pdf');
    expect(answer.stateDetail).toContain('The client was told.');
    const told = mailTo(emma.email!)[1]!;
    expect(told.subject).toBe(`[#${ticket.number}] Files renamed: Statements`);
    expect(told.text).toContain('invoice.exe is now invoice.pdf: its contents are a PDF document');
    expect(header(told, 'auto-submitted')).toBe('auto-replied');
  });
});

describe('the inbound sweep', () => {
  it('processes a message left received by a crash', async () => {
    const raw = await build({
      from: 'amelie@bakery.test',
      subject: 'Left behind',
      signAs: 'bakery.test',
    });
    const { id } = await logOnly(raw, { via: 'imap' });
    // Not taken while young: the ingest's own processing may still be running.
    await t.services.inboundProcessor.sweep();
    expect((await inboundRow(id)).state).toBe('received');
    await t.database.db
      .update(inboundMessages)
      .set({ receivedAt: new Date(Date.now() - 5 * 60_000) })
      .where(eq(inboundMessages.id, id));
    expect(await t.services.inboundProcessor.sweep()).toBeGreaterThanOrEqual(1);
    expect((await inboundRow(id)).state).toBe('new_ticket');
  });
});

describe('the daily digest of held mail', () => {
  it('goes to the agency once a day, naming each held message, and not when none is held', async () => {
    const zone = t.config.billing.timezone;
    const on = (date: string, hour: number, minute = 0) =>
      new Date(startOfDayIn(date, zone).getTime() + (hour * 60 + minute) * 60_000);
    const releaseAllHeld = () =>
      t.database.db
        .update(inboundMessages)
        .set({ state: 'released' })
        .where(inArray(inboundMessages.state, [...HELD_INBOUND_STATES]));
    // Only this test's message is held.
    await releaseAllHeld();
    const held = await receive(
      await build({ from: 'Sam Stranger <sam@elsewhere.test>', subject: 'Quote for a shop' }),
    );
    expect(held.state).toBe('unknown_sender');
    const agency = (await t.services.settings.getPublic()).businessEmail;
    const digests = () => mailTo(agency).filter((mail) => mail.subject?.endsWith('for review'));
    const digest = t.services.inboundHeldDigest;

    expect(await digest.run(on('2031-03-04', 7, 59))).toMatchObject({ why: 'too early' });
    // Two processes at 8:00, then one restarted in the afternoon: one digest that day.
    const runs = await Promise.all([
      digest.run(on('2031-03-04', 8)),
      digest.run(on('2031-03-04', 8)),
    ]);
    expect(runs.filter((run) => run.sent)).toEqual([{ sent: true, day: '2031-03-04', held: 1 }]);
    expect(await digest.run(on('2031-03-04', 15))).toMatchObject({ why: 'already sent' });
    const [mail] = await pollUntil(digests, (found) => found.length > 0);
    expect(mail!.subject).toBe('1 support e-mail is held for review');
    expect(mail!.text).toContain(
      [
        'From: Sam Stranger <sam@elsewhere.test>',
        'Subject: Quote for a shop',
        `Received: ${displayDateTime(held.receivedAt, zone)}`,
        'Why held: No client has the verified address sam@elsewhere.test.',
        `Review: ${t.config.appUrl}/admin/support/inbound/${held.id}`,
      ].join('\n'),
    );
    expect(mail!.text).toContain(
      `Review held e-mail: ${t.config.appUrl}/admin/support/inbound?state=held`,
    );

    // The owner turns the digest off: nothing the next day.
    const { agent } = await signedInAdmin(t.app, t.database);
    const settings = (await agent.get('/api/admin/settings')).body as Record<string, unknown>;
    const off = await agent.put('/api/admin/settings').send({ ...settings, heldMailDigest: false });
    expect(off.status).toBe(200);
    expect(await digest.run(on('2031-03-05', 9))).toMatchObject({ why: 'off' });
    await agent.put('/api/admin/settings').send({ ...settings, heldMailDigest: true });
    // Nothing held: nothing sent.
    await releaseAllHeld();
    expect(await digest.run(on('2031-03-06', 9))).toMatchObject({ why: 'nothing held' });
    expect(digests()).toHaveLength(1);
  });
});
