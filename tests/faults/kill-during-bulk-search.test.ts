import { afterAll, beforeAll, expect, it } from 'vitest';
import { distanceMiles, findCity } from '@shared/places';
import type { SearchLeads } from '@shared/schemas/leads';
import { osmBusinesses, startFakeOverpass, type FakeOverpass } from '../support/fake-overpass';
import { startFakeWebsites, type FakeWebsites } from '../support/fake-websites';
import { useProcessDatabase } from '../support/process-fixture';
import {
  adminCookie,
  JACKSON_BULK_SEARCH,
  startBulkSearch,
  startServerProcess,
  waitForJob,
} from '../support/server-process';

/**
 * kill -9 while a bulk lead search runs (cells being queried, websites being analysed). The
 * next start takes the search up again; it ends done with every business in the radius once.
 */
const jackson = findCity('Jackson', 'Mississippi')!;
const RADIUS_MILES = JACKSON_BULK_SEARCH.radius;

const t = useProcessDatabase();
let overpass: FakeOverpass;
let websites: FakeWebsites;
const elements = () =>
  osmBusinesses({
    ...jackson,
    count: 400,
    spanDegrees: 0.4,
    websiteBase: websites.origin,
  });

beforeAll(async () => {
  websites = await startFakeWebsites({ latencyMs: 30 });
  overpass = await startFakeOverpass({ elements: elements(), latencyMs: 120 });
});
afterAll(async () => {
  await overpass?.close();
  await websites?.close();
});

it('completes a bulk search after kill -9 mid-job, with no duplicate and no missing lead', async () => {
  const env = {
    ...t.database.env,
    LEAD_SOURCE: 'osm',
    OVERPASS_URL: overpass.url,
    OUTBOUND_ALLOW_LOOPBACK: 'true',
  };
  let server = (t.server = await startServerProcess(env));
  let cookie = await adminCookie(server.baseUrl);
  const jobId = await startBulkSearch(server.baseUrl, cookie);
  const before = await waitForJob(server.baseUrl, cookie, jobId, (j) => j.progress.cellsDone >= 20);
  await server.kill('SIGKILL');
  expect(before.status).toBe('running');

  server = t.server = await startServerProcess(env);
  cookie = await adminCookie(server.baseUrl);
  const midway = await waitForJob(server.baseUrl, cookie, jobId, () => true);
  expect(midway.progress.cellsDone).toBeGreaterThanOrEqual(20);
  expect(midway.progress.cellsDone).toBeLessThan(81);
  // On PostgreSQL another instance could be alive: the crashed one's lease must run out first.
  const done = await waitForJob(server.baseUrl, cookie, jobId, (j) => j.status === 'done', 150_000);
  expect(done.progress.cellsDone).toBe(81);

  const res = await fetch(`${server.baseUrl}/api/admin/marketing-tool/searches/${jobId}/leads`, {
    headers: { cookie },
  });
  const { leads } = (await res.json()) as SearchLeads;
  const ids = leads.map((lead) => lead.id);
  expect(new Set(ids).size).toBe(ids.length);
  expect(new Set(leads.map((lead) => lead.name)).size).toBe(leads.length);
  // Every business within the radius, once (the stand-in answers every kind of business).
  const expected = elements().filter((element) => {
    const at = element.center ?? { lat: element.lat!, lon: element.lon! };
    return distanceMiles(jackson, at) <= RADIUS_MILES;
  });
  expect(expected.length).toBeGreaterThan(10);
  expect(leads.map((lead) => lead.name).sort()).toEqual(
    expected.map((element) => element.tags.name).sort(),
  );
  expect(done.progress.leadsFound).toBe(leads.length);
}, 300_000);
