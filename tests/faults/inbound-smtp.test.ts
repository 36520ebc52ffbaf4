import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseUrl } from '../../server/config';
import { useProcessDatabase } from '../support/process-fixture';
import {
  adminCookie,
  freePort,
  processDatabase,
  startServerProcess,
  type ProcessDatabase,
  type ServerProcess,
} from '../support/server-process';
import { smtpTalk } from '../support/smtp-talk';
import { startTcpProxy } from '../support/tcp-proxy';

/**
 * Inbound mail under faults, as a sending mail server meets them: the server killed while
 * messages stream in, and the database gone. The sender keeps a message until it hears 250
 * and tries again otherwise (what every MTA does); every message ends up in the inbound log
 * exactly once.
 */
const SUPPORT = 'support@faults.test';

/** A message of about `kb` kB, so a kill lands while some are still streaming. */
const message = (id: string, kb = 200) =>
  [
    'From: Client <client@example.com>',
    `To: ${SUPPORT}`,
    `Subject: Fault message ${id}`,
    `Message-ID: <${id}@faults.test>`,
    '',
    ...Array.from({ length: kb * 13 }, (_, n) => `line ${n} of ${id} `.padEnd(76, 'x')),
    '',
  ].join('\r\n');

/** One delivery attempt: the final reply to the message, or throws when the connection fails. */
async function deliver(port: number, id: string, kb?: number): Promise<string> {
  const smtp = await smtpTalk(port);
  try {
    await smtp.send('EHLO sender.example.com');
    const from = await smtp.send('MAIL FROM:<client@example.com>');
    if (!from.startsWith('250')) return from;
    const rcpt = await smtp.send(`RCPT TO:<${SUPPORT}>`);
    if (!rcpt.startsWith('250')) return rcpt;
    const data = await smtp.send('DATA');
    if (!data.startsWith('354')) return data;
    return await smtp.send(`${message(id, kb)}.`);
  } finally {
    smtp.destroy();
  }
}

/** The inbound log's Message-IDs and deliveries, through the admin API. */
async function inboundLog(server: ServerProcess) {
  const cookie = await adminCookie(server.baseUrl);
  const res = await fetch(`${server.baseUrl}/api/admin/inbound?pageSize=100`, {
    headers: { cookie },
  });
  const page = (await res.json()) as {
    total: number;
    items: Array<{ messageId: string; deliveries: number }>;
  };
  return page;
}

describe('the server killed while mail streams in', () => {
  const t = useProcessDatabase();

  it('stores every message exactly once once the sender has retried', async () => {
    const smtpPort = await freePort();
    const env = {
      ...t.database.env,
      INBOUND_SMTP_PORT: String(smtpPort),
      SUPPORT_EMAIL: SUPPORT,
      // The four senders and their retries all come from this machine.
      INBOUND_SMTP_MESSAGES_PER_MINUTE: '1000',
      INBOUND_SMTP_CONNECTIONS_PER_MINUTE: '1000',
    };
    t.server = await startServerProcess(env);
    const ids = Array.from({ length: 24 }, (_, n) => `kill-${n}`);
    const pending = [...ids];
    const acknowledged = new Set<string>();
    let cutMidStream = 0;
    let killed = false;
    let restarted!: () => void;
    const back = new Promise<void>((resolve) => (restarted = resolve));
    let enough!: () => void;
    const killTime = new Promise<void>((resolve) => (enough = resolve));

    // Four senders, each taking the next message and keeping it until it hears 250.
    const senders = Array.from({ length: 4 }, async () => {
      for (;;) {
        const id = pending.shift();
        if (!id) return;
        for (;;) {
          try {
            const reply = await deliver(smtpPort, id);
            if (reply.startsWith('250')) {
              acknowledged.add(id);
              if (acknowledged.size === 4) enough();
              break;
            }
            throw new Error(`unexpected reply to ${id}: ${reply}`);
          } catch (error) {
            if (error instanceof Error && error.message.startsWith('unexpected')) throw error;
            if (!killed) throw error;
            const code = (error as { code?: string }).code;
            if (code !== 'ECONNREFUSED') cutMidStream += 1;
            // The server is away: wait until it is back, then try the same message again.
            await back;
          }
        }
      }
    });

    await killTime;
    killed = true;
    await t.server.kill('SIGKILL');
    t.server = await startServerProcess(env);
    restarted();
    await Promise.all(senders);

    expect(cutMidStream).toBeGreaterThan(0);
    expect([...acknowledged].sort()).toEqual([...ids].sort());
    const log = await inboundLog(t.server);
    expect(log.total).toBe(ids.length);
    expect(log.items.map((item) => item.messageId).sort()).toEqual(
      ids.map((id) => `<${id}@faults.test>`).sort(),
    );
  }, 180_000);
});

describe('SIGTERM while a message streams in', () => {
  const t = useProcessDatabase();

  it('lets the message under way finish (250, stored), then exits 0', async () => {
    const smtpPort = await freePort();
    const env = { ...t.database.env, INBOUND_SMTP_PORT: String(smtpPort), SUPPORT_EMAIL: SUPPORT };
    const server = (t.server = await startServerProcess(env));
    const smtp = await smtpTalk(smtpPort);
    await smtp.send('EHLO sender.example.com');
    await smtp.send('MAIL FROM:<client@example.com>');
    await smtp.send(`RCPT TO:<${SUPPORT}>`);
    expect(await smtp.send('DATA')).toMatch(/^354/);
    const body = message('sigterm', 64);
    smtp.write(body.slice(0, body.length / 2));

    server.child.kill('SIGTERM');
    // Shutting down: the listener takes no new connection (refused) ...
    for (;;) {
      const refused = await smtpTalk(smtpPort).then(
        async (other) => {
          other.destroy();
          return false;
        },
        () => true,
      );
      if (refused) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    // ... but the message under way is taken whole, then the process ends cleanly.
    smtp.write(body.slice(body.length / 2));
    expect(await smtp.send('.')).toMatch(/^250 /);
    await smtp.quit();
    expect(await server.exited).toBe(0);

    t.server = await startServerProcess(env);
    const log = await inboundLog(t.server);
    expect(log.items.map((item) => item.messageId)).toEqual(['<sigterm@faults.test>']);
  }, 120_000);
});

/**
 * PostgreSQL stopped under a running server (a proxy in front of it cut): the listener answers
 * a temporary 4xx, never 250, so the sender keeps the message; once the database is back the
 * retry is stored. (PGlite's closed-database case is in smtp-listener.test.ts.)
 */
describe.skipIf(!testDatabaseUrl())('PostgreSQL stopped under the SMTP listener', () => {
  let database: ProcessDatabase;
  let proxy: Awaited<ReturnType<typeof startTcpProxy>>;
  let server: ServerProcess | undefined;

  beforeAll(async () => {
    database = await processDatabase();
    const url = new URL(database.url!);
    proxy = await startTcpProxy({ host: url.hostname, port: Number(url.port || 5432) });
  });
  afterAll(async () => {
    await server?.kill();
    await proxy?.stop().catch(() => undefined);
    await database?.drop();
  });

  it('answers 4xx while it is down and loses nothing', async () => {
    const url = new URL(database.url!);
    url.port = String(proxy.port);
    const smtpPort = await freePort();
    server = await startServerProcess({
      DATABASE_URL: url.href,
      INBOUND_SMTP_PORT: String(smtpPort),
      SUPPORT_EMAIL: SUPPORT,
    });
    expect(await deliver(smtpPort, 'before', 4)).toMatch(/^250/);

    await proxy.stop();
    const refused: string[] = [];
    for (const id of ['during-1', 'during-2']) {
      const reply = await deliver(smtpPort, id, 4);
      expect(reply).toMatch(/^4\d\d /);
      refused.push(id);
    }

    await proxy.start();
    // The sender's retries, until the pool has its connections back.
    for (const id of refused) {
      for (let attempt = 0; ; attempt++) {
        const reply = await deliver(smtpPort, id, 4);
        if (reply.startsWith('250')) break;
        expect(reply).toMatch(/^4\d\d /);
        if (attempt > 100) throw new Error(`${id} never stored: ${reply}`);
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    }
    const log = await inboundLog(server);
    expect(log.items.map((item) => item.messageId).sort()).toEqual([
      '<before@faults.test>',
      '<during-1@faults.test>',
      '<during-2@faults.test>',
    ]);
    expect(log.items.every((item) => item.deliveries === 1)).toBe(true);
  }, 120_000);
});
