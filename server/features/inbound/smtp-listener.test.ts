import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pollUntil } from '@tests/support/poll';
import { scratchRawMessages } from '@tests/support/raw-messages';
import { smtpTalk } from '@tests/support/smtp-talk';
import { startTestApp, type TestApp } from '@tests/support/test-app';
import { openTestDatabase } from '@tests/support/test-database';
import { inboundMessages } from '../../db/schema';
import { createLogger } from '../../lib/logger';
import { createInboundRepository } from './inbound.repository';
import { createIngest } from './ingest';
import { createSmtpListener, type SmtpListener } from './smtp-listener';

const logger = createLogger('silent');
const MAX_BYTES = 64 * 1024;
/** Limits no test here reaches but the ones that are about them. */
const ROOMY = { maxClients: 100, perAddressPerMinute: { connections: 1000, messages: 1000 } };

let t: TestApp;
let listener: SmtpListener;
let port: number;

async function setBusinessEmail(businessEmail: string) {
  const business = await t.services.settings.getBusiness();
  await t.services.repositories.settings.save({ ...business, businessEmail });
}

beforeAll(async () => {
  t = await startTestApp();
  await setBusinessEmail('Help@Agency.test');
  listener = createSmtpListener({
    port: 0,
    host: '127.0.0.1',
    maxBytes: MAX_BYTES,
    ...ROOMY,
    acceptsRecipient: (address) => t.services.inbound.acceptsRecipient(address),
    ingest: t.services.inbound.ingest,
    logger,
  });
  port = await listener.listen();
});
afterAll(async () => {
  await listener?.close();
  await t?.close();
});

const message = (id: string, body = 'Hello, the logo is attached.') =>
  [
    'From: Client <client@example.com>',
    'To: help@agency.test',
    'Subject: New logo',
    `Message-ID: <${id}@example.com>`,
    '',
    body,
    '',
  ].join('\r\n');

async function rowOf(id: string) {
  const [row] = await t.database.db
    .select()
    .from(inboundMessages)
    .where(eq(inboundMessages.messageId, `<${id}@example.com>`));
  return row;
}

describe('the SMTP listener', () => {
  it('stores a message for the support address raw, with its envelope, and answers 250', async () => {
    const smtp = await smtpTalk(port);
    expect(await smtp.send('EHLO mail.example.com')).toMatch(/^250/);
    expect(await smtp.send('MAIL FROM:<bounce@example.com>')).toMatch(/^250/);
    expect(await smtp.send('RCPT TO:<help@agency.test>')).toMatch(/^250/);
    expect(await smtp.send('RCPT TO:<HELP+t_abc123@agency.test>')).toMatch(/^250/);
    expect(await smtp.send('DATA')).toMatch(/^354/);
    const raw = message('plain');
    const stored = await smtp.send(`${raw}.`);
    expect(stored).toMatch(/^250 2\.0\.0 Stored as [0-9a-f-]{36}$/);
    await smtp.quit();

    const row = await rowOf('plain');
    expect(row).toMatchObject({
      via: 'smtp',
      envelopeFrom: 'bounce@example.com',
      envelopeTo: ['help@agency.test', 'help+t_abc123@agency.test'],
      deliveries: 1,
    });
    const { raw: kept } = await t.services.inbound.raw(row!.id);
    expect(Buffer.concat(await kept.toArray()).toString('utf8')).toBe(raw);
    expect(stored).toContain(row!.id);
  });

  it('refuses every other recipient at RCPT with 550 5.1.1: no open relay', async () => {
    const smtp = await smtpTalk(port);
    await smtp.send('EHLO mail.example.com');
    await smtp.send('MAIL FROM:<spammer@example.com>');
    for (const rcpt of [
      'someone@gmail.com',
      'help@agency.test.evil.com',
      'helpdesk@agency.test',
      'other@agency.test',
      'help@sub.agency.test',
    ]) {
      expect(await smtp.send(`RCPT TO:<${rcpt}>`)).toMatch(/^550 5\.1\.1 /);
    }
    expect(await smtp.send('DATA')).toMatch(/^503/);
    await smtp.quit();
  });

  it('reads the support address when the RCPT comes, so a change in Settings applies', async () => {
    await setBusinessEmail('desk@agency.test');
    try {
      const smtp = await smtpTalk(port);
      await smtp.send('EHLO mail.example.com');
      await smtp.send('MAIL FROM:<client@example.com>');
      expect(await smtp.send('RCPT TO:<help@agency.test>')).toMatch(/^550/);
      expect(await smtp.send('RCPT TO:<desk+x@agency.test>')).toMatch(/^250/);
      await smtp.quit();
    } finally {
      await setBusinessEmail('Help@Agency.test');
    }
  });

  it('refuses a message over the limit with 552, announced (SIZE) or counted, and keeps none', async () => {
    const smtp = await smtpTalk(port);
    expect(await smtp.send('EHLO mail.example.com')).toContain(`SIZE ${MAX_BYTES}`);
    expect(await smtp.send(`MAIL FROM:<client@example.com> SIZE=${MAX_BYTES + 1}`)).toMatch(/^552/);
    expect(await smtp.send('MAIL FROM:<client@example.com>')).toMatch(/^250/);
    await smtp.send('RCPT TO:<help@agency.test>');
    await smtp.send('DATA');
    const big = message('too-big', 'x'.repeat(76).concat('\r\n').repeat(1000));
    expect(big.length).toBeGreaterThan(MAX_BYTES);
    expect(await smtp.send(`${big}.`)).toMatch(/^552/);
    await smtp.quit();
    expect(await rowOf('too-big')).toBeUndefined();
  });

  it('hides STARTTLS without a certificate', async () => {
    const smtp = await smtpTalk(port);
    const ehlo = await smtp.send('EHLO mail.example.com');
    expect(ehlo).not.toContain('STARTTLS');
    expect(ehlo).not.toContain('AUTH');
    expect(await smtp.send('STARTTLS')).toMatch(/^5\d\d/);
    await smtp.quit();
  });

  it('takes a message sent by a mail library, the same message twice stored once', async () => {
    const transport = nodemailer.createTransport({ host: '127.0.0.1', port, secure: false });
    const mail = {
      from: 'client@example.com',
      to: 'help@agency.test',
      subject: 'Twice',
      text: 'Sent twice',
      messageId: '<twice@example.com>',
    };
    await transport.sendMail(mail);
    await transport.sendMail(mail);
    transport.close();
    const row = await rowOf('twice');
    expect(row!.deliveries).toBe(2);
  });
});

describe('the limits every MTA has', () => {
  /** A listener of its own with these limits, closed after `use`. */
  async function withListener(
    limits: Partial<typeof ROOMY & { trustedRelays: string[] }>,
    use: (port: number) => Promise<void>,
  ): Promise<void> {
    const limited = createSmtpListener({
      port: 0,
      host: '127.0.0.1',
      maxBytes: MAX_BYTES,
      ...ROOMY,
      ...limits,
      acceptsRecipient: (address) => t.services.inbound.acceptsRecipient(address),
      ingest: t.services.inbound.ingest,
      logger,
    });
    try {
      await use(await limited.listen());
    } finally {
      await limited.close();
    }
  }

  it('takes at most 100 recipients for one message: 452 4.5.3 past them', async () => {
    const smtp = await smtpTalk(port);
    await smtp.send('EHLO mail.example.com');
    await smtp.send('MAIL FROM:<client@example.com>');
    for (let n = 0; n < 100; n++) {
      expect(await smtp.send(`RCPT TO:<help+${n}@agency.test>`)).toMatch(/^250/);
    }
    expect(await smtp.send('RCPT TO:<help+100@agency.test>')).toMatch(/^452 4\.5\.3 /);
    expect(await smtp.send('DATA')).toMatch(/^354/);
    expect(await smtp.send(`${message('hundred')}.`)).toMatch(/^250/);
    await smtp.quit();
    expect((await rowOf('hundred'))!.envelopeTo).toHaveLength(100);
  });

  it('answers 421 to a connection past the ones served at once', async () => {
    await withListener({ maxClients: 2 }, async (limitedPort) => {
      const first = await smtpTalk(limitedPort);
      const second = await smtpTalk(limitedPort);
      const third = await smtpTalk(limitedPort);
      expect(first.greeting).toMatch(/^220 /);
      expect(second.greeting).toMatch(/^220 /);
      expect(third.greeting).toMatch(/^421 /);
      await Promise.all([first.quit(), second.quit(), third.quit()]);
    });
  });

  it('answers 421 to an address past its connections of the minute', async () => {
    await withListener(
      { perAddressPerMinute: { connections: 2, messages: 1000 } },
      async (limitedPort) => {
        for (const expected of [/^220 /, /^220 /, /^421 4\.7\.0 /]) {
          const smtp = await smtpTalk(limitedPort);
          expect(smtp.greeting).toMatch(expected);
          await smtp.quit();
        }
      },
    );
  });

  it('answers 450 to an address past its messages of the minute, at its first recipient', async () => {
    await withListener(
      { perAddressPerMinute: { connections: 1000, messages: 2 } },
      async (limitedPort) => {
        const smtp = await smtpTalk(limitedPort);
        await smtp.send('EHLO mail.example.com');
        for (const id of ['minute-1', 'minute-2']) {
          expect(await smtp.send('MAIL FROM:<client@example.com>')).toMatch(/^250/);
          await smtp.send('RCPT TO:<help@agency.test>');
          await smtp.send('DATA');
          expect(await smtp.send(`${message(id)}.`)).toMatch(/^250/);
        }
        expect(await smtp.send('MAIL FROM:<client@example.com>')).toMatch(/^250/);
        expect(await smtp.send('RCPT TO:<help@agency.test>')).toMatch(/^450 4\.7\.1 /);
        expect(await smtp.send('DATA')).toMatch(/^503/);
        await smtp.quit();
        expect(await rowOf('minute-2')).toBeDefined();
      },
    );
  });

  it('counts only messages for the support address: refused recipients use up nothing', async () => {
    await withListener(
      { perAddressPerMinute: { connections: 1000, messages: 2 } },
      async (limitedPort) => {
        const smtp = await smtpTalk(limitedPort);
        await smtp.send('EHLO relay.example.net');
        for (let n = 0; n < 5; n++) {
          expect(await smtp.send('MAIL FROM:<someone@example.net>')).toMatch(/^250/);
          expect(await smtp.send('RCPT TO:<other@agency.test>')).toMatch(/^550/);
          expect(await smtp.send('RSET')).toMatch(/^250/);
        }
        expect(await smtp.send('MAIL FROM:<client@example.com>')).toMatch(/^250/);
        expect(await smtp.send('RCPT TO:<help@agency.test>')).toMatch(/^250/);
        await smtp.send('DATA');
        expect(await smtp.send(`${message('after-refusals')}.`)).toMatch(/^250/);
        await smtp.quit();
      },
    );
  });

  it('does not limit a trusted relay (INBOUND_SMTP_TRUSTED_RELAYS)', async () => {
    await withListener(
      {
        perAddressPerMinute: { connections: 1, messages: 1 },
        trustedRelays: ['10.0.0.0/8', '127.0.0.1'],
      },
      async (limitedPort) => {
        for (const id of ['relayed-1', 'relayed-2', 'relayed-3']) {
          const smtp = await smtpTalk(limitedPort);
          expect(smtp.greeting).toMatch(/^220 /);
          await smtp.send('EHLO relay.example.net');
          for (const n of [1, 2]) {
            expect(await smtp.send('MAIL FROM:<client@example.com>')).toMatch(/^250/);
            expect(await smtp.send('RCPT TO:<help@agency.test>')).toMatch(/^250/);
            await smtp.send('DATA');
            expect(await smtp.send(`${message(`${id}-${n}`)}.`)).toMatch(/^250/);
          }
          await smtp.quit();
        }
      },
    );
  });
});

describe('the SMTP listener with a certificate', () => {
  it('offers STARTTLS and takes mail over it', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'inbound-tls-'));
    const keyFile = path.join(dir, 'key.pem');
    const certFile = path.join(dir, 'cert.pem');
    execFileSync('openssl', [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-keyout',
      keyFile,
      '-out',
      certFile,
      '-days',
      '1',
      '-subj',
      '/CN=localhost',
    ]);
    const tlsListener = createSmtpListener({
      port: 0,
      host: '127.0.0.1',
      maxBytes: MAX_BYTES,
      ...ROOMY,
      tls: { certFile, keyFile },
      acceptsRecipient: (address) => t.services.inbound.acceptsRecipient(address),
      ingest: t.services.inbound.ingest,
      logger,
    });
    const tlsPort = await tlsListener.listen();
    try {
      const smtp = await smtpTalk(tlsPort);
      expect(await smtp.send('EHLO mail.example.com')).toContain('STARTTLS');
      await smtp.quit();
      const transport = nodemailer.createTransport({
        host: '127.0.0.1',
        port: tlsPort,
        secure: false,
        requireTLS: true,
        tls: { rejectUnauthorized: false },
      });
      await transport.sendMail({
        from: 'client@example.com',
        to: 'help@agency.test',
        subject: 'Over TLS',
        text: 'Private',
        messageId: '<over-tls@example.com>',
      });
      transport.close();
      expect(await rowOf('over-tls')).toMatchObject({ via: 'smtp' });
    } finally {
      await tlsListener.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('the SMTP listener without its database', () => {
  it('answers 451 4.3.0, never 250, so the sender keeps the message and retries', async () => {
    const database = await openTestDatabase();
    const rawMessages = scratchRawMessages();
    const ingest = createIngest(
      createInboundRepository(database.db),
      rawMessages,
      { process: async () => undefined, release: () => Promise.reject(new Error('unused')) },
      () => undefined,
    );
    const down = createSmtpListener({
      port: 0,
      host: '127.0.0.1',
      maxBytes: MAX_BYTES,
      ...ROOMY,
      acceptsRecipient: async () => true,
      ingest,
      logger,
    });
    const downPort = await down.listen();
    await database.close();
    try {
      const smtp = await smtpTalk(downPort);
      await smtp.send('EHLO mail.example.com');
      await smtp.send('MAIL FROM:<client@example.com>');
      await smtp.send('RCPT TO:<help@agency.test>');
      await smtp.send('DATA');
      expect(await smtp.send(`${message('db-down')}.`)).toMatch(/^451 4\.3\.0 /);
      await smtp.quit();
    } finally {
      await down.close();
      rawMessages.remove();
    }
  });
});

describe('a sender who drops the connection in the middle of DATA', () => {
  it('leaves no message half-stored: every store settles, no spool file or descriptor stays', async () => {
    const rawMessages = scratchRawMessages();
    const ingest = createIngest(
      createInboundRepository(t.database.db),
      rawMessages,
      { process: async () => undefined, release: () => Promise.reject(new Error('unused')) },
      () => undefined,
    );
    const underWay = new Set<Promise<unknown>>();
    const dropping = createSmtpListener({
      port: 0,
      host: '127.0.0.1',
      maxBytes: MAX_BYTES,
      ...ROOMY,
      acceptsRecipient: async () => true,
      ingest: (...args) => {
        const stored = ingest(...args);
        const settled: Promise<unknown> = stored.then(
          () => underWay.delete(settled),
          () => underWay.delete(settled),
        );
        underWay.add(settled);
        return stored;
      },
      logger,
    });
    const droppingPort = await dropping.listen();
    const descriptors = () => fs.readdirSync('/proc/self/fd').length;
    const before = descriptors();
    try {
      for (let n = 0; n < 10; n++) {
        const smtp = await smtpTalk(droppingPort);
        await smtp.send('EHLO mail.example.com');
        await smtp.send('MAIL FROM:<client@example.com>');
        await smtp.send('RCPT TO:<help@agency.test>');
        // DATA and the start of the message in one write, then the connection is reset: the
        // server learns of the reset while it is still setting up the message's store.
        smtp.write(`DATA\r\n${message(`dropped-${n}`).slice(0, 60)}`);
        smtp.destroy();
      }
      await pollUntil(
        () => underWay.size,
        (size) => size === 0,
        3_000,
      );
      expect(fs.readdirSync(rawMessages.dir)).toEqual([]);
      await pollUntil(descriptors, (count) => count <= before, 3_000);
    } finally {
      await dropping.close();
      rawMessages.remove();
    }
  });
});
