import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { BulkSearchStartedSchema, SearchJobSchema, type SearchJob } from '@shared/schemas/leads';
import { findCity } from '@shared/places';
import { leadSearchCells, leadSearches, searchLeads } from '../../db/schema';
import type { JobRunner } from '../../jobs';
import { createLogger } from '../../lib/logger';
import { signedInAdmin } from '@tests/factories';
import { expectJson } from '@tests/support/expect-json';
import { osmBusinesses, startFakeOverpass, type FakeOverpass } from '@tests/support/fake-overpass';
import { JACKSON_BULK_SEARCH } from '@tests/support/server-process';
import {
  createAppInstance,
  startLeadJobs,
  startTestApp,
  type TestApp,
} from '@tests/support/test-app';

const jackson = findCity('Jackson', 'Mississippi')!;
let t: TestApp;
let overpass: FakeOverpass;
let admin: Awaited<ReturnType<typeof signedInAdmin>>['agent'];
const logger = createLogger('silent');

beforeAll(async () => {
  overpass = await startFakeOverpass({
    elements: osmBusinesses({ ...jackson, count: 400, spanDegrees: 0.28 }),
    latencyMs: 60,
  });
  t = await startTestApp({ OVERPASS_URL: overpass.url });
  admin = (await signedInAdmin(t.app, t.database)).agent;
});
afterAll(async () => {
  await t.close();
  await overpass.close();
});

async function job(id: string) {
  return expectJson(await admin.get(`/api/admin/marketing-tool/jobs/${id}`), SearchJobSchema);
}

async function waitFor(id: string, until: (j: SearchJob) => boolean) {
  for (let i = 0; i < 600; i++) {
    const current = await job(id);
    if (until(current)) return current;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('job did not get there in 30 s');
}

const bulk = JACKSON_BULK_SEARCH;

it('resumes after a restart where it stopped, and ends with every cell once and no duplicate lead', async () => {
  let runner: JobRunner = await startLeadJobs(t);
  const { jobId } = expectJson(
    await admin.post('/api/admin/marketing-tool/search').send(bulk),
    BulkSearchStartedSchema,
  );
  await waitFor(jobId, (j) => j.progress.cellsDone >= 10);
  await runner.stop();
  const stopped = await job(jobId);
  expect(['queued', 'running']).toContain(stopped.status);
  expect(stopped.progress.cellsDone).toBeLessThan(81);
  const requestsAtStop = overpass.stats.requests;

  // A new server process: a fresh app (and its lead service) on the same database.
  const second = await createAppInstance({ config: t.config, database: t.database, logger });
  runner = await startLeadJobs(t, second.leads);
  try {
    const done = await waitFor(jobId, (j) => j.status === 'done');
    expect(done.progress.cellsDone).toBe(81);
    // Each cell queried once, save the (at most two) in flight when the first server stopped.
    expect(overpass.stats.requests).toBeLessThanOrEqual(81 + 2);
    const remaining = 81 - stopped.progress.cellsDone;
    expect(overpass.stats.requests - requestsAtStop).toBeGreaterThanOrEqual(remaining);
    expect(overpass.stats.requests - requestsAtStop).toBeLessThanOrEqual(remaining + 2);
    const cells = await t.database.db
      .select()
      .from(leadSearchCells)
      .where(eq(leadSearchCells.searchId, jobId));
    expect(cells).toHaveLength(81);
    const rows = await t.database.db
      .select({ id: searchLeads.id, facts: searchLeads.facts })
      .from(searchLeads)
      .where(eq(searchLeads.searchId, jobId));
    expect(new Set(rows.map((row) => row.id)).size).toBe(rows.length);
    expect(new Set(rows.map((row) => row.facts.place.name)).size).toBe(rows.length);
    expect(done.result!.leads).toHaveLength(rows.length);
    expect(done.progress.leadsFound).toBe(rows.length);
  } finally {
    await runner.stop();
    await second.close();
  }
}, 60_000);

it('can be cancelled: it stops querying and stays cancelled', async () => {
  const runner = await startLeadJobs(t);
  try {
    const { jobId } = expectJson(
      await admin.post('/api/admin/marketing-tool/search').send(bulk),
      BulkSearchStartedSchema,
    );
    await waitFor(jobId, (j) => j.progress.cellsDone >= 2);
    const cancel = await admin.post(`/api/admin/marketing-tool/jobs/${jobId}/cancel`);
    expect(cancel.status).toBe(200);
    expect(cancel.body.status).toBe('cancelled');
    await new Promise((resolve) => setTimeout(resolve, 500));
    const requests = overpass.stats.requests;
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(overpass.stats.requests).toBe(requests);
    const after = await job(jobId);
    expect(after.status).toBe('cancelled');
    expect(after.progress.cellsDone).toBeLessThan(81);
    const again = await admin.post(`/api/admin/marketing-tool/jobs/${jobId}/cancel`);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('The search is already canceled');
  } finally {
    await runner.stop();
  }
}, 60_000);

it('runs on one process at a time: a second process finds the search leased', async () => {
  const { jobId } = expectJson(
    await admin.post('/api/admin/marketing-tool/search').send(bulk),
    BulkSearchStartedSchema,
  );
  const second = await createAppInstance({ config: t.config, database: t.database, logger });
  try {
    const outcomes = await Promise.allSettled([
      t.leads.runBulk(jobId),
      // Started a moment later, while the first holds the lease.
      new Promise((resolve) => setTimeout(resolve, 50)).then(() => second.leads.runBulk(jobId)),
    ]);
    expect(outcomes[0]).toEqual({ status: 'fulfilled', value: undefined });
    expect(outcomes[1]).toMatchObject({
      status: 'rejected',
      reason: { message: `Search ${jobId} is being worked on by another process` },
    });
    const done = await job(jobId);
    expect(done.status).toBe('done');
    const cells = await t.database.db
      .select()
      .from(leadSearchCells)
      .where(eq(leadSearchCells.searchId, jobId));
    expect(cells).toHaveLength(81);
    // Once done, another run has nothing to do.
    await expect(second.leads.runBulk(jobId)).resolves.toBeUndefined();
  } finally {
    await second.close();
  }
}, 60_000);

it('at start, fails plain searches a stopped process left running, and never turns them into bulk jobs', async () => {
  const criteria = {
    city: 'Jackson',
    businessType: 'Healthcare' as const,
    openNow: false,
    bulkMode: false,
    maxResults: 100,
  };
  const [abandoned] = await t.database.db
    .insert(leadSearches)
    .values({
      criteria,
      bulk: false,
      source: 'osm',
      status: 'running',
      cellsTotal: 1,
      createdAt: new Date(Date.now() - 60 * 60 * 1000),
    })
    .returning();
  const [recent] = await t.database.db
    .insert(leadSearches)
    .values({ criteria, bulk: false, source: 'osm', status: 'running', cellsTotal: 1 })
    .returning();
  await t.leads.resumeUnfinished();
  expect(await job(abandoned!.id)).toMatchObject({
    status: 'failed',
    error: 'The server stopped during this search. Please search again.',
  });
  // Another process may still be answering a recent one.
  expect((await job(recent!.id)).status).toBe('running');
  await t.leads.runBulk(recent!.id);
  expect(await job(recent!.id)).toMatchObject({ status: 'failed', error: 'Not a bulk search' });
});
