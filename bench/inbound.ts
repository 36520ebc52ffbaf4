/**
 * npm run bench:inbound: 1,000 e-mails over SMTP into the built server (one in ten with a
 * 2 MB attachment), 4 senders at a time, each on its own connection as a sending mail server
 * would. Measures messages per second, the time from the end of DATA (the final "." written)
 * to the server's 250 (the message stored) and, once a processor is wired, to the message
 * processed (its state no longer `received`), the server's peak RSS, and that every message is
 * in the inbound log exactly once. On PostgreSQL (BENCH_DATABASE_URL, else a local server on
 * 127.0.0.1:5432 when it answers), else on the embedded PGlite, and says which.
 */
import { execFileSync, spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import MailComposer from 'nodemailer/lib/mail-composer';
import pg from 'pg';
import { smtpTalk } from '@tests/support/smtp-talk';
import { freePort } from '@tests/support/server-process';
import { createScratchDatabase } from '@tests/support/test-database';
import { writePerformanceSection } from './report';

const root = path.resolve(import.meta.dirname, '..');
const MESSAGES = Number(process.env.BENCH_INBOUND_MESSAGES ?? 1000);
const SENDERS = 4;
const ATTACHMENT_EVERY = 10;
const ATTACHMENT_BYTES = 2 * 1024 * 1024;
const SUPPORT = 'support@bench.test';
const ADMIN = { email: 'bench@bench.test', password: 'bench-admin-password' };
const P95_TARGET_MS = 2000;
const RSS_TARGET_MB = 512;

function localPostgres(): string | undefined {
  if (process.env.BENCH_DATABASE_URL) return process.env.BENCH_DATABASE_URL;
  try {
    execFileSync('pg_isready', ['-h', '127.0.0.1', '-p', '5432', '-q']);
    return 'postgres://postgres@127.0.0.1:5432/test';
  } catch {
    return undefined;
  }
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
};

const peakRssMb = (pid: number) => {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmHWM:\s+(\d+) kB/.exec(status)?.[1] ?? 0) / 1024;
};

/** The n-th message as a mail program writes it (nodemailer's composer), dot-stuffed. */
async function compose(n: number, attachment: Buffer): Promise<{ id: string; data: Buffer }> {
  const id = `<bench-${n}-${crypto.randomBytes(4).toString('hex')}@sender.test>`;
  const raw = await new MailComposer({
    from: `Client ${n % 50} <client${n % 50}@sender.test>`,
    to: SUPPORT,
    subject: `Benchmark message ${n}`,
    messageId: id,
    text: `Hello,\n\nthis is message ${n} of the benchmark.\n\nRegards`,
    attachments:
      n % ATTACHMENT_EVERY === 0
        ? [{ filename: 'site-copy.pdf', content: attachment, contentType: 'application/pdf' }]
        : [],
  })
    .compile()
    .build();
  const stuffed = raw.toString('latin1').replace(/(^|\r\n)\./g, '$1..');
  return { id, data: Buffer.from(`${stuffed}${stuffed.endsWith('\r\n') ? '' : '\r\n'}`, 'latin1') };
}

async function main() {
  const serverUrl = localPostgres();
  const scratch = serverUrl ? await createScratchDatabase(serverUrl, 'bench_inbound') : undefined;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-inbound-'));
  const port = await freePort();
  const smtpPort = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const logFile = path.join(dataDir, 'server.log');
  const logFd = fs.openSync(logFile, 'w');
  const server = spawn(process.execPath, ['dist/server/index.js'], {
    cwd: root,
    stdio: ['ignore', logFd, logFd],
    env: {
      ...process.env,
      ...(scratch ? { DATABASE_URL: scratch.url } : {}),
      PORT: String(port),
      HOST: '127.0.0.1',
      APP_URL: url,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      SUPPORT_EMAIL: SUPPORT,
      INBOUND_SMTP_PORT: String(smtpPort),
      INBOUND_SMTP_HOST: '127.0.0.1',
    },
  });
  try {
    for (let tries = 0; ; tries++) {
      const up = await fetch(`${url}/api/health`).then(
        (res) => res.ok,
        () => false,
      );
      if (up) break;
      if (tries > 600 || server.exitCode !== null) {
        throw new Error(`the server did not start:\n${fs.readFileSync(logFile, 'utf8')}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }

    const attachment = crypto.randomBytes(ATTACHMENT_BYTES);
    const ends = new Map<string, number>();
    const storedMs: number[] = [];
    const refused: string[] = [];
    let next = 0;
    let bytesSent = 0;
    const started = performance.now();
    const sender = async () => {
      const smtp = await smtpTalk(smtpPort);
      await smtp.send('EHLO sender.test');
      for (;;) {
        const n = next++;
        if (n >= MESSAGES) break;
        const { id, data } = await compose(n, attachment);
        const mail = await smtp.send(`MAIL FROM:<client${n % 50}@sender.test> SIZE=${data.length}`);
        const rcpt = await smtp.send(`RCPT TO:<${SUPPORT}>`);
        const go = await smtp.send('DATA');
        if (!mail.startsWith('250') || !rcpt.startsWith('250') || !go.startsWith('354')) {
          refused.push(`${id}: ${mail} / ${rcpt} / ${go}`);
          await smtp.send('RSET');
          continue;
        }
        smtp.write(data);
        const reply = smtp.nextReply();
        // The end of DATA: the final "." handed to the socket.
        const end = performance.now();
        smtp.write('.\r\n');
        const answer = await reply;
        const took = performance.now() - end;
        bytesSent += data.length;
        if (answer.startsWith('250')) {
          storedMs.push(took);
          ends.set(id, Date.now() - took);
        } else {
          refused.push(`${id}: ${answer}`);
        }
      }
      await smtp.quit();
    };
    await Promise.all(Array.from({ length: SENDERS }, sender));
    const seconds = (performance.now() - started) / 1000;

    // Processing: each message's state leaves `received` once a processor is wired.
    const processedMs: number[] = [];
    let accounted: { total: number; once: number; states: Record<string, number> };
    if (scratch) {
      const db = new pg.Client({ connectionString: scratch.url });
      await db.connect();
      try {
        const deadline = Date.now() + 60_000;
        let rows: Array<{
          message_id: string;
          state: string;
          deliveries: number;
          done: Date | null;
        }> = [];
        for (;;) {
          ({ rows } = await db.query(
            `select message_id, state, deliveries, processed_at as done from inbound_messages
             where message_id like '<bench-%'`,
          ));
          const waiting = rows.filter((row) => row.state === 'received').length;
          // With the stand-in processor nothing leaves `received`: no reason to wait.
          if (waiting === 0 || rows.every((row) => row.state === 'received')) break;
          if (Date.now() > deadline) break;
          await new Promise((resolve) => setTimeout(resolve, 200));
        }
        for (const row of rows) {
          const end = ends.get(row.message_id);
          if (row.state !== 'received' && row.done && end) {
            processedMs.push(row.done.getTime() - end);
          }
        }
        const states: Record<string, number> = {};
        for (const row of rows) states[row.state] = (states[row.state] ?? 0) + 1;
        accounted = {
          total: rows.length,
          once: rows.filter((row) => row.deliveries === 1).length,
          states,
        };
      } finally {
        await db.end();
      }
    } else {
      // PGlite lives in the server process: ask the admin API.
      const login = await fetch(`${url}/api/admin/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: url },
        body: JSON.stringify(ADMIN),
      });
      const cookie = login.headers
        .getSetCookie()
        .map((c) => c.split(';')[0])
        .join('; ');
      const page = (await (
        await fetch(`${url}/api/admin/inbound?pageSize=1`, { headers: { cookie } })
      ).json()) as { total: number };
      accounted = { total: page.total, once: Number.NaN, states: {} };
    }
    const rss = peakRssMb(server.pid!);

    const p95Stored = percentile(storedMs, 95);
    const p95Processed = processedMs.length ? percentile(processedMs, 95) : null;
    const summary = {
      date: new Date().toISOString().slice(0, 10),
      database: scratch ? 'PostgreSQL' : 'PGlite (embedded; no PostgreSQL found)',
      processor: processedMs.length ? 'wired' : 'stand-in (messages stay received)',
      messages: MESSAGES,
      withAttachment: Math.floor((MESSAGES - 1) / ATTACHMENT_EVERY) + 1,
      senders: SENDERS,
      megabytesSent: Math.round(bytesSent / (1024 * 1024)),
      seconds: Number(seconds.toFixed(1)),
      messagesPerSecond: Number((storedMs.length / seconds).toFixed(1)),
      p50StoredMs: Math.round(percentile(storedMs, 50)),
      p95StoredMs: Math.round(p95Stored),
      p95ProcessedMs: p95Processed === null ? null : Math.round(p95Processed),
      peakRssMb: Math.round(rss),
      refused: refused.length,
      inLog: accounted.total,
      inLogOnce: accounted.once,
      states: accounted.states,
    };
    console.log(JSON.stringify(summary, null, 2));
    if (refused.length) console.error(refused.slice(0, 10).join('\n'));
    const allAccounted =
      accounted.total === MESSAGES && (Number.isNaN(accounted.once) || accounted.once === MESSAGES);

    fs.mkdirSync(path.join(root, 'bench/results'), { recursive: true });
    fs.writeFileSync(
      path.join(root, 'bench/results/inbound.json'),
      `${JSON.stringify(summary, null, 2)}\n`,
    );
    const yes = (ok: boolean) => (ok ? 'yes' : '**no**');
    const latency =
      p95Processed === null
        ? `| p95, end of DATA to stored (250 sent) | ${summary.p95StoredMs} ms | <= ${P95_TARGET_MS} ms | ${yes(p95Stored <= P95_TARGET_MS)} |
| p95, end of DATA to processed | not measured: the processor is a stand-in | <= ${P95_TARGET_MS} ms | - |`
        : `| p95, end of DATA to stored (250 sent) | ${summary.p95StoredMs} ms | - | - |
| p95, end of DATA to processed (on its ticket) | ${summary.p95ProcessedMs} ms | <= ${P95_TARGET_MS} ms | ${yes(p95Processed <= P95_TARGET_MS)} |`;
    writePerformanceSection(
      'inbound',
      `<!-- bench:inbound -->
## Inbound e-mail over SMTP (\`npm run bench:inbound\`)

Last run ${summary.date} on ${os.cpus().length} cores: the built server on ${summary.database}, ${MESSAGES} messages (one in ${ATTACHMENT_EVERY} with a 2 MB attachment, ${summary.megabytesSent} MB in all) sent by ${SENDERS} senders at a time, each on its own SMTP connection; processor: ${summary.processor}. Raw figures: [bench/results/inbound.json](../bench/results/inbound.json).

| figure | result | target | met |
| --- | --- | --- | --- |
| Messages per second | ${summary.messagesPerSecond} | - | - |
${latency}
| Server peak RSS | ${summary.peakRssMb} MB | <= ${RSS_TARGET_MB} MB | ${yes(rss <= RSS_TARGET_MB)} |
| Messages in the inbound log, each once | ${summary.inLog} of ${MESSAGES} | all | ${yes(allAccounted)} |

The time is taken from the final "." of DATA written to the socket to the server's answer,
which it sends only once the raw message is stored in the database. Until the inbound
processor is wired (parsing, threading, sender checks), messages stay \`received\`: run it
again after, for the time to the message on its ticket.
<!-- /bench:inbound -->`,
    );
    if (!allAccounted) {
      throw new Error(`messages missing from the inbound log: ${JSON.stringify(accounted)}`);
    }
  } finally {
    if (server.exitCode === null) {
      server.kill('SIGTERM');
      await new Promise((resolve) => server.once('exit', resolve));
    }
    fs.closeSync(logFd);
    fs.rmSync(dataDir, { recursive: true, force: true });
    await scratch?.drop();
  }
}

await main();
