import { eq, inArray } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AdminSiteSchema,
  ClientSitesSchema,
  SiteCareSummarySchema,
  SiteChecksPageSchema,
  SiteIncidentsPageSchema,
  SitePageSchema,
  type AdminSite,
} from '@shared/schemas/sites';
import { auditEvents, siteChecks, siteIncidents, sites } from '../../db/schema';
import { createClient, signedInAdmin, signedInClient } from '@tests/factories';
import { startTestApp, type TestApp } from '@tests/support/test-app';

/**
 * The admin's websites of a client and the client's own list, through the HTTP API, with the
 * test-only loopback switch OFF: only public addresses may be added. No check runs here (no
 * job runner): site-checks.test.ts drives them against stand-ins.
 */
let t: TestApp;
let admin: Awaited<ReturnType<typeof signedInAdmin>>['agent'];
beforeAll(async () => {
  t = await startTestApp({ SITE_CHECK_INTERVAL_SECONDS: '300' });
  admin = (await signedInAdmin(t.app, t.database)).agent;
});
afterAll(async () => {
  await t.close();
});

/** Public addresses as literals: valid without a DNS answer, never fetched here. */
const PUBLIC = ['http://93.184.215.14/', 'https://8.8.8.8/', 'https://[2606:4700:4700::1111]/'];

async function addSite(clientId: string, body: object) {
  return admin.post(`/api/admin/clients/${clientId}/sites`).send(body);
}

const rowsOf = (clientId: string) =>
  t.database.db.select().from(sites).where(eq(sites.userId, clientId));

describe('adding a website', () => {
  it('adds a public address to the client, unknown until checked, its first check within the interval', async () => {
    const client = await createClient(t.database);
    const before = Date.now();
    const res = await addSite(client.id, { url: PUBLIC[0], keyword: '  Fresh bread ' });
    expect(res.status).toBe(201);
    const site = AdminSiteSchema.parse(res.body);
    expect(site).toMatchObject({
      url: 'http://93.184.215.14/',
      keyword: 'Fresh bread',
      clientId: client.id,
      status: 'unknown',
      paused: false,
      lastCheckedAt: null,
      uptime30d: null,
      consecutiveFailures: 0,
      openIncident: null,
    });
    expect(site.responseSparkline).toHaveLength(14);
    expect(site.responseSparkline.every((value) => value === null)).toBe(true);
    const [row] = await rowsOf(client.id);
    expect(row!.nextCheckAt.getTime()).toBeGreaterThanOrEqual(before);
    expect(row!.nextCheckAt.getTime()).toBeLessThanOrEqual(Date.now() + 300_000);
    const [audit] = await t.database.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.targetId, site.id));
    expect(audit).toMatchObject({
      kind: 'site.added',
      after: { clientId: client.id, url: 'http://93.184.215.14/', keyword: 'Fresh bread' },
    });
  });

  it('spreads the first checks of many new sites over the interval', async () => {
    const client = await createClient(t.database);
    for (let n = 1; n <= 12; n += 1) {
      expect((await addSite(client.id, { url: `https://8.8.4.${n}/` })).status).toBe(201);
    }
    const times = (await rowsOf(client.id)).map((row) => row.nextCheckAt.getTime());
    // Twelve random points in 300 s: a spread of under 10 s would mean they all fire together.
    expect(Math.max(...times) - Math.min(...times)).toBeGreaterThan(10_000);
  });

  it('takes an address without its scheme as https, and IPv6 literals', async () => {
    const client = await createClient(t.database);
    const res = await addSite(client.id, { url: '8.8.8.8/menu#top' });
    expect(res.status).toBe(201);
    expect(res.body.url).toBe('https://8.8.8.8/menu');
    expect((await addSite(client.id, { url: PUBLIC[2] })).status).toBe(201);
  });

  it.each([
    ['http://10.0.0.1/'],
    ['http://192.168.1.20:8443/shop'],
    ['http://172.16.0.5/'],
    ['http://127.0.0.1:8080/'],
    ['http://169.254.169.254/latest/meta-data/'],
    ['http://100.64.0.1/'],
    ['http://[::1]/'],
    ['http://[fe80::1]/'],
    ['http://[fc00::1]/'],
    ['http://[::ffff:10.0.0.1]/'],
    ['http://[::ffff:127.0.0.1]/'],
    ['http://[::ffff:169.254.169.254]/'],
    ['http://0x7f.1/'],
  ])('refuses %s, which is not public, and adds nothing', async (url) => {
    const client = await createClient(t.database);
    const res = await addSite(client.id, { url });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/^This address is not public: /);
    expect(await rowsOf(client.id)).toEqual([]);
  });

  // A name that resolves to a private address: lib/outbound/public-url.test.ts (localhost).
  it('refuses a name that does not resolve', async () => {
    const client = await createClient(t.database);
    const nowhere = await addSite(client.id, { url: 'https://nosuch.invalid/' });
    expect(nowhere.status).toBe(400);
    expect(nowhere.body.message).toBe('This address does not resolve: nosuch.invalid');
    expect(await rowsOf(client.id)).toEqual([]);
  });

  it.each([
    [{}, 'Website address is required'],
    [{ url: '   ' }, 'Website address is required'],
    [{ url: 'ftp://8.8.8.8/' }, 'Website address must start with http:// or https://'],
    [
      { url: 'https://user:pw@8.8.8.8/' },
      'Website address must not contain a user name or password',
    ],
    [{ url: 'intranet' }, 'Enter a website address, e.g. https://example.com'],
    [{ url: PUBLIC[0], keyword: 'x'.repeat(201) }, 'Keyword must be at most 200 characters'],
  ])('refuses %j with a message', async (body, message) => {
    const client = await createClient(t.database);
    const res = await addSite(client.id, body);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
    expect(await rowsOf(client.id)).toEqual([]);
  });

  it('answers 404 for an unknown client, 409 for the same address twice, 400 past 20 websites', async () => {
    expect((await addSite('00000000-0000-4000-8000-000000000000', { url: PUBLIC[0] })).status).toBe(
      404,
    );
    expect((await addSite('not-an-id', { url: PUBLIC[0] })).status).toBe(404);
    const client = await createClient(t.database);
    expect((await addSite(client.id, { url: PUBLIC[1] })).status).toBe(201);
    const twice = await addSite(client.id, { url: '8.8.8.8' });
    expect(twice.status).toBe(409);
    expect(twice.body.message).toBe('This client already has that website');
    for (let n = 2; n <= 20; n += 1) {
      expect((await addSite(client.id, { url: `https://1.1.1.${n}/` })).status).toBe(201);
    }
    const more = await addSite(client.id, { url: 'https://1.1.1.100/' });
    expect(more.status).toBe(400);
    expect(more.body.message).toBe('A client can have at most 20 websites');
    expect(await rowsOf(client.id)).toHaveLength(20);
    // Another client may watch the same address.
    const other = await createClient(t.database);
    expect((await addSite(other.id, { url: PUBLIC[1] })).status).toBe(201);
  });
});

describe("a client's websites", () => {
  it('lists them newest first for the admin; 404 for an unknown client', async () => {
    const client = await createClient(t.database);
    await addSite(client.id, { url: 'https://9.9.9.9/' });
    await addSite(client.id, { url: 'https://9.9.9.10/' });
    const res = await admin.get(`/api/admin/clients/${client.id}/sites`);
    expect(res.status).toBe(200);
    const list = AdminSiteSchema.array().parse(res.body);
    expect(list.map((site) => site.url)).toEqual(['https://9.9.9.10/', 'https://9.9.9.9/']);
    expect(
      (await admin.get('/api/admin/clients/00000000-0000-4000-8000-000000000000/sites')).status,
    ).toBe(404);
  });
});

describe('editing a website', () => {
  async function newSite(url = 'https://4.4.4.4/'): Promise<AdminSite> {
    const client = await createClient(t.database);
    return AdminSiteSchema.parse((await addSite(client.id, { url })).body);
  }
  const patch = (id: string, body: object) => admin.patch(`/api/admin/sites/${id}`).send(body);
  const auditOf = async (id: string) =>
    (
      await t.database.db
        .select()
        .from(auditEvents)
        .where(eq(auditEvents.targetId, id))
        .orderBy(auditEvents.createdAt)
    ).map((row) => ({ kind: row.kind, before: row.before, after: row.after }));

  it('changes the keyword, and pauses and resumes the checks, each audited', async () => {
    const site = await newSite();
    const keyword = await patch(site.id, { keyword: 'Open daily' });
    expect(keyword.status).toBe(200);
    expect(AdminSiteSchema.parse(keyword.body).keyword).toBe('Open daily');
    expect((await patch(site.id, { keyword: '' })).body.keyword).toBeNull();

    // A down site that is paused is no longer down: its incident closes quietly.
    await t.database.db
      .update(sites)
      .set({ status: 'down', consecutiveFailures: 3 })
      .where(eq(sites.id, site.id));
    await t.database.db
      .insert(siteIncidents)
      .values({ siteId: site.id, startedAt: new Date(), reason: 'HTTP 503' });
    const paused = await patch(site.id, { paused: true });
    expect(paused.body).toMatchObject({
      paused: true,
      status: 'unknown',
      consecutiveFailures: 0,
      openIncident: null,
    });
    const [incident] = await t.database.db
      .select()
      .from(siteIncidents)
      .where(eq(siteIncidents.siteId, site.id));
    expect(incident!.endedAt).not.toBeNull();

    const resumed = await patch(site.id, { paused: false });
    expect(resumed.body.paused).toBe(false);
    const [row] = await t.database.db.select().from(sites).where(eq(sites.id, site.id));
    // Checked at the scheduler's next turn.
    expect(row!.nextCheckAt.getTime()).toBeLessThanOrEqual(Date.now());

    expect((await auditOf(site.id)).map((entry) => entry.kind)).toEqual([
      'site.added',
      'site.updated',
      'site.updated',
      'site.paused',
      'site.resumed',
    ]);
  });

  it('moves to another address like a new one: checked, refused when not public, facts forgotten', async () => {
    const site = await newSite('https://4.4.4.5/');
    await t.database.db
      .update(sites)
      .set({
        status: 'up',
        lastCheckedAt: new Date(),
        certificateExpiresAt: new Date('2027-01-01T00:00:00Z'),
        domainExpiresAt: new Date('2027-06-01T00:00:00Z'),
        domainExpirySource: 'rdap',
      })
      .where(eq(sites.id, site.id));
    const refused = await patch(site.id, { url: 'http://192.168.0.10/' });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toMatch(/^This address is not public: /);
    expect((await admin.get(`/api/admin/clients/${site.clientId}/sites`)).body[0].url).toBe(
      'https://4.4.4.5/',
    );

    const moved = await patch(site.id, { url: 'https://4.4.4.6/' });
    expect(moved.status).toBe(200);
    expect(moved.body).toMatchObject({
      url: 'https://4.4.4.6/',
      status: 'unknown',
      lastCheckedAt: null,
      certificateExpiresAt: null,
      domainExpiresAt: null,
    });
    const entries = await auditOf(site.id);
    expect(entries.at(-1)).toEqual({
      kind: 'site.updated',
      before: { url: 'https://4.4.4.5/', keyword: null },
      after: { url: 'https://4.4.4.6/', keyword: null },
    });
  });

  it("refuses another of the client's addresses with 409", async () => {
    const site = await newSite('https://4.4.4.7/');
    expect((await addSite(site.clientId, { url: 'https://4.4.4.8/' })).status).toBe(201);
    const taken = await patch(site.id, { url: '4.4.4.8' });
    expect(taken.status).toBe(409);
    expect(taken.body.message).toBe('This client already has that website');
  });

  it('keeps a domain date typed by hand, and hands it back to RDAP with null', async () => {
    const site = await newSite('https://4.4.4.9/');
    const typed = await patch(site.id, { domainExpiresOn: '2027-04-14' });
    expect(typed.status).toBe(200);
    expect(typed.body.domainExpirySource).toBe('manual');
    // Midnight in the business's time zone (America/Chicago, CDT in April).
    expect(typed.body.domainExpiresAt).toBe('2027-04-14T05:00:00.000Z');
    const back = await patch(site.id, { domainExpiresOn: null });
    expect(back.body).toMatchObject({ domainExpiresAt: null, domainExpirySource: null });
    const entries = await auditOf(site.id);
    expect(entries.filter((entry) => entry.kind === 'site.domain_date_set')).toEqual([
      {
        kind: 'site.domain_date_set',
        before: { url: 'https://4.4.4.9/', domainExpiresAt: null, domainExpirySource: null },
        after: {
          url: 'https://4.4.4.9/',
          domainExpiresOn: '2027-04-14',
          domainExpirySource: 'manual',
        },
      },
      {
        kind: 'site.domain_date_set',
        before: {
          url: 'https://4.4.4.9/',
          domainExpiresAt: '2027-04-14T05:00:00.000Z',
          domainExpirySource: 'manual',
        },
        after: { url: 'https://4.4.4.9/', domainExpiresOn: null, domainExpirySource: null },
      },
    ]);
  });

  it.each([
    [{}, 'Nothing to change'],
    [{ paused: 'yes' }, 'Paused must be true or false'],
    [{ domainExpiresOn: '14/03/2027' }, 'Enter a date as YYYY-MM-DD'],
    [{ url: 'ftp://4.4.4.4/' }, 'Website address must start with http:// or https://'],
  ])('refuses %j with a message, changing nothing', async (body, message) => {
    const site = await newSite('https://4.4.5.1/');
    const res = await patch(site.id, body);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
    expect((await auditOf(site.id)).map((entry) => entry.kind)).toEqual(['site.added']);
  });

  it('removes a website with its checks and incidents, audited; 404 after', async () => {
    const site = await newSite('https://4.4.5.2/');
    await t.database.db.insert(siteChecks).values({
      siteId: site.id,
      checkedAt: new Date(),
      ok: true,
      statusCode: 200,
      responseMs: 80,
    });
    const res = await admin.delete(`/api/admin/sites/${site.id}`);
    expect(res.status).toBe(204);
    expect(
      await t.database.db.select().from(siteChecks).where(eq(siteChecks.siteId, site.id)),
    ).toEqual([]);
    expect((await auditOf(site.id)).at(-1)).toEqual({
      kind: 'site.removed',
      before: { clientId: site.clientId, url: 'https://4.4.5.2/', keyword: null },
      after: null,
    });
    expect((await admin.delete(`/api/admin/sites/${site.id}`)).status).toBe(404);
    expect((await patch(site.id, { keyword: 'x' })).status).toBe(404);
    expect((await admin.get(`/api/admin/sites/${site.id}/checks`)).status).toBe(404);
    expect((await admin.post(`/api/admin/sites/${site.id}/check`)).status).toBe(404);
  });

  it('refuses to check a paused website now', async () => {
    const site = await newSite('https://4.4.5.3/');
    await patch(site.id, { paused: true });
    const res = await admin.post(`/api/admin/sites/${site.id}/check`);
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('This website is paused: resume its checks first');
  });
});

describe('checks and incidents of a website', () => {
  it('are listed the latest first, a page at a time', async () => {
    const client = await createClient(t.database);
    const site = AdminSiteSchema.parse(
      (await addSite(client.id, { url: 'https://5.5.5.5/' })).body,
    );
    const base = Date.parse('2026-11-20T12:00:00Z');
    await t.database.db.insert(siteChecks).values(
      Array.from({ length: 30 }, (_, n) => ({
        siteId: site.id,
        checkedAt: new Date(base + n * 300_000),
        ok: n % 10 !== 9,
        statusCode: n % 10 === 9 ? 503 : 200,
        responseMs: 100 + n,
        reason: n % 10 === 9 ? 'HTTP 503' : null,
      })),
    );
    await t.database.db.insert(siteIncidents).values([
      {
        siteId: site.id,
        startedAt: new Date(base),
        endedAt: new Date(base + 600_000),
        reason: 'HTTP 503',
      },
      { siteId: site.id, startedAt: new Date(base + 3_600_000), reason: 'Keyword not found' },
    ]);
    const checks = SiteChecksPageSchema.parse(
      (await admin.get(`/api/admin/sites/${site.id}/checks?page=2&pageSize=10`)).body,
    );
    expect(checks).toMatchObject({ total: 30, page: 2, pageSize: 10 });
    expect(checks.items[0]).toEqual({
      checkedAt: new Date(base + 19 * 300_000).toISOString(),
      ok: false,
      statusCode: 503,
      responseMs: 119,
      reason: 'HTTP 503',
    });
    const incidents = SiteIncidentsPageSchema.parse(
      (await admin.get(`/api/admin/sites/${site.id}/incidents`)).body,
    );
    expect(incidents.items.map((incident) => incident.reason)).toEqual([
      'Keyword not found',
      'HTTP 503',
    ]);
    expect(incidents.items[0]!.endedAt).toBeNull();
    expect((await admin.get(`/api/admin/sites/${site.id}/checks?pageSize=500`)).status).toBe(400);
  });
});

describe("every client's websites, worst first", () => {
  it('puts down first, then the dates about to lapse, then slow ones, paused last; searches and filters', async () => {
    const a = await createClient(t.database, {
      firstName: 'Quillon',
      businessName: 'Quillon Bakes',
    });
    const b = await createClient(t.database, {
      firstName: 'Marisol',
      email: 'marisol@quillfeather.example',
    });
    const add = async (clientId: string, url: string) =>
      AdminSiteSchema.parse((await addSite(clientId, { url })).body).id;
    const fine = await add(a.id, 'https://6.6.6.1/');
    const slow = await add(a.id, 'https://6.6.6.2/');
    const down = await add(a.id, 'https://6.6.6.3/');
    const certificate = await add(b.id, 'https://6.6.6.4/');
    const domain = await add(b.id, 'https://6.6.6.5/');
    const paused = await add(b.id, 'https://6.6.6.6/');
    const set = (id: string, values: Partial<typeof sites.$inferInsert>) =>
      t.database.db.update(sites).set(values).where(eq(sites.id, id));
    // One instant for every date: a 90-day certificate's two ends read from two clock readings
    // a millisecond apart would be a day-90-and-a-bit certificate, no longer a short one.
    const now = Date.now();
    const inDays = (days: number) => new Date(now + days * 86_400_000);
    await set(fine, { status: 'up', lastResponseMs: 200 });
    await set(slow, { status: 'up', lastResponseMs: 4200 });
    await set(down, { status: 'down', lastError: 'HTTP 502' });
    await t.database.db
      .insert(siteIncidents)
      .values({ siteId: down, startedAt: inDays(-0.1), reason: 'HTTP 502' });
    // A 90-day certificate 10 days from its end is not expiring yet (7 days); a year-long one is (14).
    await set(certificate, {
      status: 'up',
      lastResponseMs: 300,
      certificateIssuedAt: inDays(-355),
      certificateExpiresAt: inDays(10),
    });
    await set(domain, { status: 'up', domainExpiresAt: inDays(20), domainExpirySource: 'rdap' });
    await set(paused, { paused: true, lastResponseMs: 9000 });
    const shortCertificate = await add(b.id, 'https://6.6.6.7/');
    await set(shortCertificate, {
      status: 'up',
      certificateIssuedAt: inDays(-80),
      certificateExpiresAt: inDays(10),
    });

    const list = async (query: string) => {
      const res = await admin.get(`/api/admin/sites?${query}`);
      expect(res.status).toBe(200);
      return SitePageSchema.parse(res.body);
    };
    const ours = [fine, slow, down, certificate, domain, paused, shortCertificate];
    const all = await list('q=quill&pageSize=100');
    expect(all.items.map((item) => item.id)).toEqual([
      down,
      certificate,
      domain,
      slow,
      shortCertificate,
      fine,
      paused,
    ]);
    expect(all.total).toBe(ours.length);
    expect(all.items[0]).toMatchObject({
      clientName: 'Quillon Broussard',
      clientEmail: a.email,
      lastError: 'HTTP 502',
      openIncident: { reason: 'HTTP 502', endedAt: null },
    });
    expect((await list('q=quillfeather')).items.map((item) => item.id).sort()).toEqual(
      [certificate, domain, paused, shortCertificate].sort(),
    );
    expect((await list('q=6.6.6.2')).items.map((item) => item.id)).toEqual([slow]);
    expect((await list('q=quill&status=down')).items.map((item) => item.id)).toEqual([down]);
    expect((await list('q=quill&status=expiring')).items.map((item) => item.id)).toEqual([
      certificate,
      domain,
    ]);
    expect((await list('q=quill&status=slow')).items.map((item) => item.id)).toEqual([slow]);
    expect((await list('q=quill&status=paused')).items.map((item) => item.id)).toEqual([paused]);
    const second = await list('q=quill&pageSize=2&page=2');
    expect(second.items.map((item) => item.id)).toEqual([domain, slow]);
    expect(second).toMatchObject({ total: 7, page: 2, pageSize: 2 });
    const bad = await admin.get('/api/admin/sites?status=broken');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Status must be down, expiring, slow or paused');

    const summary = SiteCareSummarySchema.parse(
      (await admin.get('/api/admin/dashboard/site-care')).body,
    );
    expect(summary.sites).toBeGreaterThanOrEqual(ours.length);
    // Counted in full, while the lists hold the first ones only.
    expect(summary.downCount).toBeGreaterThanOrEqual(summary.down.length);
    expect(summary.expiringCount).toBeGreaterThanOrEqual(summary.expiring.length);
    expect(summary.expiringCount).toBeGreaterThanOrEqual(2);
    expect(summary.down.filter((entry) => ours.includes(entry.id))).toEqual([
      {
        id: down,
        url: 'https://6.6.6.3/',
        clientName: 'Quillon Broussard',
        since: expect.any(String),
      },
    ]);
    expect(
      summary.expiring
        .filter((entry) => ours.includes(entry.id))
        .map((entry) => [entry.id, entry.what]),
    ).toEqual([
      [certificate, 'certificate'],
      [domain, 'domain'],
    ]);
  });
});

describe("the client's own websites", () => {
  it('are theirs only, paused ones included, with uptime and a sparkline of 14 days', async () => {
    const mine = await signedInClient(t.baseUrl);
    const theirs = await signedInClient(t.baseUrl);
    const site = AdminSiteSchema.parse(
      (await addSite(mine.user.id, { url: 'https://7.7.7.7/' })).body,
    );
    const pausedSite = AdminSiteSchema.parse(
      (await addSite(mine.user.id, { url: 'https://7.7.7.8/' })).body,
    );
    await admin.patch(`/api/admin/sites/${pausedSite.id}`).send({ paused: true });
    await addSite(theirs.user.id, { url: 'https://7.7.7.9/' });
    const now = Date.now();
    // Today: 3 of 4 passed (medians of answered checks: 100, 200, 300 -> 200); 3 days ago: 1 check.
    await t.database.db.insert(siteChecks).values([
      { siteId: site.id, checkedAt: new Date(now - 60_000), ok: true, responseMs: 100 },
      { siteId: site.id, checkedAt: new Date(now - 120_000), ok: true, responseMs: 300 },
      { siteId: site.id, checkedAt: new Date(now - 180_000), ok: false, responseMs: 200 },
      { siteId: site.id, checkedAt: new Date(now - 240_000), ok: true, responseMs: null },
      { siteId: site.id, checkedAt: new Date(now - 3 * 86_400_000), ok: true, responseMs: 450 },
      // Older than 30 days: not in the uptime.
      { siteId: site.id, checkedAt: new Date(now - 31 * 86_400_000), ok: false, responseMs: null },
    ]);
    const res = await mine.browser.request('GET', '/api/sites');
    expect(res.status).toBe(200);
    const list = ClientSitesSchema.parse(await res.json());
    expect(list.map((entry) => [entry.url, entry.paused])).toEqual([
      ['https://7.7.7.8/', true],
      ['https://7.7.7.7/', false],
    ]);
    const watched = list[1]!;
    expect(watched.uptime30d).toBe(80);
    expect(watched.responseSparkline).toHaveLength(14);
    // Near midnight in Chicago "today" may hold the checks of two days: the last two slots.
    const lastDays = watched.responseSparkline.slice(-2).filter((value) => value !== null);
    expect(lastDays.length).toBeGreaterThan(0);
    expect(watched.responseSparkline.filter((value) => value !== null)).toContain(450);
    expect(Object.keys(watched)).not.toContain('keyword');
    expect(Object.keys(watched)).not.toContain('clientId');

    const other = ClientSitesSchema.parse(
      await (await theirs.browser.request('GET', '/api/sites')).json(),
    );
    expect(other.map((entry) => entry.url)).toEqual(['https://7.7.7.9/']);
    expect((await request(t.app).get('/api/sites')).status).toBe(401);
  });
});

describe('refused callers', () => {
  it('a client cannot use the admin routes, nor change anything', async () => {
    const client = await signedInClient(t.baseUrl);
    const res = await client.browser.request('POST', `/api/admin/clients/${client.user.id}/sites`, {
      url: PUBLIC[0],
    });
    expect(res.status).toBe(401);
    expect(
      await t.database.db
        .select()
        .from(sites)
        .where(inArray(sites.userId, [client.user.id])),
    ).toEqual([]);
  });
});
