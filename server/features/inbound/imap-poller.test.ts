import { ImapFlow } from 'imapflow';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dovecotAvailable, startDovecot, type Dovecot } from '@tests/support/dovecot';
import { startTcpProxy } from '@tests/support/tcp-proxy';
import { scratchRawMessages } from '@tests/support/raw-messages';
import { openTestDatabase } from '@tests/support/test-database';
import { loadConfig } from '../../config';
import type { DatabaseHandle } from '../../db/client';
import { INBOUND_IMAP_QUEUE, startJobs } from '../../jobs';
import { inboundMessages } from '../../db/schema';
import { createLogger } from '../../lib/logger';
import { createImapPoller } from './imap-poller';
import { createInboundRepository } from './inbound.repository';
import { createIngest, type Ingest } from './ingest';

if (!dovecotAvailable) {
  console.warn(
    'imap-poller.test.ts skipped: /usr/sbin/dovecot is missing (apt-get install dovecot-imapd)',
  );
}

const logger = createLogger('silent');

describe.skipIf(!dovecotAvailable)('polling an IMAP mailbox (Debian dovecot)', () => {
  let dovecot: Dovecot;
  let database: DatabaseHandle;
  let ingest: Ingest;
  const rawMessages = scratchRawMessages();

  beforeAll(async () => {
    dovecot = await startDovecot();
    database = await openTestDatabase();
    ingest = createIngest(
      createInboundRepository(database.db),
      rawMessages,
      { process: async () => undefined, release: () => Promise.reject(new Error('unused')) },
      () => undefined,
    );
  }, 60_000);
  afterAll(async () => {
    await database?.close();
    await dovecot?.stop();
    rawMessages.remove();
  });

  const mail = (id: string) =>
    [
      'From: Client <client@example.com>',
      'To: support@agency.test',
      `Subject: Message ${id}`,
      `Message-ID: <${id}@example.com>`,
      '',
      `Body of ${id}`,
      '',
    ].join('\r\n');

  /** A client of the mailbox as the mail provider's other users are (the test's own hands). */
  async function mailbox<T>(work: (client: ImapFlow) => Promise<T>): Promise<T> {
    const client = new ImapFlow({
      host: dovecot.host,
      port: dovecot.port,
      secure: false,
      auth: { user: dovecot.user, pass: dovecot.password },
      logger: false,
    });
    await client.connect();
    try {
      return await work(client);
    } finally {
      await client.logout();
    }
  }

  const append = (ids: string[], flags: string[] = []) =>
    mailbox(async (client) => {
      for (const id of ids) await client.append('INBOX', mail(id), flags);
    });

  /** Each message's flags, by Message-ID. */
  const flagsById = () =>
    mailbox(async (client) => {
      const lock = await client.getMailboxLock('INBOX');
      try {
        const found: Record<string, string[]> = {};
        for await (const message of client.fetch('1:*', { envelope: true, flags: true })) {
          found[message.envelope!.messageId!] = [...(message.flags ?? [])];
        }
        return found;
      } finally {
        lock.release();
      }
    });

  const stored = async (prefix: string) =>
    (await database.db.select().from(inboundMessages))
      .filter((row) => row.messageId.startsWith(`<${prefix}`))
      .map((row) => ({ messageId: row.messageId, via: row.via, deliveries: row.deliveries }))
      .sort((a, b) => a.messageId.localeCompare(b.messageId));

  const url = (port: number) =>
    `imap://${encodeURIComponent(dovecot.user)}:${dovecot.password}@127.0.0.1:${port}/INBOX`;

  it('stores every unseen message raw, then flags it seen; a second poll takes nothing', async () => {
    await append(['a1', 'a2']);
    await append(['a0-read'], ['\\Seen']);
    const poll = createImapPoller({ url: url(dovecot.port), ingest, logger });

    expect(await poll()).toEqual({ stored: 2, duplicates: 0 });
    expect(await stored('a')).toEqual([
      { messageId: '<a1@example.com>', via: 'imap', deliveries: 1 },
      { messageId: '<a2@example.com>', via: 'imap', deliveries: 1 },
    ]);
    const [row] = (await database.db.select().from(inboundMessages)).filter(
      (r) => r.messageId === '<a1@example.com>',
    );
    expect((await rawMessages.read(row!.rawKey!))?.toString('utf8')).toBe(mail('a1'));
    const flags = await flagsById();
    expect(flags['<a1@example.com>']).toContain('\\Seen');
    expect(flags['<a2@example.com>']).toContain('\\Seen');

    expect(await poll()).toEqual({ stored: 0, duplicates: 0 });
  });

  it('loses nothing and doubles nothing when the connection drops mid-fetch', async () => {
    await append(['b1', 'b2', 'b3', 'b4']);
    const proxy = await startTcpProxy({ host: dovecot.host, port: dovecot.port });
    try {
      let calls = 0;
      // The connection goes while the second message is being stored: it is stored, but the
      // mailbox never hears it was (not flagged); the third and fourth are not fetched.
      const cutting: Ingest = async (raw, envelope) => {
        calls += 1;
        if (calls === 2) await proxy.stop();
        return ingest(raw, envelope);
      };
      const interrupted = createImapPoller({ url: url(proxy.port), ingest: cutting, logger });
      await expect(interrupted()).rejects.toThrow();

      expect((await stored('b')).map((row) => row.messageId)).toEqual([
        '<b1@example.com>',
        '<b2@example.com>',
      ]);
      const between = await flagsById();
      expect(between['<b1@example.com>']).toContain('\\Seen');
      for (const id of ['b2', 'b3', 'b4']) {
        expect(between[`<${id}@example.com>`]).not.toContain('\\Seen');
      }

      await proxy.start();
      const poll = createImapPoller({ url: url(proxy.port), ingest, logger });
      expect(await poll()).toEqual({ stored: 2, duplicates: 1 });
      expect(await stored('b')).toEqual([
        { messageId: '<b1@example.com>', via: 'imap', deliveries: 1 },
        { messageId: '<b2@example.com>', via: 'imap', deliveries: 2 },
        { messageId: '<b3@example.com>', via: 'imap', deliveries: 1 },
        { messageId: '<b4@example.com>', via: 'imap', deliveries: 1 },
      ]);
      const after = await flagsById();
      for (const id of ['b1', 'b2', 'b3', 'b4']) {
        expect(after[`<${id}@example.com>`]).toContain('\\Seen');
      }
    } finally {
      await proxy.stop().catch(() => undefined);
    }
  });

  it('is polled by one job of the job runner, at most one waiting and one running', async () => {
    await append(['c1']);
    const config = loadConfig({
      NODE_ENV: 'test',
      IMAP_URL: url(dovecot.port),
      IMAP_POLL_SECONDS: '5',
    });
    const jobs = await startJobs({
      database,
      config,
      logger,
      services: {
        billing: { runDaily: () => Promise.reject(new Error('not billing in this test')) },
        pollInboundMailbox: createImapPoller({ url: config.inbound.imap!.url, ingest, logger }),
      },
    });
    try {
      // A hang guard, not a timing assertion: the first poll is queued at start.
      const deadline = Date.now() + 60_000;
      while ((await stored('c1')).length === 0) {
        if (Date.now() > deadline) throw new Error('the job never polled the mailbox');
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(await stored('c1')).toEqual([
        { messageId: '<c1@example.com>', via: 'imap', deliveries: 1 },
      ]);
      const { rows } = await database.executeSql(
        'select policy from pgboss.queue where name = $1',
        [INBOUND_IMAP_QUEUE],
      );
      expect(rows).toEqual([{ policy: 'stately' }]);
    } finally {
      await jobs.stop();
    }
  }, 90_000);

  it('refuses a wrong password without storing anything', async () => {
    const poll = createImapPoller({
      url: `imap://${encodeURIComponent(dovecot.user)}:wrong@127.0.0.1:${dovecot.port}/INBOX`,
      ingest,
      logger,
    });
    await expect(poll()).rejects.toThrow();
  });
});
