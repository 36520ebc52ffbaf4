import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import { eq } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, signedInAdmin } from '@tests/factories';
import { pollUntil } from '@tests/support/poll';
import { startTestApp, type TestApp } from '@tests/support/test-app';
import { auditEvents, consultations, inboundMessages, tickets } from '../../db/schema';
import { MAX_UNVERIFIED_NOTIFICATIONS, UNVERIFIED_MEMORY_BYTES } from './mailgun-form';

const POSTMARK = { user: 'postmark', password: 'inbound-secret-1' };
const MAILGUN_KEY = 'key-mailgun-signing-0123456789';

const raw = (id: string, from = 'Ann Stranger <ann@stranger.test>', body = 'Hi there') =>
  [
    `From: ${from}`,
    'To: support@agency.test',
    'Subject: Website quote',
    `Message-ID: <${id}@mail.test>`,
    '',
    body,
    '',
  ].join('\r\n');

/** The message as the log keeps it, read back from the file store. */
async function storedRaw(id: string): Promise<Buffer> {
  const { raw: stream } = await t.services.inbound.raw(id);
  return Buffer.concat(await stream.toArray());
}

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({
    SUPPORT_EMAIL: 'support@agency.test',
    POSTMARK_INBOUND_USER: POSTMARK.user,
    POSTMARK_INBOUND_PASSWORD: POSTMARK.password,
    MAILGUN_WEBHOOK_SIGNING_KEY: MAILGUN_KEY,
  });
});
afterAll(async () => {
  await t.close();
});

/**
 * A post whose body is only begun: `start` goes, and the rest of the `length` it announces
 * only on `sendRest`. What the server answers, and when it closes the connection.
 */
function beginPost(
  path: string,
  headers: Record<string, string>,
  length: number,
  start: Buffer,
  baseUrl = t.baseUrl,
) {
  const req = http.request(`${baseUrl}${path}`, {
    method: 'POST',
    agent: false,
    // Kept open by this side: closing it is the server's doing.
    headers: { ...headers, 'Content-Length': String(length), Connection: 'keep-alive' },
  });
  // The server may drop the connection while this side still has bytes to send.
  req.on('error', () => undefined);
  const response = new Promise<{ status: number; connection?: string; body: string }>((resolve) => {
    req.on('response', (res) => {
      let body = '';
      const answer = () =>
        resolve({ status: res.statusCode!, connection: res.headers.connection, body });
      res.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
      res.on('error', () => undefined);
      res.on('end', answer);
      res.on('close', answer);
    });
  });
  const closed = new Promise<void>((resolve) => {
    req.on('socket', (socket) => socket.on('close', () => resolve()));
  });
  req.write(start);
  /** Sends the rest of the body as fast as it is taken: false when the server stopped it. */
  async function sendRest(): Promise<boolean> {
    const chunk = Buffer.alloc(64 * 1024, 'x');
    for (let left = length - start.length; left > 0; left -= chunk.length) {
      if (req.destroyed) return false;
      if (!req.write(left >= chunk.length ? chunk : chunk.subarray(0, left))) {
        await new Promise((resolve) => {
          req.once('drain', resolve);
          req.once('close', resolve);
        });
      }
    }
    req.end();
    return true;
  }
  return { response, closed, sendRest, abort: () => req.destroy() };
}

/** A multipart body of these fields, in this order, and its Content-Type. */
function multipart(fields: [string, string][]) {
  const boundary = `----form${crypto.randomUUID()}`;
  const parts = fields.map(
    ([name, value]) =>
      `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
  );
  return {
    contentType: `multipart/form-data; boundary=${boundary}`,
    body: Buffer.from(`${parts.join('')}--${boundary}--\r\n`),
    /** The start of one more field, whose value follows. */
    opening: (name: string) =>
      Buffer.from(
        `${parts.join('')}--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n`,
      ),
  };
}

/** The log's row once the processor has decided what the message is (it runs in the background). */
async function processed(inboundId: string) {
  return pollUntil(
    async () => {
      const [row] = await t.database.db
        .select()
        .from(inboundMessages)
        .where(eq(inboundMessages.id, inboundId));
      return row!;
    },
    (row) => row.state !== 'received',
  );
}

async function rowOf(id: string) {
  const [row] = await t.database.db
    .select()
    .from(inboundMessages)
    .where(eq(inboundMessages.messageId, `<${id}@mail.test>`));
  return row;
}

describe('POST /api/webhooks/inbound/postmark', () => {
  const basic = (user: string, password: string) =>
    `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;

  it('stores RawEmail as it came, once, with the basic auth of its URL', async () => {
    const message = raw('postmark-1');
    const payload = { RawEmail: message, OriginalRecipient: 'support+t_x@agency.test' };
    const first = await request(t.app)
      .post('/api/webhooks/inbound/postmark')
      .set('Authorization', basic(POSTMARK.user, POSTMARK.password))
      .send(payload);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ duplicate: false });
    const again = await request(t.app)
      .post('/api/webhooks/inbound/postmark')
      .set('Authorization', basic(POSTMARK.user, POSTMARK.password))
      .send(payload);
    expect(again.body).toEqual({ id: first.body.id, duplicate: true });

    const row = await rowOf('postmark-1');
    expect(row).toMatchObject({
      id: first.body.id,
      via: 'postmark',
      deliveries: 2,
      envelopeTo: ['support+t_x@agency.test'],
    });
    expect((await storedRaw(row!.id)).toString('utf8')).toBe(message);
  });

  it('answers 401 to a wrong or missing password and stores nothing', async () => {
    for (const authorization of [
      basic(POSTMARK.user, 'wrong-password'),
      basic('other', POSTMARK.password),
      '',
    ]) {
      const res = await request(t.app)
        .post('/api/webhooks/inbound/postmark')
        .set('Authorization', authorization)
        .send({ RawEmail: raw('postmark-forged') });
      expect(res.status).toBe(401);
    }
    expect(await rowOf('postmark-forged')).toBeUndefined();
  });

  it('refuses a wrong password without reading the body, and closes the connection', async () => {
    const big = 34 * 1024 * 1024;
    const post = beginPost(
      '/api/webhooks/inbound/postmark',
      {
        'Content-Type': 'application/json',
        Authorization: basic(POSTMARK.user, 'wrong-password'),
      },
      big,
      Buffer.from(`{"RawEmail":"${'x'.repeat(64 * 1024)}`),
    );
    expect(await post.response).toMatchObject({ status: 401, connection: 'close' });
    // The server closes the connection rather than read the rest.
    expect(await post.sendRest()).toBe(false);
    await post.closed;
  });

  it('names the missing raw e-mail setting (422)', async () => {
    const res = await request(t.app)
      .post('/api/webhooks/inbound/postmark')
      .set('Authorization', basic(POSTMARK.user, POSTMARK.password))
      .send({ TextBody: 'parsed only' });
    expect(res.status).toBe(422);
    expect(res.body.message).toContain('Include raw email content in JSON payload');
  });
});

describe('POST /api/webhooks/inbound/mailgun', () => {
  function signed(timestamp = Math.floor(Date.now() / 1000), token = crypto.randomUUID()) {
    const signature = crypto
      .createHmac('sha256', MAILGUN_KEY)
      .update(`${timestamp}${token}`)
      .digest('hex');
    return { timestamp: String(timestamp), token, signature };
  }
  // The address Mailgun's forward() is given: one ending in "mime" gets the raw message.
  const post = (fields: Record<string, string>, mime?: string) => {
    const req = request(t.app).post('/api/webhooks/inbound/mailgun/mime');
    for (const [name, value] of Object.entries(fields)) void req.field(name, value);
    if (mime !== undefined) void req.field('body-mime', mime);
    return req;
  };

  it('stores body-mime of a signed notification, multipart as Mailgun posts it', async () => {
    const message = raw('mailgun-1');
    const res = await post(
      { ...signed(), recipient: 'support@agency.test', sender: 'ann@stranger.test' },
      message,
    );
    expect(res.status).toBe(200);
    const row = await rowOf('mailgun-1');
    expect(row).toMatchObject({
      via: 'mailgun',
      envelopeFrom: 'ann@stranger.test',
      envelopeTo: ['support@agency.test'],
    });
    expect((await storedRaw(row!.id)).toString('utf8')).toBe(message);
  });

  it('answers 401 to a wrong signature, 406 to a replayed token or an old timestamp', async () => {
    const good = signed();
    expect((await post({ ...good, signature: 'f'.repeat(64) }, raw('mg-forged'))).status).toBe(401);
    expect((await post(good, raw('mg-replay'))).status).toBe(200);
    expect((await post(good, raw('mg-replay-2'))).status).toBe(406);
    const old = signed(Math.floor(Date.now() / 1000) - 6 * 60);
    expect((await post(old, raw('mg-old'))).status).toBe(406);
    expect(await rowOf('mg-forged')).toBeUndefined();
    expect(await rowOf('mg-replay-2')).toBeUndefined();
    expect(await rowOf('mg-old')).toBeUndefined();
  });

  it('refuses a bad signature as soon as it is read, before the body has come', async () => {
    const form = multipart(Object.entries({ ...signed(), signature: 'f'.repeat(64) }));
    const post = beginPost(
      '/api/webhooks/inbound/mailgun/mime',
      { 'Content-Type': form.contentType },
      34 * 1024 * 1024,
      Buffer.concat([form.opening('body-mime'), Buffer.from(raw('mg-big-forged'))]),
    );
    const answer = await post.response;
    expect(answer).toMatchObject({ status: 401, connection: 'close' });
    expect(JSON.parse(answer.body)).toEqual({ message: 'Invalid signature' });
    expect(await post.sendRest()).toBe(false);
    await post.closed;
    expect(await rowOf('mg-big-forged')).toBeUndefined();
  });

  it('refuses a replayed notification as soon as its token is read, before the body', async () => {
    const good = signed();
    expect((await post(good, raw('mg-replayed-first'))).status).toBe(200);
    const form = multipart(Object.entries(good));
    const replay = beginPost(
      '/api/webhooks/inbound/mailgun/mime',
      { 'Content-Type': form.contentType },
      34 * 1024 * 1024,
      Buffer.concat([form.opening('body-mime'), Buffer.from(raw('mg-replayed-big'))]),
    );
    expect(await replay.response).toMatchObject({ status: 406, connection: 'close' });
    expect(await replay.sendRest()).toBe(false);
    await replay.closed;
    expect(await rowOf('mg-replayed-big')).toBeUndefined();
  });

  it('gives its token back when the message is not taken, so a retry is', async () => {
    const good = signed();
    // Signed, but the parsed form without body-mime: refused, the token still good.
    expect((await post({ ...good, 'body-plain': 'parsed only' })).status).toBe(422);
    expect((await post(good, raw('mg-token-given-back'))).status).toBe(200);
    expect(await rowOf('mg-token-given-back')).toMatchObject({ via: 'mailgun' });
  });

  it('takes the signature fields before or after body-mime, which may be large', async () => {
    // Larger than what an unverified notification may hold in memory: it waits on disk.
    const padding = 'x'.repeat(UNVERIFIED_MEMORY_BYTES + 1024);
    const before = raw('mg-signature-first', undefined, padding);
    const after = raw('mg-signature-last', undefined, padding);
    const first = multipart([...Object.entries(signed()), ['body-mime', before]]);
    const last = multipart([['body-mime', after], ...Object.entries(signed())]);
    for (const form of [first, last]) {
      const res = await request(t.app)
        .post('/api/webhooks/inbound/mailgun/mime')
        .set('Content-Type', form.contentType)
        .send(form.body);
      expect(res.status).toBe(200);
    }
    expect((await storedRaw((await rowOf('mg-signature-first'))!.id)).toString('utf8')).toBe(
      before,
    );
    expect((await storedRaw((await rowOf('mg-signature-last'))!.id)).toString('utf8')).toBe(after);

    // A forged one read whole (its signature last) is refused, and nothing of it is left.
    const forged = multipart([
      ['body-mime', raw('mg-forged-last', undefined, padding)],
      ...Object.entries({ ...signed(), signature: 'f'.repeat(64) }),
    ]);
    const res = await request(t.app)
      .post('/api/webhooks/inbound/mailgun/mime')
      .set('Content-Type', forged.contentType)
      .send(forged.body);
    expect(res.status).toBe(401);
    expect(await rowOf('mg-forged-last')).toBeUndefined();
    expect(fs.readdirSync(os.tmpdir()).filter((name) => name.startsWith('mailgun-'))).toEqual([]);
  });

  it(`reads at most ${MAX_UNVERIFIED_NOTIFICATIONS} unverified notifications at once: more get 503`, async () => {
    // One more than the places, each with body-mime first and its signature still to come:
    // the last to arrive is refused at once, the others wait for the rest of their body.
    const posts = Array.from({ length: MAX_UNVERIFIED_NOTIFICATIONS + 1 }, () => {
      const form = multipart([]);
      return beginPost(
        '/api/webhooks/inbound/mailgun/mime',
        { 'Content-Type': form.contentType },
        34 * 1024 * 1024,
        Buffer.concat([form.opening('body-mime'), Buffer.from(raw('mg-waiting'))]),
      );
    });
    try {
      const refused = await Promise.race(posts.map((post) => post.response));
      expect(refused).toMatchObject({ status: 503, connection: 'close' });
      expect(JSON.parse(refused.body)).toEqual({
        message: 'Too many notifications are being read; try again shortly',
      });
    } finally {
      for (const post of posts) post.abort();
    }
    // Their places are free again once they went away.
    const res = await pollUntil(
      () => post({ ...signed(), recipient: 'support@agency.test' }, raw('mg-after-waiting')),
      (res) => res.status !== 503,
    );
    expect(res.status).toBe(200);
  });

  it('names the forward address when a parsed notification comes without body-mime', async () => {
    const res = await post({ ...signed(), 'body-plain': 'parsed only' });
    expect(res.status).toBe(422);
    expect(res.body.message).toContain('/api/webhooks/inbound/mailgun/mime');
  });

  it('takes the urlencoded form too', async () => {
    const res = await request(t.app)
      .post('/api/webhooks/inbound/mailgun')
      .type('form')
      .send({ ...signed(), 'body-mime': raw('mailgun-form') });
    expect(res.status).toBe(200);
    expect(await rowOf('mailgun-form')).toMatchObject({ via: 'mailgun' });
  });
});

describe('a Mailgun notification slow to bring its signature', () => {
  it('is cut off, so slow senders cannot keep the unverified places', async () => {
    const slow = await startTestApp({
      SUPPORT_EMAIL: 'support@agency.test',
      MAILGUN_WEBHOOK_SIGNING_KEY: MAILGUN_KEY,
      // Long enough that the signed notification below, sent whole, is read within it on a
      // busy machine too; short enough that the slow senders are cut off soon.
      MAILGUN_SIGNATURE_WITHIN_SECONDS: '3',
    });
    try {
      // Every place taken by a sender that sends body-mime's first bytes and then nothing.
      const posts = Array.from({ length: MAX_UNVERIFIED_NOTIFICATIONS }, () => {
        const form = multipart([]);
        return beginPost(
          '/api/webhooks/inbound/mailgun/mime',
          { 'Content-Type': form.contentType },
          1024 * 1024,
          Buffer.concat([form.opening('body-mime'), Buffer.from(raw('mg-slow'))]),
          slow.baseUrl,
        );
      });
      // The server drops each once its time is up (before, they held on until Node's
      // request timeout, five minutes)...
      await Promise.all(posts.map((post) => post.closed));
      // ...and the places are free for a signed notification.
      const timestamp = String(Math.floor(Date.now() / 1000));
      const token = crypto.randomUUID();
      const signature = crypto
        .createHmac('sha256', MAILGUN_KEY)
        .update(timestamp + token)
        .digest('hex');
      const form = multipart([
        ['timestamp', timestamp],
        ['token', token],
        ['signature', signature],
        ['recipient', 'support@agency.test'],
        ['body-mime', raw('mg-after-slow')],
      ]);
      const res = await request(slow.app)
        .post('/api/webhooks/inbound/mailgun/mime')
        .set('Content-Type', form.contentType)
        .send(form.body);
      expect(res.status).toBe(200);
    } finally {
      await slow.close();
    }
  });
});

describe('the webhooks unconfigured', () => {
  it('are no routes at all (404)', async () => {
    const bare = await startTestApp();
    try {
      for (const provider of ['postmark', 'mailgun']) {
        const res = await request(bare.app)
          .post(`/api/webhooks/inbound/${provider}`)
          .send({ RawEmail: raw('unconfigured') });
        expect(res.status).toBe(404);
      }
    } finally {
      await bare.close();
    }
  });
});

describe('the inbound log (/api/admin/inbound)', () => {
  it('lists every message newest first, paged, searchable and filtered by state', async () => {
    const { agent } = await signedInAdmin(t.app, t.database);
    for (const id of ['log-a', 'log-b', 'log-c']) {
      const { id: inboundId } = await t.services.inbound.ingest(Buffer.from(raw(id)), {
        via: 'smtp',
        envelopeFrom: `${id}@sender.test`,
      });
      await processed(inboundId);
    }
    const page = await agent.get('/api/admin/inbound?pageSize=2');
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({ page: 1, pageSize: 2 });
    expect(page.body.items).toHaveLength(2);
    expect(page.body.total).toBeGreaterThanOrEqual(3);
    // The search finds the envelope sender too; the From is the header's once processed.
    const found = await agent.get('/api/admin/inbound?q=log-b@sender');
    expect(found.body.items.map((item: { messageId: string }) => item.messageId)).toEqual([
      '<log-b@mail.test>',
    ]);
    expect(found.body.items[0]).toMatchObject({
      via: 'smtp',
      from: 'ann@stranger.test',
      subject: 'Website quote',
      state: 'unknown_sender',
      deliveries: 1,
      refusedFiles: [],
      ticket: null,
    });
    const held = await agent.get('/api/admin/inbound?state=unknown_sender&q=log-');
    expect(held.body.total).toBe(3);
    const none = await agent.get('/api/admin/inbound?state=new_ticket&q=log-');
    expect(none.body.items).toEqual([]);
    expect((await agent.get('/api/admin/inbound?state=nonsense')).status).toBe(400);
  });

  it('downloads the raw message as an attachment that never renders', async () => {
    const { agent } = await signedInAdmin(t.app, t.database);
    const message = raw('download', 'Eve <eve@x.test>', '<script>alert(1)</script>');
    const { id } = await t.services.inbound.ingest(Buffer.from(message), { via: 'smtp' });
    const res = await agent.get(`/api/admin/inbound/${id}/raw`).responseType('arraybuffer');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('message/rfc822');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="message-${id}.eml"`);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(Buffer.from(res.body as Buffer).toString('utf8')).toBe(message);
    expect((await agent.get(`/api/admin/inbound/${crypto.randomUUID()}/raw`)).status).toBe(404);
  });

  it('turns a held message into a consultation request, audited, once', async () => {
    const { agent, admin } = await signedInAdmin(t.app, t.database);
    const { id } = await t.services.inbound.ingest(
      Buffer.from(raw('held-1', 'Ann Stranger <Ann@Stranger.test>', 'We need a new website.')),
      { via: 'smtp' },
    );
    // No client writes from this address: held, for the admin to decide.
    expect((await processed(id)).state).toBe('unknown_sender');

    const res = await agent.post(`/api/admin/inbound/${id}/consultation`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      state: 'consultation',
      stateDetail: 'Consultation request from ann@stranger.test',
    });
    const [request_] = await t.database.db
      .select()
      .from(consultations)
      .where(eq(consultations.email, 'ann@stranger.test'));
    expect(request_).toMatchObject({ name: 'Ann Stranger', status: 'new' });
    expect(request_!.details).toContain('Website quote');
    expect(request_!.details).toContain('We need a new website.');
    const [audited] = await t.database.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.kind, 'inbound.consultation_created'));
    expect(audited).toMatchObject({ actorAdminId: admin.id, targetId: id });
    expect((await agent.post(`/api/admin/inbound/${id}/consultation`)).status).toBe(409);
  });

  it('releases a held message into a ticket of the chosen client, once, audited', async () => {
    const { agent, admin } = await signedInAdmin(t.app, t.database);
    const client = await createClient(t.database);
    const { id } = await t.services.inbound.ingest(Buffer.from(raw('held-2')), { via: 'smtp' });
    expect((await processed(id)).state).toBe('unknown_sender');
    expect((await agent.post(`/api/admin/inbound/${id}/release`).send({})).status).toBe(400);

    const released = await agent
      .post(`/api/admin/inbound/${id}/release`)
      .send({ userId: client.id });
    expect(released.status).toBe(200);
    const row = await processed(id);
    expect(row).toMatchObject({ state: 'released', userId: client.id });
    const [ticket] = await t.database.db
      .select()
      .from(tickets)
      .where(eq(tickets.id, row.ticketId!));
    expect(ticket).toMatchObject({ userId: client.id, subject: 'Website quote' });
    const [audited] = await t.database.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.kind, 'inbound.released'));
    expect(audited).toMatchObject({ actorAdminId: admin.id, targetId: id });

    // Released: no longer held, so neither a second release nor a conversion.
    const again = await agent.post(`/api/admin/inbound/${id}/release`).send({ userId: client.id });
    expect(again.status).toBe(409);
    expect((await agent.post(`/api/admin/inbound/${id}/consultation`)).status).toBe(409);
  });

  it('counts the held messages for the Support tab, and lists them, until each is decided', async () => {
    const { agent } = await signedInAdmin(t.app, t.database);
    const client = await createClient(t.database);
    const before = (await agent.get('/api/admin/inbound/summary')).body as { held: number };
    const ids: string[] = [];
    for (const id of ['count-1', 'count-2']) {
      const { id: inboundId } = await t.services.inbound.ingest(Buffer.from(raw(id)), {
        via: 'smtp',
        envelopeFrom: `${id}@sender.test`,
      });
      expect((await processed(inboundId)).state).toBe('unknown_sender');
      ids.push(inboundId);
    }
    const summary = await agent.get('/api/admin/inbound/summary');
    expect(summary.status).toBe(200);
    expect(summary.body).toEqual({ held: before.held + 2, oldestHeldAt: expect.any(String) });
    const listed = await agent.get('/api/admin/inbound?state=held&q=count-');
    expect(listed.body.total).toBe(2);

    const released = await agent
      .post(`/api/admin/inbound/${ids[0]}/release`)
      .send({ userId: client.id });
    expect(released.body.state).toBe('released');
    expect((await agent.post(`/api/admin/inbound/${ids[1]}/consultation`)).status).toBe(200);
    expect((await agent.get('/api/admin/inbound/summary')).body.held).toBe(before.held);
    expect((await agent.get('/api/admin/inbound?state=held&q=count-')).body.total).toBe(0);
  });
});
