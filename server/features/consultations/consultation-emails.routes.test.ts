import { eq } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { consultations, outboxMessages } from '../../db/schema';
import { signedInAdmin } from '@tests/factories';
import { startSmtpSink, type SmtpSink } from '@tests/support/smtp-sink';
import { startTestApp, type TestApp } from '@tests/support/test-app';

const AGENCY = 'team@bayouweb.example';
const business = {
  businessName: 'Bayou Web Works',
  businessEmail: AGENCY,
  businessPhone: '',
  businessCity: 'Lafayette',
  businessState: 'LA',
  businessWebsite: '',
};

let sink: SmtpSink;
let t: TestApp;
let admin: Awaited<ReturnType<typeof signedInAdmin>>['agent'];
beforeAll(async () => {
  sink = await startSmtpSink();
  t = await startTestApp({ TRUST_PROXY: 'true', SMTP_URL: sink.url, MAIL_RETRY_ATTEMPTS: '1' });
  admin = (await signedInAdmin(t.app, t.database)).agent;
  expect((await admin.put('/api/admin/settings').send(business)).status).toBe(200);
});
afterAll(async () => {
  await t.close();
  await sink.close();
});
beforeEach(async () => {
  sink.accept();
  sink.messages.length = 0;
  await t.database.db.delete(consultations);
  await t.database.db.delete(outboxMessages);
});

let ip = 0;
const post = (body: object, from = `203.0.113.${(ip += 1)}`) =>
  request(t.app).post('/api/consultations').set('X-Forwarded-For', from).send(body);

const setConsultationEmails = async (on: boolean) =>
  expect(
    (await admin.put('/api/admin/settings').send({ ...business, consultationEmails: on })).status,
  ).toBe(200);

describe('a consultation request e-mails the agency', () => {
  it('reaches the business e-mail of Settings through the mail server, with what was typed', async () => {
    const res = await post({
      name: 'Marie Thibodeaux',
      email: 'marie@example.com',
      business: 'Thibodeaux Catering',
      phone: '225-555-0142',
      details: 'A new site with <b>online</b> ordering.',
    });
    expect(res.status).toBe(201);
    const mail = await sink.waitFor((m) => m.subject?.startsWith('New consultation') ?? false);
    expect(mail.to).toMatchObject({ value: [{ address: AGENCY }] });
    expect(mail.from).toMatchObject({ value: [{ address: AGENCY, name: 'Bayou Web Works' }] });
    expect(mail.subject).toBe('New consultation request: Thibodeaux Catering');
    expect(mail.text).toContain(
      'Marie Thibodeaux of Thibodeaux Catering asked for a free consultation on your website.',
    );
    expect(mail.text).toContain('E-mail: marie@example.com\nPhone: 225-555-0142');
    expect(mail.text).toContain('A new site with <b>online</b> ordering.');
    expect(mail.text).toContain(`${t.baseUrl}/admin/requests?q=marie%40example.com`);
    expect(mail.html).toContain('A new site with &lt;b&gt;online&lt;/b&gt; ordering.');
    expect(sink.messages).toHaveLength(1);
  });

  it('is not sent for a request the honeypot drops, nor for one over the rate limit', async () => {
    expect(
      (await post({ name: 'Bot', email: 'bot@spam.example', website: 'http://spam.example' }))
        .status,
    ).toBe(201);
    for (let n = 0; n < 5; n += 1) {
      expect(
        (await post({ name: `Ann ${n}`, email: 'ann@example.com' }, '198.51.100.9')).status,
      ).toBe(201);
    }
    expect((await post({ name: 'Ann 6', email: 'ann@example.com' }, '198.51.100.9')).status).toBe(
      429,
    );
    await t.services.notifications.idle();
    const subjects = sink.messages.map((m) => m.subject).sort();
    expect(subjects).toEqual([0, 1, 2, 3, 4].map((n) => `New consultation request: Ann ${n}`));
  });

  it('sends nothing when Settings turn it off, and the request is stored all the same', async () => {
    await setConsultationEmails(false);
    try {
      expect((await post({ name: 'Quiet Quinn', email: 'quinn@example.com' })).status).toBe(201);
      await t.services.notifications.idle();
      expect(sink.messages).toEqual([]);
      expect(await t.database.db.select().from(outboxMessages)).toEqual([]);
      const rows = await t.database.db.select().from(consultations);
      expect(rows.map((row) => row.email)).toEqual(['quinn@example.com']);
    } finally {
      await setConsultationEmails(true);
    }
  });

  it('keeps the request when the mail server refuses the e-mail, which waits in the outbox', async () => {
    sink.refuse();
    const res = await post({ name: 'Refused Rita', email: 'rita@example.com' });
    expect(res.status).toBe(201);
    await t.services.notifications.idle();
    const rows = await t.database.db.select().from(consultations);
    expect(rows.map((row) => row.email)).toEqual(['rita@example.com']);
    const [kept] = await t.database.db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.toAddress, AGENCY));
    expect(kept).toMatchObject({
      subject: 'New consultation request: Refused Rita',
      status: 'failed',
    });
    expect(sink.refused).toBeGreaterThan(0);
  });
});
