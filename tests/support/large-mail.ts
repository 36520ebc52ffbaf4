import crypto from 'node:crypto';
import { openDatabase, type DatabaseTarget } from '../../server/db/client';
import { tickets } from '../../server/db/schema';
import { createClient } from '../factories';
import { pollUntil } from './poll';
import { freePort, startNodeArgs, startServerProcess, type ServerProcess } from './server-process';
import { smtpTalk } from './smtp-talk';

/**
 * Two large e-mails arriving at once on a server started as `npm start` starts it: each about
 * 12 MB on the wire with an 8.7 MB PDF, to a client's ticket. tests/faults/inbound-large-mail
 * checks what becomes of them; bench/inbound-large.ts measures how the server answers its
 * health check meanwhile. Both run this one scenario.
 */
export const LARGE_MAIL = {
  support: 'support@large.test',
  client: 'client@large.test',
  pdfBytes: Math.round(8.7 * 1024 * 1024),
  ids: ['first', 'second'],
} as const;

/** The client and their ticket, written before the server takes the database. */
export async function seedLargeMailTicket(target: DatabaseTarget) {
  const seed = await openDatabase(target);
  try {
    await seed.migrate();
    const client = await createClient(seed, { email: LARGE_MAIL.client, emailVerified: true });
    const [ticket] = await seed.db
      .insert(tickets)
      .values({ userId: client.id, subject: 'Brochure', description: 'The new brochure' })
      .returning();
    return { id: ticket!.id, replyToken: ticket!.replyToken };
  } finally {
    await seed.close();
  }
}

/**
 * The server with its SMTP listener on, under the node flags of `npm start` (its heap limit):
 * the sources, or the build (`npm run build` first) with `built`.
 */
export async function startLargeMailServer(
  databaseEnv: Record<string, string>,
  { built = false, readyTimeoutMs }: { built?: boolean; readyTimeoutMs?: number } = {},
) {
  const smtpPort = await freePort();
  const server = await startServerProcess(
    { ...databaseEnv, INBOUND_SMTP_PORT: String(smtpPort), SUPPORT_EMAIL: LARGE_MAIL.support },
    { built, readyTimeoutMs, nodeArgs: startNodeArgs() },
  );
  return { server, smtpPort };
}

/** A message to the ticket's reply address with one PDF of `pdfBytes`: about 12 MB on the wire. */
function largeMessage(id: string, to: string): Buffer {
  const pdf = Buffer.concat([
    Buffer.from('%PDF-1.4\n'),
    crypto.randomBytes(LARGE_MAIL.pdfBytes - 15),
    Buffer.from('\n%%EOF'),
  ]);
  const base64 = pdf.toString('base64').replace(/.{76}/g, '$&\r\n');
  return Buffer.from(
    [
      `From: Client <${LARGE_MAIL.client}>`,
      `To: ${to}`,
      `Subject: The brochure ${id}`,
      `Message-ID: <${id}@large.test>`,
      'MIME-Version: 1.0',
      'Content-Type: multipart/mixed; boundary="b"',
      '',
      '--b',
      'Content-Type: text/plain; charset=utf-8',
      '',
      `Here is the brochure (${id}).`,
      '--b',
      `Content-Type: application/pdf; name="brochure-${id}.pdf"`,
      'Content-Transfer-Encoding: base64',
      `Content-Disposition: attachment; filename="brochure-${id}.pdf"`,
      '',
      base64,
      '--b--',
      '',
    ].join('\r\n'),
  );
}

/** One delivery over SMTP, as a sending server makes it; answers the reply to the message. */
async function deliver(port: number, raw: Buffer, to: string): Promise<string> {
  const smtp = await smtpTalk(port);
  try {
    await smtp.send('EHLO sender.large.test');
    await smtp.send(`MAIL FROM:<${LARGE_MAIL.client}> SIZE=${raw.length}`);
    await smtp.send(`RCPT TO:<${to}>`);
    await smtp.send('DATA');
    smtp.write(raw);
    return await smtp.send('.');
  } finally {
    smtp.destroy();
  }
}

/** One answer to `/api/health`: how long it took, and why it failed (empty when 200). */
export interface HealthAnswer {
  ms: number;
  failure: string;
}

/**
 * Asks `/api/health` again `everyMs` after each answer, as a load balancer's check does,
 * giving up on one after `timeoutMs`, until `stop()`, which resolves with every answer.
 */
function watchHealth(baseUrl: string, { everyMs = 50, timeoutMs = 5_000 } = {}) {
  const answers: HealthAnswer[] = [];
  let watching = true;
  const watcher = (async () => {
    while (watching) {
      const started = performance.now();
      const failure = await fetch(`${baseUrl}/api/health`, {
        signal: AbortSignal.timeout(timeoutMs),
      }).then(
        async (res) => {
          await res.arrayBuffer();
          return res.status === 200 ? '' : `status ${res.status}`;
        },
        (error: unknown) => String(error),
      );
      answers.push({ ms: performance.now() - started, failure });
      await new Promise((resolve) => setTimeout(resolve, everyMs));
    }
  })();
  return {
    async stop() {
      watching = false;
      await watcher;
      return answers;
    },
  };
}

/** What became of the two messages, and how the server answered meanwhile. */
export interface LargeMailRun {
  /** Each message's size on the wire, in bytes. */
  sizes: number[];
  /** The server's reply to each message's final "." (or why there was none). */
  replies: string[];
  /** The messages' states in the inbound log once neither is `received`. */
  states: string[];
  /** The files on the ticket's messages. */
  files: Array<{ filename: string; size: number }>;
  /** Every health check answer from the first message's connection to both processed. */
  health: HealthAnswer[];
  /** From the start of delivery to both replies, and to both processed. */
  deliveredMs: number;
  processedMs: number;
}

/**
 * Delivers the two messages at once to the ticket while the health check is asked every 50 ms,
 * and waits (at most `timeoutMs`) until the inbound log says what became of both: their files
 * are saved before that. `cookie` is the admin's (`adminCookie`), who reads the log: signed in
 * beforehand, so that the sign-in's password hash is not part of what is measured.
 */
export async function deliverLargeMail(
  server: ServerProcess,
  smtpPort: number,
  ticket: { id: string; replyToken: string },
  { cookie, timeoutMs = 90_000 }: { cookie: string; timeoutMs?: number },
): Promise<LargeMailRun> {
  const to = `support+t_${ticket.replyToken}@large.test`;
  const messages = LARGE_MAIL.ids.map((id) => largeMessage(id, to));
  const health = watchHealth(server.baseUrl);
  const started = performance.now();
  try {
    const replies = await Promise.all(
      messages.map((raw) =>
        deliver(smtpPort, raw, to).catch((error: unknown) => `${String(error)}`),
      ),
    );
    const deliveredMs = performance.now() - started;
    const log = await pollUntil(
      async () => {
        const res = await fetch(`${server.baseUrl}/api/admin/inbound`, { headers: { cookie } });
        return ((await res.json()) as { items?: Array<{ state: string }> }).items ?? [];
      },
      (items) => items.length === 2 && items.every((item) => item.state !== 'received'),
      timeoutMs,
    ).catch((error: unknown) => {
      throw new Error(`${String(error)}\n${server.output()}`);
    });
    const processedMs = performance.now() - started;
    const answers = await health.stop();

    const res = await fetch(`${server.baseUrl}/api/admin/tickets/${ticket.id}`, {
      headers: { cookie },
    });
    const detail = (await res.json()) as {
      messages: Array<{ attachments: Array<{ filename: string; size: number }> }>;
    };
    return {
      sizes: messages.map((raw) => raw.length),
      replies,
      states: log.map((item) => item.state),
      files: detail.messages.flatMap((message) =>
        message.attachments.map(({ filename, size }) => ({ filename, size })),
      ),
      health: answers,
      deliveredMs,
      processedMs,
    };
  } finally {
    // On a failure too: no watcher left asking a server about to be stopped.
    await health.stop();
  }
}
