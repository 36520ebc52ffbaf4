import { and, count, eq, inArray } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BulkSearchStartedSchema,
  CitySuggestionsSchema,
  LeadSchema,
  SearchJobSchema,
  SearchLeadsSchema,
  SearchRecordPageSchema,
  SearchResponseSchema,
  type CitySuggestions,
  type MarketingSearch,
  type SearchJob,
} from '@shared/schemas/leads';
import { distanceMiles, findCity } from '@shared/places';
import { leadSearches, searchLeads } from '../../db/schema';
import { signedInAdmin } from '@tests/factories';
import { expectJson } from '@tests/support/expect-json';
import { osmBusinesses, startFakeOverpass, type FakeOverpass } from '@tests/support/fake-overpass';
import { startFakeWebsites, type FakeWebsites } from '@tests/support/fake-websites';
import { startLeadJobs, startTestApp, type TestApp } from '@tests/support/test-app';

const batonRouge = findCity('Baton Rouge', 'Louisiana')!;
let t: TestApp;
let overpass: FakeOverpass;
let websites: FakeWebsites;
let admin: Awaited<ReturnType<typeof signedInAdmin>>['agent'];
/** The fixture's restaurants and cafes within 10 miles, counted independently of the app. */
let restaurantsNearby: number;
let openNowTotal: number;

beforeAll(async () => {
  websites = await startFakeWebsites();
  const elements = osmBusinesses({
    ...batonRouge,
    count: 120,
    spanDegrees: 0.25,
    websiteBase: websites.origin,
  });
  restaurantsNearby = elements.filter(
    (element) =>
      ['restaurant', 'cafe'].includes(element.tags.amenity ?? '') &&
      distanceMiles(batonRouge, element.center ?? { lat: element.lat!, lon: element.lon! }) <= 10,
  ).length;
  overpass = await startFakeOverpass({ elements });
  t = await startTestApp({
    OVERPASS_URL: overpass.url,
    OUTBOUND_ALLOW_LOOPBACK: 'true',
  });
  admin = (await signedInAdmin(t.app, t.database)).agent;
});
afterAll(async () => {
  await t.close();
  await overpass.close();
  await websites.close();
});

const search = { state: 'Louisiana', city: 'Baton Rouge', businessType: 'Restaurant' };

async function searchCount() {
  const [row] = await t.database.db.select({ n: count() }).from(leadSearches);
  return row!.n;
}

async function waitForJob(id: string, until: (job: SearchJob) => boolean, timeoutMs = 60_000) {
  const started = Date.now();
  for (;;) {
    const res = await admin.get(`/api/admin/marketing-tool/jobs/${id}`);
    expect(res.status).toBe(200);
    const job = expectJson(res, SearchJobSchema);
    if (until(job)) return job;
    if (Date.now() - started > timeoutMs) throw new Error(`job stuck: ${JSON.stringify(job)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('POST /api/admin/marketing-tool/search', () => {
  it('is for the admin only', async () => {
    expect(
      (await request(t.app).post('/api/admin/marketing-tool/search').send(search)).status,
    ).toBe(401);
  });

  it('refuses missing or out-of-range criteria with a message, and stores nothing', async () => {
    const before = await searchCount();
    const cases: [object, string][] = [
      [{ state: 'Louisiana', businessType: 'Restaurant' }, 'Please fill in city and business type'],
      [{ ...search, businessType: '' }, 'Please fill in city and business type'],
      [{ ...search, radius: 60 }, 'Radius must be 1 to 50 miles'],
      [{ ...search, minRating: 2 }, 'Minimum rating must be 3, 3.5, 4 or 4.5'],
      [{ ...search, maxResults: 50 }, 'Max results must be 100 to 50000'],
      [{ ...search, city: 'Paris' }, 'Paris\\" is not a city of Louisiana'],
      [{ ...search, state: undefined, city: 'Mobile' }, 'Choose a city from the list'],
      [{ ...search, state: 'Alabama', city: 'Atlantis' }, 'Atlantis\\" is not a city of Alabama'],
      [{ ...search, state: 'Alabama', city: 'Biloxi' }, 'Biloxi\\" is not a city of Alabama'],
      [{ ...search, state: 'AL', city: 'Mobile' }, 'State must be a US state by its full name'],
      [
        { ...search, state: 'Alabama', city: 'Atlantis', bulkMode: true },
        'Atlantis\\" is not a city of Alabama',
      ],
    ];
    for (const [body, message] of cases) {
      const res = await admin.post('/api/admin/marketing-tool/search').send(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(JSON.stringify(res.body)).toContain(message);
    }
    expect(await searchCount()).toBe(before);
    expect(overpass.stats.requests).toBe(0);
  });

  it("searches any state's city around the gazetteer's coordinates for it", async () => {
    const asked = overpass.stats.queries.length;
    const res = await admin
      .post('/api/admin/marketing-tool/search')
      .send({ state: 'Alabama', city: 'mobile', businessType: 'Restaurant', radius: 10 });
    expect(res.status).toBe(200);
    // The fixture's businesses are around Baton Rouge, 150 miles away: none is near Mobile.
    expect(expectJson(res, SearchResponseSchema).total).toBe(0);
    const query = overpass.stats.queries[asked]!;
    // Mobile, AL is at 30.694 N, 88.043 W: the box around it, 10 miles each way.
    const box = /\((-?[\d.]+),(-?[\d.]+),(-?[\d.]+),(-?[\d.]+)\)/.exec(query)!;
    const [south, west, north, east] = box.slice(1).map(Number) as [number, number, number, number];
    expect((south + north) / 2).toBeCloseTo(30.694, 2);
    expect((west + east) / 2).toBeCloseTo(-88.043, 2);
  });

  it('finds the businesses of the type around the city, analyses their websites and scores them', async () => {
    const res = await admin
      .post('/api/admin/marketing-tool/search')
      .send({ ...search, radius: 10 });
    expect(res.status).toBe(200);
    const { leads, total, totalUnfiltered, source } = expectJson(res, SearchResponseSchema);
    expect(source).toBe('osm');
    // Every 10th business is a restaurant and every 10th+1 a cafe: both are Restaurant.
    expect(restaurantsNearby).toBeGreaterThan(15);
    expect(total).toBe(restaurantsNearby);
    expect(totalUnfiltered).toBe(restaurantsNearby);
    expect(new Set(leads.map((lead) => lead.id)).size).toBe(restaurantsNearby);
    for (const lead of leads) {
      expect(lead.businessType).toBe('Restaurant');
      expect(lead.rating).toBe(0);
      expect(lead.distance).toBeLessThanOrEqual(10);
      expect(lead.leadScore).toBeGreaterThanOrEqual(0);
      expect(lead.leadScore).toBeLessThanOrEqual(100);
    }
    expect(leads.map((lead) => lead.leadScore)).toEqual(
      [...leads.map((lead) => lead.leadScore)].sort((a, b) => b - a),
    );
    const withSite = leads.find((lead) => lead.website.startsWith(websites.origin))!;
    expect(withSite.websiteQuality.signals?.reachable).toBe(true);
    expect(withSite.websiteQuality.needsWebsite).toBe(false);
    const without = leads.find((lead) => lead.website === 'N/A')!;
    expect(without.websiteQuality).toMatchObject({ score: 0, needsWebsite: true });
    expect(overpass.stats.userAgents.size).toBe(1);
    expect([...overpass.stats.userAgents][0]).toMatch(/LeadFinder/);
    expect(websites.stats.cookies).toBe(0);
  });

  it('reuses a website analysis for 7 days instead of fetching the site again', async () => {
    const before = websites.stats.requests;
    const res = await admin
      .post('/api/admin/marketing-tool/search')
      .send({ ...search, radius: 10 });
    expect(res.status).toBe(200);
    expect(websites.stats.requests).toBe(before);
  });

  it('applies minimum rating and open-now on the server, counting the total before them', async () => {
    const rated = await admin
      .post('/api/admin/marketing-tool/search')
      .send({ ...search, minRating: 3 });
    expect(rated.status).toBe(200);
    expect(rated.body).toMatchObject({ total: 0, totalUnfiltered: restaurantsNearby, leads: [] });

    const open = await admin
      .post('/api/admin/marketing-tool/search')
      .send({ ...search, openNow: true });
    expect(open.status).toBe(200);
    // '24/7' on every 5th business: open now; the rest publish no hours (unknown, not open).
    const openNow = expectJson(open, SearchResponseSchema);
    expect(openNow.total).toBeGreaterThan(0);
    expect(openNow.total).toBeLessThan(restaurantsNearby);
    openNowTotal = openNow.total;
    expect(openNow.leads.every((lead) => lead.isOpen === true)).toBe(true);
  });

  it('keeps each search: listed with its criteria and counts, its rows and leads readable again', async () => {
    const list = await admin.get('/api/admin/marketing-tool/searches');
    expect(list.status).toBe(200);
    const [latest] = expectJson(list, SearchRecordPageSchema).items;
    expect(latest).toMatchObject({
      status: 'done',
      bulk: false,
      total: openNowTotal,
      totalUnfiltered: restaurantsNearby,
    });
    expect(latest!.criteria).toMatchObject({
      city: 'Baton Rouge',
      businessType: 'Restaurant',
      openNow: true,
    });

    const again = await admin.get(`/api/admin/marketing-tool/searches/${latest!.id}/leads`);
    expect(again.status).toBe(200);
    const rows = expectJson(again, SearchLeadsSchema).leads;
    expect(rows.length).toBe(latest!.total);
    expect(Object.keys(rows[0]!)).not.toContain('leadScoring');

    const one = await admin.get(
      `/api/admin/marketing-tool/searches/${latest!.id}/leads/${rows[0]!.id}`,
    );
    expect(one.status).toBe(200);
    expect(expectJson(one, LeadSchema).leadScoring.scoringFactors.length).toBeGreaterThan(0);
    expect(
      (await admin.get(`/api/admin/marketing-tool/searches/${latest!.id}/leads/osm-n1`)).status,
    ).toBe(404);
    expect((await admin.get('/api/admin/marketing-tool/searches/not-an-id/leads')).status).toBe(
      404,
    );
  });

  it('answers a failing source with its message and records the search as failed', async () => {
    overpass.behave({ kind: 'status', status: 500, times: 1 });
    const res = await admin.post('/api/admin/marketing-tool/search').send(search);
    expect(res.status).toBe(502);
    expect(res.body.message).toBe('OpenStreetMap search failed (HTTP 500). Try again later.');
    const [failed] = expectJson(
      await admin.get('/api/admin/marketing-tool/searches'),
      SearchRecordPageSchema,
    ).items;
    expect(failed).toMatchObject({ status: 'failed', error: res.body.message });
    overpass.behave({ kind: 'normal' });
  });
});

describe('GET /api/admin/marketing-tool/cities', () => {
  const suggest = async (query: string) => {
    const res = await admin.get(`/api/admin/marketing-tool/cities?${query}`);
    expect(res.status, query).toBe(200);
    return expectJson(res, CitySuggestionsSchema);
  };
  const names = (answer: CitySuggestions) => answer.cities.map((city) => city.name);

  it("suggests the agency's own state's cities: the spec's list for Louisiana", async () => {
    const home = await suggest('');
    expect(home.state).toBe('Louisiana');
    expect(names(home)).toHaveLength(27);
    expect(names(home)[0]).toBe('Alexandria');
    expect(names(await suggest('state=Mississippi'))).toContain('West Point');
  });

  it('suggests a few cities by prefix, then by population, in any state', async () => {
    expect(names(await suggest('state=Alabama&q=mob'))[0]).toBe('Mobile');
    const largest = names(await suggest('state=Alabama'));
    expect(largest.slice(0, 3)).toEqual(['Birmingham', 'Montgomery', 'Mobile']);
    expect(largest.length).toBeLessThanOrEqual(8);
    const spring = names(await suggest('state=Illinois&q=spring'));
    expect(spring[0]).toBe('Springfield');
    expect(spring.every((name) => name.toLowerCase().includes('spring'))).toBe(true);
    // "St." is "Saint", and a word inside the name matches after the names that start with it.
    expect(names(await suggest('state=Missouri&q=st.%20lou'))[0]).toBe('St. Louis');
    expect(names(await suggest('state=Louisiana&q=orleans'))).toContain('New Orleans');
    expect(names(await suggest('state=Alabama&q=zzzz'))).toEqual([]);
  });

  it('refuses a state that is not one by its full name, and is for the admin only', async () => {
    const res = await admin.get('/api/admin/marketing-tool/cities?state=AL');
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('State must be a US state by its full name, e.g. Alabama');
    expect((await request(t.app).get('/api/admin/marketing-tool/cities')).status).toBe(401);
  });
});

describe('bulk searches', () => {
  it('run as a job over the 9x9 grid with progress, without duplicates, and can be reopened', async () => {
    const jobs = await startLeadJobs(t);
    try {
      const requestsBefore = overpass.stats.requests;
      const res = await admin
        .post('/api/admin/marketing-tool/search')
        .send({ ...search, bulkMode: true, maxResults: 10_000, radius: 10 });
      expect(res.status).toBe(202);
      const { jobId } = expectJson(res, BulkSearchStartedSchema);
      const job = await waitForJob(jobId, (j) => j.status === 'done');
      expect(job.progress.cellsDone).toBe(81);
      expect(job.progress.cellsTotal).toBe(81);
      expect(overpass.stats.requests - requestsBefore).toBe(81);
      expect(overpass.stats.maxInFlight).toBeLessThanOrEqual(2);
      // Bulk asks for every category: all 120 businesses within the radius' grid.
      const ids = job.result!.leads.map((lead) => lead.id);
      expect(new Set(ids).size).toBe(ids.length);
      expect(job.progress.leadsFound).toBe(ids.length);
      expect(ids.length).toBeGreaterThan(100);
      expect(job.progress.websitesAnalysed).toBe(job.progress.websitesTotal);
      expect(job.progress.websitesTotal).toBeGreaterThan(40);
      expect(overpass.stats.queries.at(-1)).toMatch(/nwr\["craft"~/);
    } finally {
      await jobs.stop();
    }
  }, 90_000);

  it('stops at the asked number of leads', async () => {
    const jobs = await startLeadJobs(t);
    try {
      const res = await admin
        .post('/api/admin/marketing-tool/search')
        .send({ ...search, bulkMode: true, maxResults: 100 });
      const job = await waitForJob(res.body.jobId, (j) => j.status === 'done');
      expect(job.progress.leadsFound).toBe(100);
      expect(job.result!.leads).toHaveLength(100);
      const [stored] = await t.database.db
        .select({ n: count() })
        .from(searchLeads)
        .where(eq(searchLeads.searchId, res.body.jobId));
      expect(stored!.n).toBe(100);
    } finally {
      await jobs.stop();
    }
  }, 90_000);
});

describe('one bulk search at a time', () => {
  it('refuses a second bulk search while one is queued or running, even two sent at once', async () => {
    // No job runner here: a started bulk search stays queued until it is cancelled.
    const bulk = { ...search, bulkMode: true, maxResults: 10_000 };
    const first = await admin.post('/api/admin/marketing-tool/search').send(bulk);
    expect(first.status).toBe(202);
    const before = await searchCount();
    const second = await admin
      .post('/api/admin/marketing-tool/search')
      .send({ ...bulk, city: 'Lafayette', businessType: 'Automotive' });
    expect(second.status).toBe(409);
    expect(second.body.message).toBe(
      'A bulk search is already running (Restaurant in Baton Rouge). Wait for it to finish or cancel it.',
    );
    expect(await searchCount()).toBe(before);
    // A plain search is answered meanwhile.
    expect((await admin.post('/api/admin/marketing-tool/search').send(search)).status).toBe(200);

    // Once it is cancelled another may start, but of two sent together only one does.
    const cancelled = await admin.post(`/api/admin/marketing-tool/jobs/${first.body.jobId}/cancel`);
    expect(cancelled.body.status).toBe('cancelled');
    const together = await Promise.all(
      [0, 1, 2].map(() => admin.post('/api/admin/marketing-tool/search').send(bulk)),
    );
    expect(together.map((res) => res.status).sort()).toEqual([202, 409, 409]);
    const [started] = together.filter((res) => res.status === 202);
    const queued = await t.database.db
      .select({ id: leadSearches.id })
      .from(leadSearches)
      .where(and(eq(leadSearches.bulk, true), inArray(leadSearches.status, ['queued', 'running'])));
    expect(queued).toEqual([{ id: started!.body.jobId }]);
    await admin.post(`/api/admin/marketing-tool/jobs/${started!.body.jobId}/cancel`);
  });
});

describe('GET /api/admin/marketing-tool/searches', () => {
  it('pages the kept searches newest first and searches their city, state and business type', async () => {
    await t.database.db.delete(leadSearches);
    const at = (n: number) => new Date(Date.UTC(2026, 0, 1, 0, n));
    const criteria = (city: string, state: 'Louisiana' | 'Mississippi', businessType: string) =>
      ({
        state,
        city,
        businessType,
        openNow: false,
        bulkMode: false,
        maxResults: 100,
      }) as MarketingSearch;
    const made = [];
    for (let n = 0; n < 30; n++) {
      const [city, state, type] =
        n % 3 === 0
          ? (['Baton Rouge', 'Louisiana', 'Restaurant'] as const)
          : n % 3 === 1
            ? (['Jackson', 'Mississippi', 'Healthcare'] as const)
            : (['Tupelo', 'Mississippi', 'Real Estate'] as const);
      const [row] = await t.database.db
        .insert(leadSearches)
        .values({
          criteria: criteria(city, state, type),
          bulk: n === 29,
          source: 'osm',
          status: 'done',
          cellsTotal: 1,
          createdAt: at(n),
        })
        .returning();
      made.push(row!.id);
    }
    const get = async (query: string) => {
      const res = await admin.get(`/api/admin/marketing-tool/searches?${query}`);
      expect(res.status, query).toBe(200);
      return expectJson(res, SearchRecordPageSchema);
    };

    const first = await get('');
    expect(first).toMatchObject({ total: 30, page: 1, pageSize: 25 });
    expect(first.items.map((record) => record.id)).toEqual(made.slice(5).reverse());
    const second = await get('page=2&pageSize=25');
    expect(second.items.map((record) => record.id)).toEqual(made.slice(0, 5).reverse());

    // The city, the state and the business type, ignoring case; the rest of the criteria not.
    expect((await get('q=baton')).total).toBe(10);
    expect((await get('q=MISSISSIPPI')).total).toBe(20);
    const estate = await get('q=real%20estate&pageSize=3');
    expect(estate).toMatchObject({ total: 10, pageSize: 3 });
    expect(estate.items.every((record) => record.criteria.city === 'Tupelo')).toBe(true);
    expect((await get('q=maxResults')).total).toBe(0);
    expect((await get('q=%25')).total).toBe(0);
    expect((await get('q=&page=&pageSize=')).total).toBe(30);

    for (const [query, message] of [
      ['page=0', 'Page must be 1 or more'],
      ['pageSize=500', 'Page size must be between 1 and 100'],
    ]) {
      const res = await admin.get(`/api/admin/marketing-tool/searches?${query}`);
      expect(res.status, query).toBe(400);
      expect(res.body.message, query).toBe(message);
    }
  });
});
