import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/db/client';
import { tickets } from '../../server/db/schema';
import { createClient } from '../factories';
import { pollUntil } from '../support/poll';
import { useProcessDatabase } from '../support/process-fixture';
import { adminCookie, freePort, startServerProcess } from '../support/server-process';
import { smtpTalk } from '../support/smtp-talk';

/**
 * Large e-mails on the default set-up, as `npm start` runs it (`node --max-old-space-size=384`,
 * the embedded database): two 12 MB messages arriving at once, each with an 8.7 MB PDF, are
 * stored and become the client's messages with their files, and the web server keeps answering
 * its health check within a second while they stream in and are processed.
 */
const SUPPORT = 'support@large.test';
const CLIENT = 'client@large.test';
const HEAP_MB = 384;
const PDF_BYTES = Math.round(8.7 * 1024 * 1024);

/** A message to the ticket's reply address with one PDF of PDF_BYTES: about 12 MB on the wire. */
function largeMessage(id: string, replyToken: string): Buffer {
  const pdf = Buffer.concat([
    Buffer.from('%PDF-1.4\n'),
    crypto.randomBytes(PDF_BYTES - 15),
    Buffer.from('\n%%EOF'),
  ]);
  const base64 = pdf.toString('base64').replace(/.{76}/g, '$&\r\n');
  return Buffer.from(
    [
      `From: Client <${CLIENT}>`,
      `To: support+t_${replyToken}@large.test`,
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
    await smtp.send(`MAIL FROM:<${CLIENT}> SIZE=${raw.length}`);
    await smtp.send(`RCPT TO:<${to}>`);
    await smtp.send('DATA');
    smtp.write(raw);
    return await smtp.send('.');
  } finally {
    smtp.destroy();
  }
}

describe('two 12 MB e-mails at once under the heap npm start gives', () => {
  const t = useProcessDatabase();

  it('stores both with their files while the health check answers within a second', async () => {
    // The client and their ticket, written before the server takes the database.
    const seed = await openDatabase(
      t.database.url ? { url: t.database.url } : { dataDir: t.database.env.DATA_DIR! },
    );
    await seed.migrate();
    const client = await createClient(seed, { email: CLIENT, emailVerified: true });
    const [ticket] = await seed.db
      .insert(tickets)
      .values({ userId: client.id, subject: 'Brochure', description: 'The new brochure' })
      .returning();
    await seed.close();

    const smtpPort = await freePort();
    const server = (t.server = await startServerProcess(
      { ...t.database.env, INBOUND_SMTP_PORT: String(smtpPort), SUPPORT_EMAIL: SUPPORT },
      { nodeArgs: [`--max-old-space-size=${HEAP_MB}`] },
    ));
    const cookie = await adminCookie(server.baseUrl);

    // The health check, asked again as soon as it answers, for as long as the mail takes.
    const slowest = { ms: 0, failure: '' };
    let watching = true;
    const watcher = (async () => {
      while (watching) {
        const started = Date.now();
        const answer = await fetch(`${server.baseUrl}/api/health`, {
          signal: AbortSignal.timeout(5_000),
        }).then(
          (res) => (res.status === 200 ? '' : `status ${res.status}`),
          (error: unknown) => String(error),
        );
        slowest.ms = Math.max(slowest.ms, Date.now() - started);
        if (answer && !slowest.failure) slowest.failure = answer;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    })();

    const to = `support+t_${ticket!.replyToken}@large.test`;
    const messages = ['first', 'second'].map((id) => largeMessage(id, ticket!.replyToken));
    expect(messages.every((raw) => raw.length > 12 * 1000 * 1000)).toBe(true);
    const replies = await Promise.all(
      messages.map((raw) =>
        deliver(smtpPort, raw, to).catch((error: unknown) => `${String(error)}`),
      ),
    );
    expect(replies, server.output()).toEqual([
      expect.stringMatching(/^250 /),
      expect.stringMatching(/^250 /),
    ]);

    // Processed once the log says what became of both (their files saved before that).
    const log = await pollUntil(
      async () => {
        const res = await fetch(`${server.baseUrl}/api/admin/inbound`, { headers: { cookie } });
        return ((await res.json()) as { items?: Array<{ state: string }> }).items ?? [];
      },
      (items) => items.length === 2 && items.every((item) => item.state !== 'received'),
      90_000,
    ).catch((error: unknown) => {
      throw new Error(`${String(error)}\n${server.output()}`);
    });
    watching = false;
    await watcher;

    expect(log.map((item) => item.state)).toEqual(['added', 'added']);
    const res = await fetch(`${server.baseUrl}/api/admin/tickets/${ticket!.id}`, {
      headers: { cookie },
    });
    const detail = (await res.json()) as {
      messages: Array<{ attachments: Array<{ filename: string; size: number }> }>;
    };
    expect(
      detail.messages.flatMap((message) => message.attachments).map((file) => file.filename),
    ).toEqual(expect.arrayContaining(['brochure-first.pdf', 'brochure-second.pdf']));
    expect(detail.messages.every((message) => message.attachments[0]?.size === PDF_BYTES)).toBe(
      true,
    );
    expect(slowest.failure).toBe('');
    expect(slowest.ms).toBeLessThan(1_000);
  }, 240_000);
});
