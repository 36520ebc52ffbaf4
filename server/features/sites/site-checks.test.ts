import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AdminSiteSchema } from '@shared/schemas/sites';
import { outageDuration } from '@shared/outages';
import {
  siteChecks,
  siteIncidents,
  sites,
  ticketMessages,
  tickets,
  type User,
} from '../../db/schema';
import { createLogger } from '../../lib/logger';
import { createClient, signedInAdmin } from '@tests/factories';
import { startSmtpSink, type SmtpSink } from '@tests/support/smtp-sink';
import {
  createAppInstance,
  createTestClock,
  startTestApp,
  type AppInstance,
  type TestApp,
} from '@tests/support/test-app';

/**
 * The scheduled checks against a website on loopback that answers as the test says (the
 * loopback switch is on for this app only), with the e-mails caught by a real SMTP server.
 * The clock is the test's: a check is due when the clock passes the site's next check.
 */
const AGENCY = 'team@bayouweb.example';
const INTERVAL_SECONDS = 60;

let sink: SmtpSink;
let t: TestApp;
let admin: Awaited<ReturnType<typeof signedInAdmin>>['agent'];
const clock = createTestClock('2026-11-20T15:00:00Z');

/** The website: 200 with a page, or the status the test sets. */
const website = {
  status: 200,
  requests: 0,
  /** While set, each request waits for it, and `arrived` is told when one comes in. */
  hold: null as Promise<void> | null,
  arrived: () => {},
};
let server: http.Server;
let siteUrl: string;

beforeAll(async () => {
  server = http.createServer(async (_req, res) => {
    website.requests += 1;
    if (website.hold) {
      website.arrived();
      await website.hold;
    }
    res
      .writeHead(website.status, { 'content-type': 'text/html' })
      .end(website.status === 200 ? '<h1>Fresh bread daily</h1>' : 'Service unavailable');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  siteUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  sink = await startSmtpSink();
  t = await startTestApp(
    {
      OUTBOUND_ALLOW_LOOPBACK: 'true',
      SMTP_URL: sink.url,
      MAIL_RETRY_ATTEMPTS: '1',
      SITE_CHECK_INTERVAL_SECONDS: String(INTERVAL_SECONDS),
    },
    { clock },
  );
  admin = (await signedInAdmin(t.app, t.database)).agent;
  const settings = await admin.put('/api/admin/settings').send({
    businessName: 'Bayou Web Works',
    businessEmail: AGENCY,
    businessPhone: '',
    businessCity: 'Lafayette',
    businessState: 'LA',
    businessWebsite: '',
  });
  expect(settings.status).toBe(200);
});
afterAll(async () => {
  await t.close();
  await sink.close();
  await new Promise((resolve) => server.close(resolve));
});
beforeEach(async () => {
  website.status = 200;
  website.hold = null;
  await t.database.db.delete(sites);
  sink.messages.length = 0;
});

async function addSite(client: User, url = siteUrl) {
  const res = await admin.post(`/api/admin/clients/${client.id}/sites`).send({ url });
  expect(res.status).toBe(201);
  return AdminSiteSchema.parse(res.body);
}

const siteRow = async (id: string) =>
  (await t.database.db.select().from(sites).where(eq(sites.id, id)))[0]!;

/**
 * Moves the clock a second past the site's next check and lets `instance`'s scheduler tick:
 * the checks it claimed are recorded and their e-mails recorded before this returns.
 */
async function nextCheck(id: string, instance: AppInstance = t) {
  const due = (await siteRow(id)).nextCheckAt.getTime() + 1000;
  clock.set(new Date(Math.max(due, clock.now().getTime())));
  const claimed = await instance.services.sites.scheduler.tick();
  await instance.services.sites.scheduler.idle();
  await instance.services.notifications.idle();
  return claimed;
}

const incidentsOf = (id: string) =>
  t.database.db
    .select()
    .from(siteIncidents)
    .where(eq(siteIncidents.siteId, id))
    .orderBy(asc(siteIncidents.startedAt));
const notesOn = (ticketId: string) =>
  t.database.db
    .select()
    .from(ticketMessages)
    .where(eq(ticketMessages.ticketId, ticketId))
    .orderBy(asc(ticketMessages.createdAt));
const ticketsOf = (client: User) =>
  t.database.db.select().from(tickets).where(eq(tickets.userId, client.id));
const subjects = () =>
  sink.messages.map(
    (mail) => `${mail.to && 'value' in mail.to ? mail.to.value[0]!.address : ''} ${mail.subject}`,
  );

describe('a website that fails and recovers', () => {
  it('opens one incident and one ticket after two failures, e-mails the agency and the client, and closes it with its duration', async () => {
    const client = await createClient(t.database);
    const site = await addSite(client);
    expect(await nextCheck(site.id)).toBe(1);
    expect(await siteRow(site.id)).toMatchObject({ status: 'up', consecutiveFailures: 0 });

    website.status = 503;
    await nextCheck(site.id);
    const firstFailure = clock.now();
    expect(await siteRow(site.id)).toMatchObject({
      status: 'up',
      consecutiveFailures: 1,
      lastError: 'HTTP 503',
    });
    expect(await incidentsOf(site.id)).toEqual([]);

    await nextCheck(site.id);
    expect(await siteRow(site.id)).toMatchObject({ status: 'down', consecutiveFailures: 2 });
    const [incident] = await incidentsOf(site.id);
    expect(incident).toMatchObject({ reason: 'HTTP 503', endedAt: null });
    // It started with the first failure, not when it was counted.
    expect(incident!.startedAt.getTime()).toBeGreaterThanOrEqual(firstFailure.getTime() - 60_000);
    expect(incident!.startedAt.getTime()).toBeLessThan(clock.now().getTime());
    const [ticket] = await ticketsOf(client);
    expect(ticket).toMatchObject({
      subject: 'Your website 127.0.0.1 is down',
      priority: 'high',
      status: 'open',
    });
    expect(ticket!.responseDueAt).not.toBeNull();
    expect(incident!.ticketId).toBe(ticket!.id);

    const down = await sink.waitFor((mail) => mail.subject === 'Website down: 127.0.0.1');
    expect(down.to).toMatchObject({ value: [{ address: AGENCY }] });
    expect(down.text).toContain(`${siteUrl} of Camille Broussard (${client.email}) is down since`);
    const told = await sink.waitFor(
      (mail) => mail.subject === `[#${ticket!.number}] Your website 127.0.0.1 is down`,
    );
    expect(told.to).toMatchObject({ value: [{ address: client.email }] });
    expect(told.text).toContain(`Your website ${siteUrl} has not been answering`);
    expect(told.text).toContain('We are on it');
    expect(told.replyTo?.text).toContain(`+t_${ticket!.replyToken}@`);
    expect(sink.messages).toHaveLength(2);

    // A third failure: the same incident, no second ticket, no e-mail.
    await nextCheck(site.id);
    expect(await incidentsOf(site.id)).toHaveLength(1);
    expect(await ticketsOf(client)).toHaveLength(1);
    expect(sink.messages).toHaveLength(2);

    website.status = 200;
    await nextCheck(site.id);
    const back = clock.now();
    expect(await siteRow(site.id)).toMatchObject({
      status: 'up',
      consecutiveFailures: 0,
      lastError: null,
    });
    const [closed] = await incidentsOf(site.id);
    expect(closed!.endedAt).toEqual(back);
    // Measured and written as the report and the screens do.
    const lasted = outageDuration(closed!.startedAt, back);
    const recovered = await sink.waitFor(
      (mail) => mail.subject === `[#${ticket!.number}] Your website 127.0.0.1 is back up`,
    );
    expect(recovered.to).toMatchObject({ value: [{ address: client.email }] });
    expect(recovered.text).toContain(`It was down for ${lasted}.`);
    // Its ticket is resolved, with a note saying so.
    const [resolved] = await ticketsOf(client);
    expect(resolved).toMatchObject({ status: 'resolved', responseDueAt: null });
    const notes = await notesOn(resolved!.id);
    expect(notes.at(-1)).toMatchObject({
      isAdminReply: true,
      message: `Your website ${siteUrl} is back up: it was down for ${lasted}. We mark this ticket resolved; it opens again by itself if the site goes down within a day. Answer here if anything still looks wrong.`,
    });
    await sink.waitFor((mail) => mail.subject === 'Website back up: 127.0.0.1');
    expect(sink.messages).toHaveLength(4);

    const checks = await t.database.db
      .select()
      .from(siteChecks)
      .where(eq(siteChecks.siteId, site.id));
    expect(checks.map((check) => check.ok)).toEqual([true, false, false, false, true]);
    expect(checks[1]).toMatchObject({ statusCode: 503, reason: 'HTTP 503' });
  });

  it('sends at most one pair of e-mails an hour while a site flaps, and keeps its incidents on one ticket', async () => {
    const client = await createClient(t.database);
    const site = await addSite(client);
    const flap = async () => {
      website.status = 503;
      await nextCheck(site.id);
      await nextCheck(site.id);
      website.status = 200;
      await nextCheck(site.id);
    };
    await flap();
    expect(sink.messages).toHaveLength(4);
    await flap();
    await flap();
    const flaps = await incidentsOf(site.id);
    expect(flaps).toHaveLength(3);
    // Each flap within the hour of the last one goes on the first one's ticket.
    const [ticket] = await ticketsOf(client);
    expect(await ticketsOf(client)).toHaveLength(1);
    expect(flaps.map((incident) => incident.ticketId)).toEqual([
      ticket!.id,
      ticket!.id,
      ticket!.id,
    ]);
    expect(sink.messages).toHaveLength(4);

    // An hour after the last pair, the next incident is told again, with its recovery; still
    // within the day, on the same ticket.
    clock.set(new Date(clock.now().getTime() + 61 * 60_000));
    await flap();
    expect(await incidentsOf(site.id)).toHaveLength(4);
    expect(await ticketsOf(client)).toHaveLength(1);
    expect(sink.messages).toHaveLength(8);
    expect(subjects().filter((line) => line.includes('Website down'))).toHaveLength(2);
    expect(subjects().filter((line) => line.includes('Website back up'))).toHaveLength(2);
  });

  it('opens the resolved ticket again when the site falls within a day, a new one after', async () => {
    const client = await createClient(t.database);
    const site = await addSite(client);
    const fail = async () => {
      website.status = 503;
      await nextCheck(site.id);
      await nextCheck(site.id);
    };
    const recover = async () => {
      website.status = 200;
      await nextCheck(site.id);
    };
    await fail();
    await recover();
    const [first] = await ticketsOf(client);
    expect(first!.status).toBe('resolved');

    // Down again 23 hours later: the same ticket, open again, with a note.
    clock.set(new Date(clock.now().getTime() + 23 * 60 * 60_000));
    await fail();
    expect(await ticketsOf(client)).toEqual([expect.objectContaining({ status: 'open' })]);
    expect((await notesOn(first!.id)).at(-1)!.message).toBe(
      `Your website ${siteUrl} is down again: HTTP 503. We are looking into it and will write here when it is back.`,
    );
    const [, second] = await incidentsOf(site.id);
    expect(second!.ticketId).toBe(first!.id);
    await recover();
    expect((await ticketsOf(client))[0]!.status).toBe('resolved');

    // More than a day after it was back: a new ticket.
    clock.set(new Date(clock.now().getTime() + 25 * 60 * 60_000));
    await fail();
    const all = await ticketsOf(client);
    expect(all).toHaveLength(2);
    expect(all.find((ticket) => ticket.id !== first!.id)).toMatchObject({ status: 'open' });
  });

  it('sends a down pair the hourly window held back on a failed check after the hour, then its recovery', async () => {
    const client = await createClient(t.database);
    const site = await addSite(client);
    website.status = 503;
    await nextCheck(site.id);
    await nextCheck(site.id);
    website.status = 200;
    await nextCheck(site.id);
    expect(sink.messages).toHaveLength(4);
    const firstAlert = (await siteRow(site.id)).lastAlertAt!;

    // Down again within the hour: the incident opens, its e-mails are held back.
    website.status = 503;
    await nextCheck(site.id);
    await nextCheck(site.id);
    const [, held] = await incidentsOf(site.id);
    expect(held).toMatchObject({ endedAt: null, alertedAt: null });
    expect(sink.messages).toHaveLength(4);

    // Still down once the hour has passed: the held pair goes, once.
    clock.set(new Date(firstAlert.getTime() + 61 * 60_000));
    await nextCheck(site.id);
    await nextCheck(site.id);
    expect(subjects().filter((line) => line.includes('Website down'))).toHaveLength(2);
    expect(sink.messages).toHaveLength(6);
    const [, told] = await incidentsOf(site.id);
    expect(told!.alertedAt).not.toBeNull();
    expect((await siteRow(site.id)).lastAlertAt).toEqual(told!.alertedAt);

    website.status = 200;
    await nextCheck(site.id);
    expect(subjects().filter((line) => line.includes('Website back up'))).toHaveLength(2);
    expect(sink.messages).toHaveLength(8);
  });

  it('checks a site now when the admin asks, recorded like a scheduled check', async () => {
    const client = await createClient(t.database);
    const site = await addSite(client);
    website.status = 503;
    const res = await admin.post(`/api/admin/sites/${site.id}/check`);
    expect(res.status).toBe(200);
    expect(AdminSiteSchema.parse(res.body)).toMatchObject({
      status: 'unknown',
      consecutiveFailures: 1,
      lastError: 'HTTP 503',
      lastCheckedAt: clock.now().toISOString(),
    });
    const again = AdminSiteSchema.parse(
      (await admin.post(`/api/admin/sites/${site.id}/check`)).body,
    );
    expect(again.status).toBe('down');
    expect(again.openIncident).toMatchObject({ reason: 'HTTP 503', endedAt: null });
    await t.services.notifications.idle();
    expect(subjects().filter((line) => line.includes('Website down'))).toHaveLength(1);
  });
});

describe('a restart or a second server in the middle', () => {
  it('claims each due check once, and never opens a second incident or ticket', async () => {
    const client = await createClient(t.database);
    const site = await addSite(client);
    const other = await createAppInstance({
      config: t.config,
      database: t.database,
      logger: createLogger('silent'),
      clock: () => clock.now(),
    });
    try {
      website.status = 503;
      // The first failure on this server...
      await nextCheck(site.id);
      const due = (await siteRow(site.id)).nextCheckAt;
      // ...then both ticking at once, as two servers (or a restarted one beside its old self).
      clock.set(new Date(due.getTime() + 1000));
      const claimed = await Promise.all([
        t.services.sites.scheduler.tick(),
        other.services.sites.scheduler.tick(),
      ]);
      await Promise.all([t.services.sites.scheduler.idle(), other.services.sites.scheduler.idle()]);
      expect(claimed.sort()).toEqual([0, 1]);
      expect((await siteRow(site.id)).nextCheckAt.getTime()).toBe(
        due.getTime() + INTERVAL_SECONDS * 1000,
      );
      // Ticking again in the same second finds nothing due.
      expect(await t.services.sites.scheduler.tick()).toBe(0);
      expect(await incidentsOf(site.id)).toHaveLength(1);

      // Checks recorded at once on both: still the one incident and its one ticket.
      await Promise.all([
        admin.post(`/api/admin/sites/${site.id}/check`),
        other.services.sites.checkNow(site.id),
        t.services.sites.checkNow(site.id),
      ]);
      await Promise.all([t.services.notifications.idle(), other.services.notifications.idle()]);
      expect(await incidentsOf(site.id)).toHaveLength(1);
      expect(await ticketsOf(client)).toHaveLength(1);
      expect(subjects().filter((line) => line.includes('Website down'))).toHaveLength(1);
      const checks = await t.database.db
        .select()
        .from(siteChecks)
        .where(eq(siteChecks.siteId, site.id));
      expect(checks).toHaveLength(5);
    } finally {
      await other.close();
    }
  });

  it('runs at most SITE_CHECK_CONCURRENCY checks at once in a process', async () => {
    const client = await createClient(t.database);
    const added = [await addSite(client), await addSite(client, `${siteUrl}shop`)];
    const one = await createAppInstance({
      config: { ...t.config, sites: { ...t.config.sites, concurrency: 1 } },
      database: t.database,
      logger: createLogger('silent'),
      clock: () => clock.now(),
    });
    try {
      const due = Math.max(
        ...(await Promise.all(added.map((site) => siteRow(site.id)))).map((row) =>
          row.nextCheckAt.getTime(),
        ),
      );
      clock.set(new Date(Math.max(due + 1000, clock.now().getTime())));
      expect(await one.services.sites.scheduler.tick()).toBe(1);
      await one.services.sites.scheduler.idle();
      expect(await one.services.sites.scheduler.tick()).toBe(1);
      await one.services.sites.scheduler.idle();
    } finally {
      await one.close();
    }
  });

  it('after a server was down for an hour checks each site once, not once per missed slot', async () => {
    const client = await createClient(t.database);
    const site = await addSite(client);
    const due = (await siteRow(site.id)).nextCheckAt;
    clock.set(new Date(due.getTime() + 60 * 60_000 + 5000));
    expect(await t.services.sites.scheduler.tick()).toBe(1);
    await t.services.sites.scheduler.idle();
    expect(await t.services.sites.scheduler.tick()).toBe(0);
    const next = (await siteRow(site.id)).nextCheckAt.getTime();
    // The next slot on the site's own grid, after now.
    expect(next).toBeGreaterThan(clock.now().getTime());
    expect(next - clock.now().getTime()).toBeLessThanOrEqual(INTERVAL_SECONDS * 1000);
    expect((next - due.getTime()) % (INTERVAL_SECONDS * 1000)).toBe(0);
  });

  it('records nothing of a check still running when the admin changes the address or pauses', async () => {
    const client = await createClient(t.database);
    for (const change of [{ url: 'http://127.0.0.1:9/' }, { paused: true }]) {
      const site = await addSite(client);
      website.status = 503;
      let release = () => {};
      website.hold = new Promise<void>((resolve) => (release = resolve));
      const arrived = new Promise<void>((resolve) => (website.arrived = resolve));
      const running = t.services.sites.checkNow(site.id).catch(() => null);
      await arrived;
      const res = await admin.patch(`/api/admin/sites/${site.id}`).send(change);
      expect(res.status).toBe(200);
      release();
      await running;
      const checks = await t.database.db
        .select()
        .from(siteChecks)
        .where(eq(siteChecks.siteId, site.id));
      expect(checks).toEqual([]);
      expect(await siteRow(site.id)).toMatchObject({
        status: 'unknown',
        consecutiveFailures: 0,
        lastCheckedAt: null,
      });
      website.hold = null;
    }
  });

  it('does not check the sites of a deactivated client, and checks them again once reactivated', async () => {
    const client = await createClient(t.database);
    const site = await addSite(client);
    const off = await admin.put(`/api/admin/clients/${client.id}/active`).send({ active: false });
    expect(off.status).toBe(200);
    const before = website.requests;
    clock.set(new Date(clock.now().getTime() + 2 * INTERVAL_SECONDS * 1000));
    expect(await t.services.sites.scheduler.tick()).toBe(0);
    expect(website.requests).toBe(before);
    const on = await admin.put(`/api/admin/clients/${client.id}/active`).send({ active: true });
    expect(on.status).toBe(200);
    expect(await nextCheck(site.id)).toBe(1);
    expect(website.requests).toBe(before + 1);
  });

  it('does not check paused sites', async () => {
    const client = await createClient(t.database);
    const site = await addSite(client);
    await admin.patch(`/api/admin/sites/${site.id}`).send({ paused: true });
    const before = website.requests;
    clock.set(new Date(clock.now().getTime() + 2 * INTERVAL_SECONDS * 1000));
    expect(await t.services.sites.scheduler.tick()).toBe(0);
    expect(website.requests).toBe(before);
  });
});
