import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { monthlyReports, subscriptions, users } from '../../db/schema';
import { createLogger } from '../../lib/logger';
import { createSubscriber, signedInAdmin } from '@tests/factories';
import { startFakeWebsites, type FakeWebsites } from '@tests/support/fake-websites';
import { pdfText } from '@tests/support/pdf-text';
import { clientWithNovember, NOVEMBER, planHistory } from '@tests/support/report-fixtures';
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
    history: Parameters<typeof planHistory>[2] = [{ kind: 'activated', at: createdAt }],
  ) => {
    const user = await createSubscriber(t.database, { tier: 'essentials', status });
    await t.database.db
      .update(users)
      .set({ email, createdAt: new Date(createdAt) })
      .where(eq(users.id, user.id));
    await planHistory(t.database, user.id, status === 'pending' ? [] : history);
    return user;
  };
  // Past due is still served; joined on Nov 20, their report starts that day.
  await subscriber('pastdue@example.test', 'past_due', '2026-11-20T18:00:00Z');
  reported.pastDue = 'pastdue@example.test';
  await subscriber('canceled@example.test', 'canceled', '2026-06-01T18:00:00Z', [
    { kind: 'activated', at: '2026-06-01T18:00:00Z' },
    { kind: 'canceled', at: '2026-10-02T08:00:00Z', periodEnd: '2026-10-01T18:00:00Z' },
  ]);
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

  it('reports a month to the clients whose plan was served in it, not to those on a plan now', async () => {
    clock.set('2026-12-12T15:00:00Z');
    const client = async (email: string, history: Parameters<typeof planHistory>[2]) => {
      const user = await createSubscriber(t.database, { tier: 'essentials', status: 'active' });
      await t.database.db
        .update(users)
        .set({ email, createdAt: new Date('2026-11-05T18:00:00Z') })
        .where(eq(users.id, user.id));
      await planHistory(t.database, user.id, history);
      return user;
    };
    // Made their account in November, subscribed on Dec 10: November is not theirs.
    const latecomer = await client('latecomer@example.test', [
      { kind: 'activated', at: '2026-12-10T16:00:00Z' },
    ]);
    // Subscribed on Nov 14 at 11:00 AM CST: their November starts that day.
    const midMonth = await client('midmonth@example.test', [
      { kind: 'activated', at: '2026-11-14T17:00:00Z' },
    ]);
    // Their plan ran to Nov 30 at 11:30 PM CST and the daily run ended it on Dec 1.
    const lastDay = await client('lastday@example.test', [
      { kind: 'activated', at: '2026-11-05T18:00:00Z' },
      { kind: 'canceled', at: '2026-12-01T08:00:00Z', periodEnd: '2026-12-01T05:30:00Z' },
    ]);
    await t.database.db
      .update(subscriptions)
      .set({ status: 'canceled' })
      .where(eq(subscriptions.userId, lastDay.id));

    // The server restarts on Dec 12: its run is November's again.
    expect(await t.services.reports.runMonthly()).toEqual({
      month: '2026-11',
      made: 2,
      completed: 0,
      sent: 2,
      failed: 0,
    });
    const november = await t.database.db
      .select({ email: users.email, periodStart: monthlyReports.periodStart })
      .from(monthlyReports)
      .innerJoin(users, eq(users.id, monthlyReports.userId))
      .where(eq(monthlyReports.month, '2026-11'));
    expect(november).toContainEqual({ email: 'midmonth@example.test', periodStart: '2026-11-14' });
    expect(november).toContainEqual({ email: 'lastday@example.test', periodStart: '2026-11-05' });
    expect(november.map((row) => row.email)).not.toContain('latecomer@example.test');
    expect(reportMails('Nov 2026')['latecomer@example.test']).toBeUndefined();

    // The admin's report of the same month starts on the same day.
    const { agent: admin } = await signedInAdmin(t.app, t.database);
    const made = await admin
      .post(`/api/admin/clients/${midMonth.id}/reports`)
      .send({ month: '2026-11' });
    expect(made.body).toMatchObject({ periodStart: '2026-11-14', periodEnd: '2026-11-30' });

    // Their accounts close here: the months below are the other clients'.
    await t.database.db
      .update(users)
      .set({ deactivatedAt: new Date('2026-12-12T15:00:00Z') })
      .where(inArray(users.id, [latecomer.id, midMonth.id]));
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
    // Read by the admin, then sent.
    expect(reportMails('Feb 2027')).toEqual({});
    expect((await admin.post(`/api/admin/reports/${soFar.body.id}/send`)).status).toBe(200);
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
    const [pastDue] = await t.database.db
      .update(subscriptions)
      .set({ status: 'canceled' })
      .where(eq(subscriptions.status, 'past_due'))
      .returning();
    // The agency ended it at once on Feb 26, 2027.
    await planHistory(t.database, pastDue!.userId, [
      { kind: 'canceled', at: '2027-02-26T18:00:00Z', periodEnd: '2027-02-26T18:00:00Z' },
    ]);
    clock.set('2027-04-01T12:00:00Z');
    const run = await t.services.reports.runMonthly();
    expect(run).toMatchObject({ month: '2027-03', made: 2, sent: 2 });
    expect(reportMails('Mar 2027')).toEqual({
      [reported.active!]: 1,
      [reported.december!]: 1,
    });
  });
});
