import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AdminSiteSchema } from '@shared/schemas/sites';
import { sites } from '../../db/schema';
import { createLogger } from '../../lib/logger';
import { createClient, signedInAdmin } from '@tests/factories';
import { startRdapStandIn, type RdapStandIn } from '@tests/support/rdap-stand-in';
import { createTestAuthority, daysFrom } from '@tests/support/site-stand-ins';
import { startSmtpSink, type SmtpSink } from '@tests/support/smtp-sink';
import {
  createAppInstance,
  createTestClock,
  startTestApp,
  type AppInstance,
  type TestApp,
} from '@tests/support/test-app';

/**
 * The agency's warnings of a certificate or a domain about to lapse: once per threshold and
 * expiry date, whatever runs again. A real HTTPS server on loopback presents certificates of
 * a private authority (this process does not trust it, so the checks fail: the warning is
 * about the dates, which are read all the same); a real RDAP server answers for domains.
 */
const AGENCY = 'team@bayouweb.example';
const start = new Date();
const clock = createTestClock(start);
let authority: Awaited<ReturnType<typeof createTestAuthority>>;
let website: https.Server;
let siteUrl: string;
let rdap: RdapStandIn;
let sink: SmtpSink;
let t: TestApp;
let admin: Awaited<ReturnType<typeof signedInAdmin>>['agent'];

beforeAll(async () => {
  authority = await createTestAuthority();
  // A 90-day certificate with 10 days left: it renews itself at 30, so it warns at 7.
  website = https.createServer(
    await authority.issue({ validFrom: daysFrom(start, -80), validTo: daysFrom(start, 10) }),
    (_req, res) => res.writeHead(200, { 'content-type': 'text/html' }).end('<h1>Open</h1>'),
  );
  await new Promise<void>((resolve) => website.listen(0, '127.0.0.1', resolve));
  siteUrl = `https://127.0.0.1:${(website.address() as AddressInfo).port}/`;
  rdap = await startRdapStandIn({ tlds: ['com'] });
  sink = await startSmtpSink();
  t = await startTestApp(
    {
      OUTBOUND_ALLOW_LOOPBACK: 'true',
      SMTP_URL: sink.url,
      MAIL_RETRY_ATTEMPTS: '1',
      RDAP_URL: rdap.rdapUrl,
      // The untrusted certificate fails each check: no incident gets in the way here.
      SITE_CHECK_FAILURES_BEFORE_DOWN: '20',
    },
    { clock },
  );
  admin = (await signedInAdmin(t.app, t.database)).agent;
  await admin.put('/api/admin/settings').send({
    businessName: 'Bayou Web Works',
    businessEmail: AGENCY,
    businessPhone: '',
    businessCity: 'Lafayette',
    businessState: 'LA',
    businessWebsite: '',
  });
});
afterAll(async () => {
  await t.close();
  await sink.close();
  await rdap.close();
  website.closeAllConnections();
  await new Promise((resolve) => website.close(resolve));
  authority.remove();
});
beforeEach(() => {
  clock.set(start);
  sink.messages.length = 0;
});

const siteRow = async (id: string) =>
  (await t.database.db.select().from(sites).where(eq(sites.id, id)))[0]!;
const warnings = (prefix: string) =>
  sink.messages.filter((mail) => mail.subject?.startsWith(prefix));

describe('a certificate about to lapse', () => {
  it('warns the agency once when it comes within its threshold, and again for a renewed one', async () => {
    const client = await createClient(t.database);
    const res = await admin.post(`/api/admin/clients/${client.id}/sites`).send({ url: siteUrl });
    const site = AdminSiteSchema.parse(res.body);
    const check = async (at: Date, instance: AppInstance = t) => {
      clock.set(at);
      await instance.services.sites.checkNow(site.id);
      await instance.services.notifications.idle();
    };

    await check(start);
    const first = await siteRow(site.id);
    expect(first.certificateExpiresAt!.getTime()).toBeCloseTo(daysFrom(start, 10).getTime(), -4);
    expect(first.certificateValid).toBe(false);
    // 10 days left of a 90-day certificate: not yet (7).
    expect(warnings('Certificate')).toEqual([]);

    await check(daysFrom(start, 2.5));
    expect(warnings('Certificate')).toEqual([]);
    await check(daysFrom(start, 4.5));
    const [warned] = warnings('Certificate');
    expect(warned!.subject).toBe('Certificate expiring: 127.0.0.1 in 5 days');
    expect(warned!.to).toMatchObject({ value: [{ address: AGENCY }] });
    expect(warned!.text).toContain(`The HTTPS certificate of ${siteUrl} (Camille Broussard`);
    expect(warned!.text).toContain('should have renewed itself');

    // The next checks, and another server's, do not warn again.
    await check(daysFrom(start, 5));
    const other = await createAppInstance({
      config: t.config,
      database: t.database,
      logger: createLogger('silent'),
      clock: () => clock.now(),
    });
    try {
      await check(daysFrom(start, 5.5), other);
    } finally {
      await other.close();
    }
    expect(warnings('Certificate')).toHaveLength(1);

    // Renewed for a year (a new expiry): nothing to say until that one comes within 14 days.
    website.setSecureContext(
      await authority.issue({ validFrom: daysFrom(start, 6), validTo: daysFrom(start, 371) }),
    );
    await check(daysFrom(start, 6));
    expect((await siteRow(site.id)).certificateExpiresAt!.getTime()).toBeCloseTo(
      daysFrom(start, 371).getTime(),
      -4,
    );
    await check(daysFrom(start, 356));
    expect(warnings('Certificate')).toHaveLength(1);
    await check(daysFrom(start, 358));
    expect(warnings('Certificate').map((mail) => mail.subject)).toEqual([
      'Certificate expiring: 127.0.0.1 in 5 days',
      'Certificate expiring: 127.0.0.1 in 12 days',
    ]);
    expect(warnings('Certificate')[1]!.text).toContain('Renew it before then');
  });
});

describe('a domain about to lapse', () => {
  // Each test's sites only: the pass looks at every site.
  beforeEach(async () => {
    await t.database.db.delete(sites);
  });

  /** A site on a registered domain, stored directly: adding it would ask the real DNS. */
  async function domainSite(url: string) {
    const client = await createClient(t.database);
    const [row] = await t.database.db
      .insert(sites)
      .values({ userId: client.id, url, nextCheckAt: daysFrom(start, 1000) })
      .returning();
    return row!;
  }
  const pass = async () => {
    const result = await t.services.sites.checkDomains();
    await t.services.notifications.idle();
    return result;
  };
  const asked = (domain: string) =>
    rdap.requests.filter((request) => request.path === `/rdap/domain/${domain}`).length;

  it('looks a domain up once a day, warns once within 30 days, and again for a new date', async () => {
    rdap.domains['bakery.com'] = { expiresAt: daysFrom(start, 200).toISOString() };
    const site = await domainSite('https://www.bakery.com/');
    expect(await pass()).toMatchObject({ looked: 1, failed: 0, warned: 0 });
    expect(await siteRow(site.id)).toMatchObject({
      domainExpiresAt: daysFrom(start, 200),
      domainExpirySource: 'rdap',
    });
    expect(asked('bakery.com')).toBe(1);
    await pass();
    clock.set(daysFrom(start, 0.9));
    await pass();
    expect(asked('bakery.com')).toBe(1);

    // Not renewed: a day later the registry still says so, and then it comes within 30 days.
    rdap.domains['bakery.com'] = { expiresAt: daysFrom(start, 25).toISOString() };
    clock.set(daysFrom(start, 1.1));
    expect(await pass()).toMatchObject({ looked: 1, warned: 1 });
    expect(warnings('Domain').map((mail) => mail.subject)).toEqual([
      'Domain expiring: bakery.com in 23 days',
    ]);
    expect(warnings('Domain')[0]!.text).toContain(
      'The domain bakery.com of https://www.bakery.com/ (Camille Broussard',
    );
    clock.set(daysFrom(start, 2.2));
    expect(await pass()).toMatchObject({ looked: 1, warned: 0 });
    expect(warnings('Domain')).toHaveLength(1);

    // Renewed for a year: nothing until that date comes near.
    rdap.domains['bakery.com'] = { expiresAt: daysFrom(start, 390).toISOString() };
    clock.set(daysFrom(start, 3.3));
    expect(await pass()).toMatchObject({ warned: 0 });
    clock.set(daysFrom(start, 365));
    expect(await pass()).toMatchObject({ warned: 1 });
    expect(warnings('Domain')).toHaveLength(2);
  });

  it('keeps the last good date when a look-up fails, and tries again at the next pass', async () => {
    rdap.domains['bayou-eats.com'] = { expiresAt: daysFrom(start, 300).toISOString() };
    const site = await domainSite('https://bayou-eats.com/');
    await pass();
    const looked = (await siteRow(site.id)).domainCheckedAt;
    rdap.domains['bayou-eats.com'] = { status: 500 };
    clock.set(daysFrom(start, 1.5));
    expect(await pass()).toMatchObject({ looked: 1, failed: 1 });
    expect(await siteRow(site.id)).toMatchObject({
      domainExpiresAt: daysFrom(start, 300),
      domainCheckedAt: looked,
    });
    rdap.domains['bayou-eats.com'] = { expiresAt: daysFrom(start, 665).toISOString() };
    clock.set(daysFrom(start, 1.6));
    expect(await pass()).toMatchObject({ looked: 1, failed: 0 });
    expect((await siteRow(site.id)).domainExpiresAt).toEqual(daysFrom(start, 665));
  });

  it('never overwrites a date typed by hand with RDAP, and hands it back with null', async () => {
    rdap.domains['crawfish.com'] = { expiresAt: daysFrom(start, 500).toISOString() };
    const site = await domainSite('https://crawfish.com/');
    const typedOn = new Date(start.getTime() + 20 * 86_400_000).toISOString().slice(0, 10);
    const typed = await admin
      .patch(`/api/admin/sites/${site.id}`)
      .send({ domainExpiresOn: typedOn });
    expect(typed.status).toBe(200);
    const manual = (await siteRow(site.id)).domainExpiresAt;
    expect(await pass()).toMatchObject({ warned: 1 });
    expect(asked('crawfish.com')).toBe(0);
    expect(warnings('Domain')[0]!.text).toContain('(the date typed on the client page)');
    for (const days of [1.5, 3, 10]) {
      clock.set(daysFrom(start, days));
      await pass();
    }
    expect(asked('crawfish.com')).toBe(0);
    expect(await siteRow(site.id)).toMatchObject({
      domainExpiresAt: manual,
      domainExpirySource: 'manual',
    });
    expect(warnings('Domain')).toHaveLength(1);

    const back = await admin.patch(`/api/admin/sites/${site.id}`).send({ domainExpiresOn: null });
    expect(back.body).toMatchObject({ domainExpiresAt: null, domainExpirySource: null });
    await pass();
    expect(asked('crawfish.com')).toBe(1);
    expect(await siteRow(site.id)).toMatchObject({
      domainExpiresAt: daysFrom(start, 500),
      domainExpirySource: 'rdap',
    });
  });

  it('asks nothing for an address without a domain', async () => {
    const site = await domainSite('https://8.8.8.8/');
    const before = rdap.requests.length;
    await pass();
    expect(rdap.requests.length).toBe(before);
    expect((await siteRow(site.id)).domainExpiresAt).toBeNull();
  });
});
