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

/** The one address a sunk message went to. */
const recipient = (message: SmtpSink['messages'][number]) =>
  (Array.isArray(message.to) ? message.to[0] : message.to)?.value[0]?.address;

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
    await t.services.notifications.idle();
    expect(sink.messages.filter((m) => recipient(m) === AGENCY)).toHaveLength(1);
  });

  it('is not sent for a request the honeypot drops, nor for one over the rate limit', async () => {
    expect(
      (await post({ name: 'Bot', email: 'bot@spam.example', website: 'http://spam.example' }))
        .status,
    ).toBe(201);
    for (let n = 0; n < 5; n += 1) {
      expect(
        (await post({ name: `Ann ${n}`, email: `ann${n}@example.com` }, '198.51.100.9')).status,
      ).toBe(201);
    }
    expect((await post({ name: 'Ann 6', email: 'ann6@example.com' }, '198.51.100.9')).status).toBe(
      429,
    );
    await t.services.notifications.idle();
    const subjects = sink.messages
      .filter((m) => recipient(m) === AGENCY)
      .map((m) => m.subject)
      .sort();
    expect(subjects).toEqual([0, 1, 2, 3, 4].map((n) => `New consultation request: Ann ${n}`));
  });

  it('sends the agency nothing when Settings turn it off, and the request is stored all the same', async () => {
    await setConsultationEmails(false);
    try {
      expect((await post({ name: 'Quiet Quinn', email: 'quinn@example.com' })).status).toBe(201);
      await t.services.notifications.idle();
      // The visitor's acknowledgement still goes: the setting is about the agency's e-mail.
      expect(sink.messages.map((m) => recipient(m))).toEqual(['quinn@example.com']);
      expect(
        await t.database.db
          .select()
          .from(outboxMessages)
          .where(eq(outboxMessages.toAddress, AGENCY)),
      ).toEqual([]);
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

describe("the visitor's acknowledgement", () => {
  it('tells them the agency has the request and what happens next, from the agency', async () => {
    expect(
      (await post({ name: 'Odile Broussard', email: 'odile@example.com', planId: 'signature' }))
        .status,
    ).toBe(201);
    const mail = await sink.waitFor((m) => recipient(m) === 'odile@example.com');
    expect(mail.from).toMatchObject({ value: [{ address: AGENCY, name: 'Bayou Web Works' }] });
    expect(mail.subject).toBe('Your consultation request to Bayou Web Works');
    expect(mail.text).toContain('Hello Odile Broussard,');
    expect(mail.text).toContain(
      'Thank you for asking Bayou Web Works for a free consultation about the Signature plan.',
    );
    expect(mail.text).toContain('What happens next: ');
    const agency = await sink.waitFor((m) => recipient(m) === AGENCY);
    expect(agency.text).toContain('Plan: Signature');
  });

  it('goes at most once a day to an address, whatever connection the requests come from', async () => {
    for (const [n, from] of ['203.0.113.200', '198.51.100.201', '192.0.2.202'].entries()) {
      const email = n === 1 ? 'ODILE@Example.com' : 'odile@example.com';
      expect((await post({ name: 'Odile', email, details: `Note ${n}` }, from)).status).toBe(201);
    }
    await t.services.notifications.idle();
    const to = (address: string) => sink.messages.filter((m) => recipient(m) === address);
    expect(to('odile@example.com').map((m) => m.subject)).toEqual([
      'Your consultation request to Bayou Web Works',
    ]);
    // The agency hears of each, the repeats said to be repeats of the one request kept.
    expect(
      to(AGENCY)
        .map((m) => m.subject)
        .sort(),
    ).toEqual([
      'New consultation request: Odile',
      'Repeat consultation request: Odile',
      'Repeat consultation request: Odile',
    ]);
    expect(
      to(AGENCY).some((m) =>
        /asked again for a free consultation on your website: request 3 since /.test(m.text ?? ''),
      ),
    ).toBe(true);
    expect(await t.database.db.select().from(consultations)).toHaveLength(1);

    // A day later the address is acknowledged again, for its new request.
    await t.database.db.update(consultations).set({
      createdAt: new Date(Date.now() - 25 * 60 * 60 * 1000),
      acknowledgedAt: new Date(Date.now() - 25 * 60 * 60 * 1000),
    });
    expect((await post({ name: 'Odile', email: 'odile@example.com' })).status).toBe(201);
    await t.services.notifications.idle();
    expect(to('odile@example.com')).toHaveLength(2);
    expect(await t.database.db.select().from(consultations)).toHaveLength(2);
  });
});
