import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, signedInAdmin } from '@tests/factories';
import { pollUntil } from '@tests/support/poll';
import { startTestApp, type TestApp } from '@tests/support/test-app';
import { auditEvents, consultations, inboundMessages, tickets } from '../../db/schema';

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
});
