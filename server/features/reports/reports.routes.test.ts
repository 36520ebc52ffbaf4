import { and, eq } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AdminReportSchema, AdminReportsSchema, ReportsSchema } from '@shared/schemas/reports';
import { auditEvents, monthlyReports, siteHealthScores, users } from '../../db/schema';
import { createClient, signedInAdmin, signedInClient } from '@tests/factories';
import { startFakeWebsites, type FakeWebsites } from '@tests/support/fake-websites';
import { pdfPageCount, pdfText } from '@tests/support/pdf-text';
import { clientWithNovember, insertSite, NOVEMBER } from '@tests/support/report-fixtures';
import { startSmtpSink, type SmtpSink } from '@tests/support/smtp-sink';
import { createTestClock, startTestApp, type TestApp } from '@tests/support/test-app';

/** Dec 1, 2026 at 7:00 AM in Chicago: the morning of the monthly run. */
const clock = createTestClock('2026-12-01T13:00:00Z');
let t: TestApp;
let smtp: SmtpSink;
let websites: FakeWebsites;
let admin: Awaited<ReturnType<typeof signedInAdmin>>['agent'];

const binary = (res: request.Response, callback: (error: Error | null, body: Buffer) => void) => {
  const chunks: Buffer[] = [];
  res.on('data', (chunk: Buffer) => chunks.push(chunk));
  res.on('end', () => callback(null, Buffer.concat(chunks)));
};

beforeAll(async () => {
  smtp = await startSmtpSink();
  websites = await startFakeWebsites();
  t = await startTestApp({ SMTP_URL: smtp.url, OUTBOUND_ALLOW_LOOPBACK: 'true' }, { clock });
  admin = (await signedInAdmin(t.app, t.database)).agent;
  const saved = await admin.put('/api/admin/settings').send({
    businessName: 'Bayou Web Works',
    businessEmail: 'care@bayouweb.test',
    businessPhone: '(504) 555-0134',
    businessCity: 'Lafayette',
    businessState: 'LA',
    businessWebsite: 'https://bayouweb.test',
  });
  expect(saved.status).toBe(200);
});
afterAll(async () => {
  await t.close();
  await smtp.close();
  await websites.close();
});

/** "Make report", then Send: the report e-mailed as the admin sends it once read. */
async function makeAndSend(clientId: string, body: { month: string }) {
  const made = await admin.post(`/api/admin/clients/${clientId}/reports`).send(body);
  if (made.status === 201) {
    expect((await admin.post(`/api/admin/reports/${made.body.id}/send`)).status).toBe(200);
  }
  return made;
}

const mailsTo = (address: string) =>
  smtp.messages.filter((mail) => !Array.isArray(mail.to) && mail.to?.text === address);

describe('the monthly report, made by the admin', () => {
  it("makes last month's report to read first, e-mails it on Send, and lists it", async () => {
    const { client, site } = await clientWithNovember(t.database, `${websites.origin}/site/4`, {
      email: 'camille@broussard.test',
    });
    const res = await admin.post(`/api/admin/clients/${client.id}/reports`).send({
      month: '2026-11',
    });
    expect(res.status).toBe(201);
    const report = AdminReportSchema.parse(res.body);
    expect(report).toMatchObject({
      month: '2026-11',
      periodStart: '2026-11-01',
      periodEnd: '2026-11-30',
      sentAt: null,
      message:
        'The report for Nov 2026 is made and not sent. Open its PDF to read it, then Send it to the client.',
    });
    // Nothing goes out before Send: not with the making, nor with the monthly run.
    const preview = await admin
      .get(`/api/admin/reports/${report.id}/pdf`)
      .buffer(true)
      .parse(binary);
    expect(preview.headers['content-disposition']).toBe(
      'inline; filename=Report-2026-11-Bayou-Web-Works.pdf',
    );
    expect(await pdfText(preview.body as Buffer)).toContain(`Total paid ${NOVEMBER.totalPaid}`);
    expect((await t.services.reports.runMonthly()).sent).toBe(0);
    await t.services.notifications.idle();
    expect(mailsTo('camille@broussard.test')).toEqual([]);

    const sent = await admin.post(`/api/admin/reports/${report.id}/send`);
    expect(sent.status).toBe(200);
    expect(AdminReportSchema.parse(sent.body)).toMatchObject({
      sentAt: '2026-12-01T13:00:00.000Z',
      message: 'The report for Nov 2026 was e-mailed to camille@broussard.test.',
    });

    const [mail] = mailsTo('camille@broussard.test');
    expect(mail?.subject).toBe('Your Nov 2026 report from Bayou Web Works');
    expect(mail!.text).toContain('Hello Camille,');
    expect(mail!.text).toContain(
      'Your report for Nov 2026 is attached: Nov 1, 2026 to Nov 30, 2026.',
    );
    expect(mail!.text).toContain('Your website was up 97.1% of the time, with 2 incidents.');
    expect(mail!.html).toContain('Bayou Web Works');
    expect(mail!.attachments).toHaveLength(1);
    const [attachment] = mail!.attachments;
    expect(attachment!.filename).toBe('Report-2026-11-Bayou-Web-Works.pdf');
    expect(attachment!.contentType).toBe('application/pdf');

    const text = await pdfText(attachment!.content);
    for (const expected of [
      'Bayou Web Works',
      'MONTHLY REPORT',
      'Nov 2026',
      'Nov 1, 2026 to Nov 30, 2026',
      'Camille Broussard',
      'Broussard Bakery',
      'Signature plan',
      site.url,
      NOVEMBER.uptime,
      NOVEMBER.median,
      `Certificate expires: ${NOVEMBER.certificate}`,
      `Domain expires: ${NOVEMBER.domain}`,
      NOVEMBER.incident.started,
      NOVEMBER.incident.duration,
      NOVEMBER.incident.reason,
      NOVEMBER.openIncident.started,
      'Still down',
      `Tickets opened: ${NOVEMBER.ticketsOpened}`,
      `Resolved: ${NOVEMBER.ticketsResolved}`,
      `Median first response: ${NOVEMBER.medianFirstResponse}`,
      `Website updates: ${NOVEMBER.updates}`,
      ...NOVEMBER.invoices.flatMap((invoice) => [
        invoice.number,
        invoice.amount,
        `Paid ${invoice.paid}`,
      ]),
      ...NOVEMBER.credits.flatMap((credit) => [
        credit.number,
        credit.amount,
        `Credited ${credit.issued}`,
      ]),
      `Total paid ${NOVEMBER.totalPaid}`,
      'Questions about this report? Write to care@bayouweb.test.',
    ]) {
      expect(text).toContain(expected);
    }
    // Not October's, not December's.
    expect(text).not.toContain('October outage');
    expect(text).not.toContain('INV-2026-0099');
    expect(text).not.toContain('INV-2026-0130');
    expect(text).not.toContain('CN-2026-0031');
    expect(await pdfPageCount(attachment!.content)).toBeGreaterThanOrEqual(1);
    expect(await pdfPageCount(attachment!.content)).toBeLessThanOrEqual(2);

    // The health score: the analyser read the stand-in page now, and kept it as November's.
    const [health] = await t.database.db
      .select()
      .from(siteHealthScores)
      .where(and(eq(siteHealthScores.siteId, site.id), eq(siteHealthScores.month, '2026-11')));
    expect(health!.score).toBeGreaterThan(0);
    const change = health!.score - NOVEMBER.previousHealthScore;
    expect(text).toContain(
      `Health score: ${health!.score} of 100 (${change > 0 ? 'up' : 'down'} ${Math.abs(change)} from ${NOVEMBER.previousHealthScore} last month)`,
    );
    expect(text).toContain(`To improve: ${health!.issues[0]}`);

    // The admin's list and download, and the audit log.
    const list = await admin.get(`/api/admin/clients/${client.id}/reports`);
    expect(list.status).toBe(200);
    expect(AdminReportsSchema.parse(list.body)).toEqual([
      {
        id: report.id,
        month: '2026-11',
        createdAt: '2026-12-01T13:00:00.000Z',
        periodStart: '2026-11-01',
        periodEnd: '2026-11-30',
        sentAt: '2026-12-01T13:00:00.000Z',
      },
    ]);
    const pdf = await admin.get(`/api/admin/reports/${report.id}/pdf`).buffer(true).parse(binary);
    expect(pdf.status).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(await pdfText(pdf.body as Buffer)).toContain(NOVEMBER.uptime);
    const audited = await t.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.kind, 'report.made'), eq(auditEvents.targetId, client.id)));
    expect(audited.map((event) => event.after)).toEqual([
      { month: '2026-11', periodStart: '2026-11-01', periodEnd: '2026-11-30', madeAgain: false },
    ]);
  });

  it('makes it again over the same row, unsent, and sends it again on "Send again"', async () => {
    const client = await createClient(t.database, {
      createdAt: new Date('2026-06-01T15:00:00Z'),
      email: 'odile@example.test',
    });
    const first = await admin.post(`/api/admin/clients/${client.id}/reports`).send({
      month: '2026-10',
    });
    expect(first.status).toBe(201);
    expect((await admin.post(`/api/admin/reports/${first.body.id}/send`)).status).toBe(200);
    clock.set('2026-12-01T14:00:00Z');
    try {
      const again = await admin.post(`/api/admin/clients/${client.id}/reports`).send({
        month: '2026-10',
      });
      expect(again.status).toBe(201);
      expect(again.body.id).toBe(first.body.id);
      expect(again.body.sentAt).toBeNull();
      const rows = await t.database.db
        .select({ id: monthlyReports.id })
        .from(monthlyReports)
        .where(eq(monthlyReports.userId, client.id));
      expect(rows).toHaveLength(1);

      clock.set('2026-12-01T15:00:00Z');
      const sent = await admin.post(`/api/admin/reports/${first.body.id}/send`);
      expect(sent.status).toBe(200);
      expect(AdminReportSchema.parse(sent.body)).toMatchObject({
        id: first.body.id,
        sentAt: '2026-12-01T15:00:00.000Z',
        message: 'The report for Oct 2026 was e-mailed to odile@example.test.',
      });
      const mails = mailsTo('odile@example.test');
      expect(mails.map((mail) => mail.subject)).toEqual([
        'Your Oct 2026 report from Bayou Web Works',
        'Your Oct 2026 report from Bayou Web Works',
      ]);
      // Without a website nor anything else that month, the report says so.
      const text = await pdfText(mails[1]!.attachments[0]!.content);
      expect(text).toContain('No website is watched for you yet.');
      expect(text).toContain('No invoice was paid in this period.');
      expect(text).toContain('Website updates: 0 updates requested (no plan includes updates)');
      const kinds = await t.database.db
        .select({ kind: auditEvents.kind, after: auditEvents.after })
        .from(auditEvents)
        .where(eq(auditEvents.targetId, client.id));
      expect(kinds).toContainEqual({
        kind: 'report.made',
        after: {
          month: '2026-10',
          periodStart: '2026-10-01',
          periodEnd: '2026-10-31',
          madeAgain: true,
        },
      });
      expect(kinds).toContainEqual({
        kind: 'report.sent',
        after: { month: '2026-10', sent: true },
      });
      expect(
        (await admin.post('/api/admin/reports/00000000-0000-4000-8000-000000000000/send')).status,
      ).toBe(404);
    } finally {
      clock.set('2026-12-01T13:00:00Z');
    }
  });

  it('gives the month so far, and the days since a client joined mid-month', async () => {
    const client = await createClient(t.database, {
      createdAt: new Date('2026-11-12T18:00:00Z'),
      email: 'lucie@example.test',
    });
    await insertSite(t.database, client.id, {
      url: `${websites.origin}/site/8`,
      createdAt: new Date('2026-11-12T18:00:00Z'),
    });
    const joined = await makeAndSend(client.id, {
      month: '2026-11',
    });
    expect(joined.status).toBe(201);
    expect(joined.body).toMatchObject({ periodStart: '2026-11-12', periodEnd: '2026-11-30' });

    clock.set('2026-12-09T20:00:00Z');
    try {
      const soFar = await makeAndSend(client.id, {
        month: '2026-12',
      });
      expect(soFar.status).toBe(201);
      expect(soFar.body).toMatchObject({ periodStart: '2026-12-01', periodEnd: '2026-12-09' });
      const mails = mailsTo('lucie@example.test');
      expect(mails).toHaveLength(2);
      const [november, december] = await Promise.all(
        mails.map((mail) => pdfText(mail.attachments[0]!.content)),
      );
      expect(november).toContain('Nov 12, 2026 to Nov 30, 2026 (since you joined)');
      expect(december).toContain('Dec 1, 2026 to Dec 9, 2026 (the month so far)');
      // A site without checks: no uptime to claim.
      expect(december).toContain('No checks');
    } finally {
      clock.set('2026-12-01T13:00:00Z');
    }
  });

  it("says an old month's health score was not measured rather than measuring it now", async () => {
    const client = await createClient(t.database, {
      createdAt: new Date('2026-06-01T15:00:00Z'),
      email: 'remy@example.test',
    });
    const site = await insertSite(t.database, client.id, { url: `${websites.origin}/site/4` });
    // On Dec 1, October is two months back: today's measure is not October's.
    const october = await makeAndSend(client.id, {
      month: '2026-10',
    });
    expect(october.status).toBe(201);
    const [mail] = mailsTo('remy@example.test');
    expect(await pdfText(mail!.attachments[0]!.content)).toContain('Health score: Not measured');
    const scores = await t.database.db
      .select({ month: siteHealthScores.month })
      .from(siteHealthScores)
      .where(eq(siteHealthScores.siteId, site.id));
    expect(scores).toEqual([]);

    // November, the month just ended, is measured and kept as November's.
    const november = await admin.post(`/api/admin/clients/${client.id}/reports`).send({
      month: '2026-11',
    });
    expect(november.status).toBe(201);
    const measured = await t.database.db
      .select({ month: siteHealthScores.month })
      .from(siteHealthScores)
      .where(eq(siteHealthScores.siteId, site.id));
    expect(measured).toEqual([{ month: '2026-11' }]);
  });

  it('refuses a month still to come, one before the client joined, and a bad month', async () => {
    const client = await createClient(t.database, {
      createdAt: new Date('2026-11-12T18:00:00Z'),
    });
    const path = `/api/admin/clients/${client.id}/reports`;
    for (const [month, message] of [
      ['2027-01', '2027-01 has not begun yet: a report covers a month up to today.'],
      [
        '2026-10',
        'The client joined on Nov 12, 2026: there is no report for 2026-10, a month before that.',
      ],
      ['2026-13', 'Month must be YYYY-MM, e.g. 2026-11'],
      ['', 'Month must be YYYY-MM, e.g. 2026-11'],
    ]) {
      const res = await admin.post(path).send({ month });
      expect(res.status, month).toBe(400);
      expect(res.body.message).toBe(message);
    }
    expect((await admin.post(path).send({})).body.message).toBe('Month is required');
    const rows = await t.database.db
      .select()
      .from(monthlyReports)
      .where(eq(monthlyReports.userId, client.id));
    expect(rows).toEqual([]);
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-an-id']) {
      const res = await admin.post(`/api/admin/clients/${id}/reports`).send({ month: '2026-11' });
      expect(res.status).toBe(404);
      expect((await admin.get(`/api/admin/clients/${id}/reports`)).status).toBe(404);
    }
  });
});

describe("the client's own reports", () => {
  it('lists them and downloads only their own PDF; anyone else gets 404', async () => {
    const camille = await signedInClient(t.baseUrl);
    const other = await signedInClient(t.baseUrl);
    for (const { user } of [camille, other]) {
      await t.database.db
        .update(users)
        .set({ createdAt: new Date('2026-09-01T15:00:00Z') })
        .where(eq(users.id, user.id));
    }
    const made = await admin.post(`/api/admin/clients/${camille.user.id}/reports`).send({
      month: '2026-11',
    });
    expect(made.status).toBe(201);
    // Held for the admin to read: not the client's to see until it is sent.
    expect(await (await camille.browser.request('GET', '/api/reports')).json()).toEqual([]);
    expect((await camille.browser.request('GET', `/api/reports/${made.body.id}/pdf`)).status).toBe(
      404,
    );
    expect((await admin.post(`/api/admin/reports/${made.body.id}/send`)).status).toBe(200);
    await makeAndSend(other.user.id, { month: '2026-10' });

    const listed = await camille.browser.request('GET', '/api/reports');
    expect(listed.status).toBe(200);
    expect(ReportsSchema.parse(await listed.json())).toEqual([
      { id: made.body.id, month: '2026-11', createdAt: '2026-12-01T13:00:00.000Z' },
    ]);

    const own = await camille.browser.request('GET', `/api/reports/${made.body.id}/pdf`);
    expect(own.status).toBe(200);
    expect(own.headers.get('content-type')).toBe('application/pdf');
    expect(own.headers.get('content-disposition')).toBe(
      'attachment; filename=Report-2026-11-Bayou-Web-Works.pdf',
    );
    expect(own.headers.get('x-content-type-options')).toBe('nosniff');
    expect(own.headers.get('cache-control')).toBe('private, no-store');
    const bytes = Buffer.from(await own.arrayBuffer());
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    expect(await pdfText(bytes)).toContain('Nov 1, 2026 to Nov 30, 2026');

    const theirs = await other.browser.request('GET', `/api/reports/${made.body.id}/pdf`);
    expect(theirs.status).toBe(404);
    expect(await theirs.json()).toEqual({ message: 'Report not found' });
    expect((await other.browser.request('GET', '/api/reports/not-an-id/pdf')).status).toBe(404);
    expect((await request(t.app).get(`/api/reports/${made.body.id}/pdf`)).status).toBe(401);
    expect(
      (await camille.browser.request('GET', `/api/admin/reports/${made.body.id}/pdf`)).status,
    ).toBe(401);
  });
});
