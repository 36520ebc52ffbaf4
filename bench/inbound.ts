/**
 * npm run bench:inbound: 1,000 e-mails over SMTP into the built server (one in ten with a
 * 2 MB attachment), 4 senders at a time, each on its own connection as a sending mail server
 * would, from 50 clients whose verified addresses are at a domain that publishes SPF, DMARC
 * (p=reject) and a DKIM key on a DNS server on loopback (the tests' stand-in): every message
 * is DKIM-signed, passes DMARC and becomes a new ticket, or, one in five once each client has
 * written, a reply on the ticket of the client's earlier message (In-Reply-To/References).
 *
 * Measures, per message, the time from the end of DATA (the final "." written) to the server's
 * 250 (the message stored) and to the message on its ticket (its inbound log row settled as
 * `new_ticket`/`added` with its ticket, `processed_at`), messages per second, the server's peak
 * RSS, and that every message is in the inbound log exactly once and on the right ticket.
 * Needs PostgreSQL (BENCH_DATABASE_URL, else a local server on 127.0.0.1:5432): the figures are
 * read from the database, which the embedded PGlite keeps inside the server process.
 */
import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { dkimSign } from 'mailauth';
import MailComposer from 'nodemailer/lib/mail-composer';
import pg from 'pg';
import { openDatabase } from '../server/db/client';
import { BUILT_IN_ISSUER, users } from '../server/db/schema';
import { startDnsStandIn } from '@tests/support/dns-stand-in';
import { smtpTalk } from '@tests/support/smtp-talk';
import { freePort } from '@tests/support/server-process';
import { createScratchDatabase } from '@tests/support/test-database';
import { cpuWindow, localPostgres, peakRssMb, percentile } from './measure';
import { writePerformanceSection } from './report';

const root = path.resolve(import.meta.dirname, '..');
const MESSAGES = Number(process.env.BENCH_INBOUND_MESSAGES ?? 1000);
const SENDERS = 4;
const ATTACHMENT_EVERY = 10;
const ATTACHMENT_BYTES = 2 * 1024 * 1024;
/** Clients writing in, each with a verified address at the sender domain. */
const CLIENTS = 50;
const SENDER_DOMAIN = 'sender.test';
const SELECTOR = 'bench';
/** One message in five answers the same client's message sent CLIENTS messages before it. */
const REPLY_EVERY = 5;
const SUPPORT = 'support@bench.test';
const ADMIN = { email: 'bench@bench.test', password: 'bench-admin-password' };
const P95_TARGET_MS = 2000;
const RSS_TARGET_MB = 512;
/** How long to wait, after the last message was stored, for every message to be processed. */
const SETTLE_DEADLINE_MS = 120_000;

const clientAddress = (client: number) => `client${client}@${SENDER_DOMAIN}`;
const clientOf = (n: number) => n % CLIENTS;
/** The earlier message the n-th answers (the same client's), or null for a new request. */
const answers = (n: number) =>
  n % REPLY_EVERY === REPLY_EVERY - 1 && n >= CLIENTS ? n - CLIENTS : null;
const messageIdOf = (n: number, salt: string) => `<bench-${n}-${salt}@${SENDER_DOMAIN}>`;

interface Signer {
  privateKey: string;
}

/**
 * The n-th message as a mail program writes it (nodemailer's composer), DKIM-signed for the
 * sender domain as its outgoing server would, dot-stuffed for DATA.
 */
async function compose(
  n: number,
  salt: string,
  attachment: Buffer,
  signer: Signer,
): Promise<Buffer> {
  const earlier = answers(n);
  const inReplyTo = earlier === null ? undefined : messageIdOf(earlier, salt);
  const client = clientOf(n);
  const raw = await new MailComposer({
    from: `Client ${client} <${clientAddress(client)}>`,
    to: SUPPORT,
    subject:
      earlier === null
        ? `Benchmark message ${n}`
        : `Re: Benchmark message ${earlier} (answer ${n})`,
    messageId: messageIdOf(n, salt),
    ...(inReplyTo && { inReplyTo, references: [inReplyTo] }),
    text:
      earlier === null
        ? `Hello,\n\nthis is message ${n} of the benchmark.\n\nRegards`
        : `Thanks, one more thing (message ${n}).\n\nOn an earlier day Client ${client} wrote:\n> this is message ${earlier} of the benchmark.`,
    attachments:
      n % ATTACHMENT_EVERY === 0
        ? [{ filename: 'site-copy.pdf', content: attachment, contentType: 'application/pdf' }]
        : [],
  })
    .compile()
    .build();
  const { signatures, errors } = await dkimSign(raw, {
    signingDomain: SENDER_DOMAIN,
    selector: SELECTOR,
    privateKey: signer.privateKey,
    signatureData: [
      { signingDomain: SENDER_DOMAIN, selector: SELECTOR, privateKey: signer.privateKey },
    ],
  });
  if (errors.length > 0) throw new Error(`DKIM signing failed: ${errors.join('; ')}`);
  const signed = Buffer.concat([Buffer.from(signatures), raw]).toString('latin1');
  const stuffed = signed.replace(/(^|\r\n)\./g, '$1..');
  return Buffer.from(`${stuffed}${stuffed.endsWith('\r\n') ? '' : '\r\n'}`, 'latin1');
}

/** The clients, made as the built-in provider's sign-up leaves them: e-mail verified. */
async function createClients(url: string) {
  const database = await openDatabase({ url });
  try {
    await database.migrate();
    await database.db.insert(users).values(
      Array.from({ length: CLIENTS }, (_, client) => ({
        oidcIssuer: BUILT_IN_ISSUER,
        oidcSubject: crypto.randomUUID(),
        email: clientAddress(client),
        emailVerified: true,
        firstName: 'Client',
        lastName: String(client),
        businessName: `Business ${client}`,
      })),
    );
  } finally {
    await database.close();
  }
}

interface LogRow {
  id: string;
  message_id: string;
  state: string;
  deliveries: number;
  done: Date | null;
  ticket_id: string | null;
  /** The ticket was opened by this message, or the message is on the ticket it names. */
  on_ticket: boolean;
  dkim: string | null;
  spf: string | null;
  dmarc: string | null;
  refused: number;
}

async function main() {
  const serverUrl = localPostgres();
  if (!serverUrl) {
    throw new Error(
      'bench:inbound needs PostgreSQL: set BENCH_DATABASE_URL or run one on 127.0.0.1:5432',
    );
  }
  const scratch = await createScratchDatabase(serverUrl, 'bench_inbound');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-inbound-'));
  const { privateKey, publicKey } = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });
  const signer = { privateKey: privateKey.export({ type: 'pkcs1', format: 'pem' }).toString() };
  const dns = await startDnsStandIn({
    [SENDER_DOMAIN]: ['v=spf1 ip4:127.0.0.1 -all'],
    [`_dmarc.${SENDER_DOMAIN}`]: ['v=DMARC1; p=reject'],
    [`${SELECTOR}._domainkey.${SENDER_DOMAIN}`]: [
      `v=DKIM1; k=rsa; p=${publicKey.export({ type: 'spki', format: 'der' }).toString('base64')}`,
    ],
  });
  let server: ReturnType<typeof spawn> | undefined;
  let logFd: number | undefined;
  const db = new pg.Pool({ connectionString: scratch.url, max: 2 });
  try {
    await createClients(scratch.url);

    // The messages, composed and signed before the clock starts: the bench shares the cores.
    const salt = crypto.randomBytes(4).toString('hex');
    const attachment = Buffer.concat([
      // A PDF by its bytes (file-type), so the file is kept, not refused.
      Buffer.from('%PDF-1.4\n'),
      crypto.randomBytes(ATTACHMENT_BYTES - 9),
    ]);
    const messages: Buffer[] = [];
    for (let n = 0; n < MESSAGES; n++) messages.push(await compose(n, salt, attachment, signer));

    const port = await freePort();
    const smtpPort = await freePort();
    const url = `http://127.0.0.1:${port}`;
    const logFile = path.join(dataDir, 'server.log');
    logFd = fs.openSync(logFile, 'w');
    server = spawn(process.execPath, ['dist/server/index.js'], {
      cwd: root,
      stdio: ['ignore', logFd, logFd],
      env: {
        ...process.env,
        DATABASE_URL: scratch.url,
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
        // Every sender of the benchmark is this machine: no per-address minute may stop them.
        INBOUND_SMTP_CONNECTIONS_PER_MINUTE: '10000',
        INBOUND_SMTP_MESSAGES_PER_MINUTE: '10000',
        DNS_SERVERS: dns.server,
      },
    });
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

    /**
     * A reply is sent once the message it answers is on its ticket (as a client answers after
     * writing); the wait is before the message, outside the time measured.
     */
    let replyWaits = 0;
    const onTicket = async (messageId: string) => {
      const deadline = Date.now() + 60_000;
      for (let waited = false; ; waited = true) {
        const { rows } = await db.query(
          'select 1 from inbound_messages where message_id = $1 and ticket_id is not null',
          [messageId],
        );
        if (rows.length > 0 || Date.now() > deadline) {
          if (waited) replyWaits++;
          return;
        }
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    };

    const ends = new Map<string, number>();
    const storedMs: number[] = [];
    const refused: string[] = [];
    let next = 0;
    let bytesSent = 0;
    const cpu = cpuWindow(server.pid!);
    const started = performance.now();
    const sender = async () => {
      const smtp = await smtpTalk(smtpPort);
      await smtp.send(`EHLO mail.${SENDER_DOMAIN}`);
      for (;;) {
        const n = next++;
        if (n >= MESSAGES) break;
        const id = messageIdOf(n, salt);
        const data = messages[n]!;
        const earlier = answers(n);
        if (earlier !== null) await onTicket(messageIdOf(earlier, salt));
        const mail = await smtp.send(
          `MAIL FROM:<${clientAddress(clientOf(n))}> SIZE=${data.length}`,
        );
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
          // On the wall clock, which PostgreSQL's processed_at (same machine) is read against.
          ends.set(id, performance.timeOrigin + end);
        } else {
          refused.push(`${id}: ${answer}`);
        }
      }
      await smtp.quit();
    };
    await Promise.all(Array.from({ length: SENDERS }, sender));
    const seconds = (performance.now() - started) / 1000;

    // Every message processed: its state leaves `received` (the processor runs after the 250).
    let rows: LogRow[] = [];
    const deadline = Date.now() + SETTLE_DEADLINE_MS;
    for (;;) {
      ({ rows } = await db.query<LogRow>(
        `select m.id, m.message_id, m.state, m.deliveries, m.processed_at as done, m.ticket_id,
           coalesce(t.inbound_message_id = m.id, false)
             or exists (select 1 from ticket_messages tm
                        where tm.ticket_id = m.ticket_id and tm.inbound_message_id = m.id)
             as on_ticket,
           m.authentication->>'dkim' as dkim, m.authentication->>'spf' as spf,
           m.authentication->>'dmarc' as dmarc,
           jsonb_array_length(m.refused_files) as refused
         from inbound_messages m left join tickets t on t.id = m.ticket_id
         where m.message_id like $1`,
        [`<bench-%-${salt}@%`],
      ));
      if (!rows.some((row) => row.state === 'received')) break;
      if (Date.now() > deadline) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const cpuSeconds = cpu.end();
    const rss = peakRssMb(server.pid!);
    const attachmentsKept = Number(
      (await db.query<{ n: string }>('select count(*) as n from attachments')).rows[0]!.n,
    );

    const byMessageId = new Map(rows.map((row) => [row.message_id, row]));
    const toTicketMs: number[] = [];
    const toTicketWithFileMs: number[] = [];
    let lastDone = 0;
    for (let n = 0; n < MESSAGES; n++) {
      const row = byMessageId.get(messageIdOf(n, salt));
      const end = ends.get(messageIdOf(n, salt));
      if (!row?.on_ticket || !row.done || end === undefined) continue;
      if (row.state !== 'new_ticket' && row.state !== 'added') continue;
      const took = row.done.getTime() - end;
      toTicketMs.push(took);
      if (n % ATTACHMENT_EVERY === 0) toTicketWithFileMs.push(took);
      lastDone = Math.max(lastDone, row.done.getTime());
    }
    // Each answer on the ticket of the message it answers.
    let answersExpected = 0;
    let answersOnTheirTicket = 0;
    for (let n = 0; n < MESSAGES; n++) {
      const earlier = answers(n);
      if (earlier === null) continue;
      answersExpected++;
      const row = byMessageId.get(messageIdOf(n, salt));
      const first = byMessageId.get(messageIdOf(earlier, salt));
      if (row?.state === 'added' && row.ticket_id && row.ticket_id === first?.ticket_id) {
        answersOnTheirTicket++;
      }
    }
    const states: Record<string, number> = {};
    for (const row of rows) states[row.state] = (states[row.state] ?? 0) + 1;
    const firstEnd = Math.min(...ends.values());
    const withAttachment = Math.floor((MESSAGES - 1) / ATTACHMENT_EVERY) + 1;

    const summary = {
      date: new Date().toISOString().slice(0, 10),
      database: 'PostgreSQL',
      cores: os.cpus().length,
      messages: MESSAGES,
      withAttachment,
      clients: CLIENTS,
      answersExpected,
      senders: SENDERS,
      megabytesSent: Math.round(bytesSent / (1024 * 1024)),
      seconds: Number(seconds.toFixed(1)),
      messagesPerSecond: Number((storedMs.length / seconds).toFixed(1)),
      onTicketPerSecond: lastDone
        ? Number((toTicketMs.length / ((lastDone - firstEnd) / 1000)).toFixed(1))
        : null,
      p50StoredMs: Math.round(percentile(storedMs, 50)),
      p95StoredMs: Math.round(percentile(storedMs, 95)),
      p50ToTicketMs: toTicketMs.length ? Math.round(percentile(toTicketMs, 50)) : null,
      p95ToTicketMs: toTicketMs.length ? Math.round(percentile(toTicketMs, 95)) : null,
      maxToTicketMs: toTicketMs.length ? Math.round(Math.max(...toTicketMs)) : null,
      p95ToTicketWithAttachmentMs: toTicketWithFileMs.length
        ? Math.round(percentile(toTicketWithFileMs, 95))
        : null,
      peakRssMb: Math.round(rss),
      cpuSeconds,
      refused: refused.length,
      inLog: rows.length,
      inLogOnce: rows.filter((row) => row.deliveries === 1).length,
      onTicket: toTicketMs.length,
      answersOnTheirTicket,
      repliesWaitedFor: replyWaits,
      passed: {
        dkim: rows.filter((row) => row.dkim === 'pass').length,
        spf: rows.filter((row) => row.spf === 'pass').length,
        dmarc: rows.filter((row) => row.dmarc === 'pass').length,
      },
      attachmentsKept,
      filesRefused: rows.reduce((sum, row) => sum + row.refused, 0),
      states,
    };
    console.log(JSON.stringify(summary, null, 2));
    if (refused.length) console.error(refused.slice(0, 10).join('\n'));
    const allAccounted =
      summary.inLog === MESSAGES && summary.inLogOnce === MESSAGES && summary.refused === 0;
    const allOnTicket =
      summary.onTicket === MESSAGES &&
      answersOnTheirTicket === answersExpected &&
      attachmentsKept === withAttachment &&
      summary.filesRefused === 0;
    const p95 = summary.p95ToTicketMs;

    fs.mkdirSync(path.join(root, 'bench/results'), { recursive: true });
    fs.writeFileSync(
      path.join(root, 'bench/results/inbound.json'),
      `${JSON.stringify(summary, null, 2)}\n`,
    );
    // Other work: more than a tenth of what the cores had in the window.
    const othersNote =
      summary.cpuSeconds.others > 0.1 * summary.cpuSeconds.window * summary.cores
        ? ': other work was running on the machine meanwhile, and the figures are slower for it'
        : ': nothing else of note was running';
    const yes = (ok: boolean) => (ok ? 'yes' : '**no**');
    const c = summary.cpuSeconds;
    writePerformanceSection(
      'inbound',
      `<!-- bench:inbound -->
## Inbound e-mail over SMTP (\`npm run bench:inbound\`)

Last run ${summary.date} on ${summary.cores} cores: the built server on ${summary.database}, ${MESSAGES} messages (one in ${ATTACHMENT_EVERY} with a 2 MB PDF, ${summary.megabytesSent} MB in all) sent by ${SENDERS} senders at a time, each on its own SMTP connection, from ${CLIENTS} clients with verified addresses at a domain that publishes SPF, DMARC (\`p=reject\`) and a DKIM key. Every message is DKIM-signed; ${answersExpected} of them answer the same client's earlier message (In-Reply-To), the others open tickets. Raw figures: [bench/results/inbound.json](../bench/results/inbound.json).

| figure | result | target | met |
| --- | --- | --- | --- |
| Messages per second, stored (while sending) | ${summary.messagesPerSecond} | - | - |
| Messages per second, on their tickets | ${summary.onTicketPerSecond ?? '-'} | - | - |
| p50 / p95, end of DATA to stored (250 sent) | ${summary.p50StoredMs} / ${summary.p95StoredMs} ms | - | - |
| p50 / p95, end of DATA to the message on its ticket | ${summary.p50ToTicketMs ?? '-'} / ${p95 ?? '-'} ms | p95 <= ${P95_TARGET_MS} ms | ${yes(p95 !== null && p95 <= P95_TARGET_MS)} |
| p95 to its ticket, the messages with the 2 MB file | ${summary.p95ToTicketWithAttachmentMs ?? '-'} ms | - | - |
| Slowest message to its ticket | ${summary.maxToTicketMs ?? '-'} ms | - | - |
| Server peak RSS | ${summary.peakRssMb} MB | <= ${RSS_TARGET_MB} MB | ${yes(rss <= RSS_TARGET_MB)} |
| Messages in the inbound log, each once | ${summary.inLog} of ${MESSAGES} | all | ${yes(allAccounted)} |
| Messages passing DKIM / SPF / DMARC | ${summary.passed.dkim} / ${summary.passed.spf} / ${summary.passed.dmarc} of ${MESSAGES} | all | ${yes(summary.passed.dkim === MESSAGES && summary.passed.spf === MESSAGES && summary.passed.dmarc === MESSAGES)} |
| Messages on their ticket (answers on the ticket they answer; files kept) | ${summary.onTicket} of ${MESSAGES} (${answersOnTheirTicket} of ${answersExpected}; ${attachmentsKept} of ${withAttachment}) | all | ${yes(allOnTicket)} |

"Stored" is the time from the final "." of DATA written to the socket to the server's 250,
which it sends once the raw message is stored. "On its ticket" runs to the
\`processed_at\` the processor writes when it settles the message's log row as \`new_ticket\`
or \`added\`, after the ticket (or the ticket message) and its file are committed, read on
PostgreSQL's clock (the same machine's): it covers parsing, the DKIM, SPF and DMARC checks,
threading, the ticket write and the file stored on local disk. It leaves out what a
deployment adds: DNS look-ups here go to a server on loopback, not across the network; no
virus scanner is configured (\`CLAMD_URL\`), and the confirmations and the agency's
notices wait in the outbox (no \`SMTP_URL\`). The messages are composed and signed before the
clock starts, and an answer is sent only once the message it answers is on its ticket (the
senders waited for that ${summary.repliesWaitedFor} times, outside the time measured).

The server, PostgreSQL, the senders and the DNS server share the ${summary.cores} cores. During the
${c.window} s from the first message to the last one processed, the machine was busy for
${c.machineBusy} CPU-seconds of the ${(c.window * summary.cores).toFixed(0)} it had: the server ${c.server}, PostgreSQL ${c.postgres}
(all of its processes, whoever they served), the bench (senders and DNS) ${c.bench}, and other
processes ${c.others}${othersNote}.
<!-- /bench:inbound -->`,
    );
    if (!allAccounted || !allOnTicket) {
      throw new Error(
        `not every message accounted for: ${JSON.stringify({ states, answersOnTheirTicket, answersExpected, attachmentsKept })}`,
      );
    }
  } catch (error) {
    const log = path.join(dataDir, 'server.log');
    if (fs.existsSync(log)) {
      console.error(`server log (end):\n${fs.readFileSync(log, 'utf8').slice(-4000)}`);
    }
    throw error;
  } finally {
    await db.end();
    if (server && server.exitCode === null) {
      server.kill('SIGTERM');
      await new Promise((resolve) => server!.once('exit', resolve));
    }
    if (logFd !== undefined) fs.closeSync(logFd);
    await dns.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
    await scratch.drop();
  }
}

await main();
