import { afterAll, beforeAll, expect, it } from 'vitest';
import { distanceMiles, findCity } from '../../shared/places';
import type { SearchJob, SearchLeads } from '../../shared/schemas/marketing';
import { osmBusinesses, startFakeOverpass, type FakeOverpass } from '../support/fake-overpass';
import { startFakeWebsites, type FakeWebsites } from '../support/fake-websites';
import {
  adminCookie,
  processDatabase,
  startServerProcess,
  type ProcessDatabase,
  type ServerProcess,
} from '../support/server-process';

/**
 * kill -9 while a bulk lead search runs (cells being queried, websites being analysed). The
 * next start takes the search up again; it ends done with every business in the radius once.
 */
const jackson = findCity('Jackson', 'Mississippi')!;
const RADIUS_MILES = 10;

let database: ProcessDatabase;
let overpass: FakeOverpass;
let websites: FakeWebsites;
let server: ServerProcess | undefined;
const elements = () =>
  osmBusinesses({
    ...jackson,
    count: 400,
    spanDegrees: 0.4,
    websiteBase: websites.origin,
  });

beforeAll(async () => {
  database = await processDatabase();
  websites = await startFakeWebsites({ latencyMs: 30 });
  overpass = await startFakeOverpass({ elements: elements(), latencyMs: 120 });
});
afterAll(async () => {
  await server?.kill();
  await database?.drop();
  await overpass?.close();
  await websites?.close();
});

async function job(id: string, cookie: string): Promise<SearchJob> {
  const res = await fetch(`${server!.baseUrl}/api/admin/marketing-tool/jobs/${id}`, {
    headers: { cookie },
  });
  return (await res.json()) as SearchJob;
}

async function waitFor(
  id: string,
  cookie: string,
  until: (j: SearchJob) => boolean,
  timeoutMs: number,
) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const current = await job(id, cookie);
    if (until(current)) return current;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(
    `job ${id} did not get there in ${timeoutMs} ms: ${JSON.stringify(await job(id, cookie))}`,
  );
}

it('completes a bulk search after kill -9 mid-job, with no duplicate and no missing lead', async () => {
  const env = {
    ...database.env,
    LEAD_SOURCE: 'osm',
    OVERPASS_URL: overpass.url,
    LEAD_ANALYSIS_ALLOW_LOOPBACK: 'true',
  };
  server = await startServerProcess(env);
  let cookie = await adminCookie(server.baseUrl);
  const started = await fetch(`${server.baseUrl}/api/admin/marketing-tool/search`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie },
    body: JSON.stringify({
      state: 'Mississippi',
      city: 'Jackson',
      businessType: 'Healthcare',
      bulkMode: true,
      maxResults: 10_000,
      radius: RADIUS_MILES,
    }),
  });
  expect(started.status).toBe(202);
  const { jobId } = (await started.json()) as { jobId: string };
  const before = await waitFor(jobId, cookie, (j) => j.progress.cellsDone >= 20, 60_000);
  await server.kill('SIGKILL');
  expect(before.status).toBe('running');

  server = await startServerProcess(env);
  cookie = await adminCookie(server.baseUrl);
  const midway = await job(jobId, cookie);
  expect(midway.progress.cellsDone).toBeGreaterThanOrEqual(20);
  expect(midway.progress.cellsDone).toBeLessThan(81);
  // On PostgreSQL another instance could be alive: the crashed one's lease must run out first.
  const done = await waitFor(jobId, cookie, (j) => j.status === 'done', 150_000);
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
