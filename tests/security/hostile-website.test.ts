import request from 'supertest';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { findCity } from '@shared/places';
import { SearchResponseSchema } from '@shared/schemas/leads';
import { signedInAdmin } from '../factories';
import { expectJson } from '../support/expect-json';
import { osmBusinesses, startFakeOverpass, type FakeOverpass } from '../support/fake-overpass';
import { startFakeWebsites, type FakeWebsites } from '../support/fake-websites';
import { startTestApp, type TestApp } from '../support/test-app';

/**
 * A business's website is anyone's to write (an OpenStreetMap tag points at it), so reading
 * it must never hold the server: this page of about 1 MB held the event loop for about a
 * minute when the title was found with a backtracking pattern.
 */
const HOSTILE_PAGE = `<meta name="description" content="Po-boys">${'<title'.repeat(166_000)}`;

let t: TestApp;
let overpass: FakeOverpass;
let websites: FakeWebsites;
let admin: Awaited<ReturnType<typeof signedInAdmin>>['agent'];
let letHeldPageGo: () => void;
let hostilePageSent: Promise<void>;

beforeAll(async () => {
  const held = new Promise<void>((resolve) => (letHeldPageGo = resolve));
  let markSent: () => void;
  hostilePageSent = new Promise<void>((resolve) => (markSent = resolve));
  websites = await startFakeWebsites({
    pages: {
      '/hostile': { body: HOSTILE_PAGE, sent: () => markSent() },
      // Keeps the search open until the test has asked its question.
      '/held': { body: '<title>Held</title>', until: held },
    },
  });
  const batonRouge = findCity('Baton Rouge', 'Louisiana')!;
  const [grill, cafe] = osmBusinesses({ ...batonRouge, count: 2, spanDegrees: 0.01 });
  grill!.tags.website = `${websites.origin}/hostile`;
  cafe!.tags.website = `${websites.origin}/held`;
  overpass = await startFakeOverpass({ elements: [grill!, cafe!] });
  // The switch's earlier name (now OUTBOUND_ALLOW_LOOPBACK) still works: the held site is read.
  t = await startTestApp({ OVERPASS_URL: overpass.url, LEAD_ANALYSIS_ALLOW_LOOPBACK: 'true' });
  admin = (await signedInAdmin(t.app, t.database)).agent;
});
afterAll(async () => {
  letHeldPageGo();
  await t.close();
  await overpass.close();
  await websites.close();
});

it('answers other requests while it reads a hostile website, then reports the site', async () => {
  let searchSettled = false;
  const search = admin
    .post('/api/admin/marketing-tool/search')
    .send({ state: 'Louisiana', city: 'Baton Rouge', businessType: 'Restaurant', radius: 10 })
    .then((res) => res)
    .finally(() => (searchSettled = true));

  await hostilePageSent;
  const health = await request(t.app).get('/api/health');
  expect(health.status).toBe(200);
  expect(health.body).toEqual({ status: 'ok', db: 'ok' });
  // The held site keeps the search open: the health check was answered during the search.
  expect(searchSettled).toBe(false);

  letHeldPageGo();
  const res = await search;
  expect(res.status).toBe(200);
  const { leads } = expectJson(res, SearchResponseSchema);
  const hostile = leads.find((lead) => lead.website.endsWith('/hostile'));
  const held = leads.find((lead) => lead.website.endsWith('/held'));
  expect(held?.websiteQuality.signals).toMatchObject({ reachable: true, title: 'Held' });
  const signals = hostile?.websiteQuality.signals;
  expect(signals).toMatchObject({ reachable: true, status: 200, pageBytes: HOSTILE_PAGE.length });
  // Read within the deadline, or stopped there: either way the site is reported.
  expect([
    { metaDescription: 'Po-boys', error: null },
    { metaDescription: null, error: 'The page took too long to read' },
  ]).toContainEqual({ metaDescription: signals?.metaDescription, error: signals?.error });
  expect(signals?.title).toBeNull();
});
