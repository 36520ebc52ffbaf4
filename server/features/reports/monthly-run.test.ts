import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { monthlyReports, subscriptions, users } from '../../db/schema';
import { createLogger } from '../../lib/logger';
import { createSubscriber, signedInAdmin } from '@tests/factories';
import { startFakeWebsites, type FakeWebsites } from '@tests/support/fake-websites';
import { pdfText } from '@tests/support/pdf-text';
import { clientWithNovember, NOVEMBER } from '@tests/support/report-fixtures';
import { startSmtpSink, type SmtpSink } from '@tests/support/smtp-sink';
import {
  createAppInstance,
  createTestClock,
  startTestApp,
  type TestApp,
} from '@tests/support/test-app';

/** Dec 1, 2026 at 7:00 AM in Chicago: REPORT_RUN_CRON's first run. */
const clock = createTestClock('2026-12-01T13:00:00Z');
let t: TestApp;
let smtp: SmtpSink;
let websites: FakeWebsites;
/** The clients who get a report: on a plan, served (active or past due), not deactivated. */
const reported: Record<string, string> = {};
/** Clients who get none: no plan served now, deactivated, or joined after the month. */
const unreported: string[] = [];

const subjectOf = (month: string) => `Your ${month} report from Bayou Web Works`;
/** The report e-mails of `month` ('Nov 2026') each address received. */
function reportMails(month: string) {
  const count: Record<string, number> = {};
  for (const mail of smtp.messages) {
    if (mail.subject !== subjectOf(month) || Array.isArray(mail.to) || !mail.to) continue;
    count[mail.to.text] = (count[mail.to.text] ?? 0) + 1;
  }
  return count;
}
const once = () => Object.fromEntries(Object.values(reported).map((email) => [email, 1]));

beforeAll(async () => {
  smtp = await startSmtpSink();
  websites = await startFakeWebsites();
  t = await startTestApp({ SMTP_URL: smtp.url, OUTBOUND_ALLOW_LOOPBACK: 'true' }, { clock });
  const { agent } = await signedInAdmin(t.app, t.database);
  await agent.put('/api/admin/settings').send({
    businessName: 'Bayou Web Works',
    businessEmail: 'care@bayouweb.test',
    businessPhone: '',
    businessCity: 'Lafayette',
    businessState: 'LA',
    businessWebsite: '',
  });

  const { client: active } = await clientWithNovember(t.database, `${websites.origin}/site/4`, {
    email: 'active@example.test',
  });
  reported.active = active.email!;
  const subscriber = async (
    email: string,
    status: 'active' | 'past_due' | 'canceled' | 'pending',
    createdAt: string,
  ) => {
    const user = await createSubscriber(t.database, { tier: 'essentials', status });
    await t.database.db
      .update(users)
      .set({ email, createdAt: new Date(createdAt) })
      .where(eq(users.id, user.id));
    return user;
  };
  // Past due is still served; joined on Nov 20, their report starts that day.
  await subscriber('pastdue@example.test', 'past_due', '2026-11-20T18:00:00Z');
  reported.pastDue = 'pastdue@example.test';
  await subscriber('canceled@example.test', 'canceled', '2026-06-01T18:00:00Z');
  await subscriber('pending@example.test', 'pending', '2026-06-01T18:00:00Z');
  // Joined on Dec 1 in Chicago (Dec 1, 12:30 AM CST): November was before them.
  await subscriber('december@example.test', 'active', '2026-12-01T06:30:00Z');
  const deactivated = await subscriber('gone@example.test', 'active', '2026-06-01T18:00:00Z');
  await t.database.db
    .update(users)
    .set({ deactivatedAt: new Date('2026-11-15T18:00:00Z') })
    .where(eq(users.id, deactivated.id));
  unreported.push(
    'canceled@example.test',
    'pending@example.test',
    'december@example.test',
    'gone@example.test',
  );
});
afterAll(async () => {
  await t.close();
  await smtp.close();
  await websites.close();
});

describe('the monthly run', () => {
  it("makes and sends last month's report of every client on a plan, once", async () => {
    const first = await t.services.reports.runMonthly();
    expect(first).toEqual({ month: '2026-11', made: 2, completed: 0, sent: 2, failed: 0 });
    expect(reportMails('Nov 2026')).toEqual(once());
    const addressed = smtp.messages.map((mail) => (Array.isArray(mail.to) ? '' : mail.to?.text));
    for (const email of unreported) expect(addressed).not.toContain(email);
    const rows = await t.database.db
      .select({
        email: users.email,
        periodStart: monthlyReports.periodStart,
        periodEnd: monthlyReports.periodEnd,
        sentAt: monthlyReports.sentAt,
      })
      .from(monthlyReports)
      .innerJoin(users, eq(users.id, monthlyReports.userId))
      .where(eq(monthlyReports.month, '2026-11'));
    expect(rows).toHaveLength(2);
    expect(rows).toContainEqual({
      email: 'pastdue@example.test',
      periodStart: '2026-11-20',
      periodEnd: '2026-11-30',
      sentAt: new Date('2026-12-01T13:00:00Z'),
    });
    const mail = smtp.messages.find((m) => !Array.isArray(m.to) && m.to?.text === reported.active);
    const text = await pdfText(mail!.attachments[0]!.content);
    expect(text).toContain(NOVEMBER.uptime);
    expect(text).toContain(`Website updates: ${NOVEMBER.updates}`);

    // Run again (a restart, the schedule's next tick): nothing more is made or sent.
    clock.set('2026-12-01T15:00:00Z');
    const second = await t.services.reports.runMonthly();
    expect(second).toEqual({ month: '2026-11', made: 0, completed: 0, sent: 0, failed: 0 });
    expect(reportMails('Nov 2026')).toEqual(once());
  });

  it('sends each report once when a run stopped between making and sending is run again', async () => {
    // December is the month the last client joined in: from now on they have reports too.
    reported.december = unreported.splice(unreported.indexOf('december@example.test'), 1)[0]!;
    clock.set('2027-01-01T13:00:00Z');
    // The run's first pass alone: the reports are made, and the process stops there.
    expect(await t.services.reports.makeMissing('2026-12')).toEqual({
      made: 3,
      completed: 0,
      failed: 0,
    });
    expect(reportMails('Dec 2026')).toEqual({});
    const unsent = await t.database.db
      .select({ sentAt: monthlyReports.sentAt })
      .from(monthlyReports)
      .where(eq(monthlyReports.month, '2026-12'));
    expect(unsent).toEqual([{ sentAt: null }, { sentAt: null }, { sentAt: null }]);

    // The restarted server's run makes nothing again, and sends what was made.
    clock.set('2027-01-01T13:05:00Z');
    expect(await t.services.reports.runMonthly()).toEqual({
      month: '2026-12',
      made: 0,
      completed: 0,
      sent: 3,
      failed: 0,
    });
    expect(reportMails('Dec 2026')).toEqual(once());
    expect((await t.services.reports.runMonthly()).sent).toBe(0);
    expect(reportMails('Dec 2026')).toEqual(once());
  });

  it('sends each report once when two instances run at the same moment', async () => {
    clock.set('2027-02-01T13:00:00Z');
    const other = await createAppInstance({
      config: t.config,
      database: t.database,
      logger: createLogger('silent'),
      clock: () => clock.now(),
    });
    try {
      // Both instances start with the same reports made and unsent (a restart of two
      // processes), and both send at once: each report is claimed by one of them.
      expect((await t.services.reports.makeMissing('2027-01')).made).toBe(3);
      const runs = await Promise.all([
        t.services.reports.runMonthly(),
        other.services.reports.runMonthly(),
      ]);
      expect(runs.map((run) => run.made)).toEqual([0, 0]);
      expect(runs.reduce((sum, run) => sum + run.sent, 0)).toBe(3);
      expect(reportMails('Jan 2027')).toEqual(once());
    } finally {
      await other.close();
    }
  });

  it("makes the admin's month-so-far report again over the whole month, and sends it", async () => {
    clock.set('2027-02-20T18:00:00Z');
    const [active] = await t.database.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, reported.active!));
    const { agent: admin } = await signedInAdmin(t.app, t.database);
    const soFar = await admin
      .post(`/api/admin/clients/${active!.id}/reports`)
      .send({ month: '2027-02' });
    expect(soFar.body).toMatchObject({ periodStart: '2027-02-01', periodEnd: '2027-02-20' });
    expect(reportMails('Feb 2027')).toEqual({ [reported.active!]: 1 });

    clock.set('2027-03-01T13:00:00Z');
    expect(await t.services.reports.runMonthly()).toEqual({
      month: '2027-02',
      made: 2,
      completed: 1,
      sent: 3,
      failed: 0,
    });
    expect(reportMails('Feb 2027')).toEqual({ ...once(), [reported.active!]: 2 });
    const february = await t.database.db
      .select({ id: monthlyReports.id, periodEnd: monthlyReports.periodEnd })
      .from(monthlyReports)
      .where(eq(monthlyReports.month, '2027-02'));
    expect(february).toContainEqual({ id: soFar.body.id, periodEnd: '2027-02-28' });
    expect((await t.services.reports.runMonthly()).sent).toBe(0);
  });

  it('stops reporting a client whose plan ended', async () => {
    await t.database.db
      .update(subscriptions)
      .set({ status: 'canceled' })
      .where(eq(subscriptions.status, 'past_due'));
    clock.set('2027-04-01T12:00:00Z');
    const run = await t.services.reports.runMonthly();
    expect(run).toMatchObject({ month: '2027-03', made: 2, sent: 2 });
    expect(reportMails('Mar 2027')).toEqual({
      [reported.active!]: 1,
      [reported.december!]: 1,
    });
  });
});
