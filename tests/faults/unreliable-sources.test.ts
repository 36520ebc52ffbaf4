import type { Agent } from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findCity } from '@shared/places';
import {
  BulkSearchStartedSchema,
  SearchJobSchema,
  SearchRecordPageSchema,
  SearchResponseSchema,
  type SearchJob,
} from '@shared/schemas/leads';
import { signedInAdmin } from '../factories';
import { expectJson } from '../support/expect-json';
import { osmBusinesses, startFakeOverpass, type FakeOverpass } from '../support/fake-overpass';
import { startFakeWebsites, type FakeWebsites } from '../support/fake-websites';
import { startLeadJobs, startTestApp, type TestApp } from '../support/test-app';

/**
 * The lead source and the businesses' websites answering 429, 500, garbage or nothing at
 * all: retries are bounded, a search ends with a clear error (or, for websites, with every
 * lead and the failure said on it), and nothing hangs.
 */
const batonRouge = findCity('Baton Rouge', 'Louisiana')!;
const search = { state: 'Louisiana', city: 'Baton Rouge', businessType: 'Restaurant' };
const FAULTY_SITES: Record<string, { status?: number; body?: string; delayMs?: number }> = {
  '/site/0': { status: 429, body: 'Too Many Requests' },
  '/site/5': { status: 500, body: 'Internal Server Error' },
  '/site/10': { body: '\u0000\u00ff\u00fe<html<<<>>>\u0007'.repeat(500) },
  '/site/15': { delayMs: 120_000 },
};

let t: TestApp;
let overpass: FakeOverpass;
let websites: FakeWebsites;
let admin: Agent;

beforeAll(async () => {
  websites = await startFakeWebsites({ pages: FAULTY_SITES });
  overpass = await startFakeOverpass({
    elements: osmBusinesses({
      ...batonRouge,
      // Restaurants are every tenth business; with a website, every other one: /site/0, 5,
      // 10 ... 35. The first four of those misbehave.
      count: 80,
      spanDegrees: 0.1,
      websiteBase: websites.origin,
    }),
  });
  t = await startTestApp({
    OVERPASS_URL: overpass.url,
    OVERPASS_TIMEOUT_SECONDS: '5',
    OUTBOUND_ALLOW_LOOPBACK: 'true',
  });
  admin = (await signedInAdmin(t.app, t.database)).agent;
});
afterAll(async () => {
  await t?.close();
  await overpass?.close();
  await websites?.close();
});

describe('the lead source failing', () => {
  const cases = [
    {
      behaviour: { kind: 'status', status: 429, times: 100, retryAfter: '0' },
      status: 503,
      message: 'OpenStreetMap is busy (too many requests). Try again in a minute.',
      // The first try and three retries.
      requests: 4,
    },
    {
      behaviour: { kind: 'status', status: 500, times: 100 },
      status: 502,
      message: 'OpenStreetMap search failed (HTTP 500). Try again later.',
      requests: 1,
    },
    {
      behaviour: { kind: 'garbage' },
      status: 502,
      message: expect.stringMatching(/OpenStreetMap/),
      requests: 1,
    },
    {
      behaviour: { kind: 'hang' },
      status: 504,
      message: 'OpenStreetMap did not answer in time. Try again in a minute.',
      requests: 1,
    },
  ] as const;

  for (const { behaviour, status, message, requests } of cases) {
    const answer =
      behaviour.kind === 'status'
        ? String(behaviour.status)
        : behaviour.kind === 'hang'
          ? 'never'
          : behaviour.kind;
    it(`ends a search with a clear error when it answers ${answer}`, async () => {
      overpass.behave(structuredClone(behaviour) as never);
      const before = overpass.stats.requests;
      try {
        const res = await admin.post('/api/admin/marketing-tool/search').send(search);
        expect(res.status).toBe(status);
        expect(res.body.message).toEqual(message);
        expect(overpass.stats.requests - before).toBe(requests);
        const [latest] = expectJson(
          await admin.get('/api/admin/marketing-tool/searches'),
          SearchRecordPageSchema,
        ).items;
        expect(latest).toMatchObject({ status: 'failed', error: res.body.message });
      } finally {
        overpass.behave({ kind: 'normal' });
      }
    }, 60_000);
  }

  it('fails a bulk search with the clear error when the source gives out midway, and stops asking', async () => {
    const runner = await startLeadJobs(t);
    try {
      const started = await admin
        .post('/api/admin/marketing-tool/search')
        .send({ ...search, bulkMode: true, maxResults: 10_000, radius: 10 });
      expect(started.status).toBe(202);
      const { jobId } = expectJson(started, BulkSearchStartedSchema);
      for (let i = 0; i < 600; i++) {
        const job = expectJson(
          await admin.get(`/api/admin/marketing-tool/jobs/${jobId}`),
          SearchJobSchema,
        );
        if (job.progress.cellsDone >= 5) break;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      overpass.behave({ kind: 'status', status: 500, times: 10_000 });
      let job: SearchJob | undefined;
      for (let i = 0; i < 600; i++) {
        job = expectJson(
          await admin.get(`/api/admin/marketing-tool/jobs/${jobId}`),
          SearchJobSchema,
        );
        if (!['queued', 'running'].includes(job.status)) break;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(job).toMatchObject({
        status: 'failed',
        error: 'OpenStreetMap search failed (HTTP 500). Try again later.',
      });
      expect(job!.progress.cellsDone).toBeLessThan(81);
      const asked = overpass.stats.requests;
      await new Promise((resolve) => setTimeout(resolve, 1500));
      expect(overpass.stats.requests).toBe(asked);
    } finally {
      overpass.behave({ kind: 'normal' });
      await runner.stop();
    }
  }, 90_000);
});

describe("businesses' websites failing", () => {
  it('finishes the search with every lead and says which websites could not be read', async () => {
    const res = await admin.post('/api/admin/marketing-tool/search').send(search);
    expect(res.status).toBe(200);
    const { leads } = expectJson(res, SearchResponseSchema);
    const byPath = new Map(
      leads
        .filter((lead) => lead.website.startsWith(websites.origin))
        .map((lead) => [new URL(lead.website).pathname, lead]),
    );
    const unreachable = (path: string) => byPath.get(path)?.websiteQuality.signals;
    expect(Object.keys(FAULTY_SITES).filter((path) => !byPath.has(path))).toEqual([]);
    for (const path of Object.keys(FAULTY_SITES)) {
      const signals = unreachable(path)!;
      if (path === '/site/10') {
        // Garbage is read as a page with nothing in it, not as a crash.
        expect(signals.title).toBeNull();
        continue;
      }
      expect(signals.reachable, path).toBe(false);
      expect(signals.error, path).toBeTruthy();
    }
    // The healthy websites were read as usual.
    const healthy = [...byPath.entries()].filter(([path]) => !(path in FAULTY_SITES));
    expect(healthy.length).toBe(4);
    for (const [, lead] of healthy) expect(lead.websiteQuality.signals?.reachable).toBe(true);
  }, 60_000);
});
