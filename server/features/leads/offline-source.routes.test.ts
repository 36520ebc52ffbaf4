import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { distanceMiles } from '@shared/places';
import {
  BulkSearchStartedSchema,
  SearchJobSchema,
  SearchRecordPageSchema,
  SearchResponseSchema,
} from '@shared/schemas/leads';
import { searchLeads } from '../../db/schema';
import { signedInAdmin } from '@tests/factories';
import { expectJson } from '@tests/support/expect-json';
import { startLeadJobs, startTestApp, type TestApp } from '@tests/support/test-app';

/** A loopback port nothing listens on: the lead source cannot be reached, as offline. */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

const HINT =
  'If this server has no internet connection, set LEAD_SOURCE=sample to try the tool with sample data.';
const search = { state: 'Louisiana', city: 'Baton Rouge', businessType: 'Restaurant' };

let t: TestApp;
let admin: Awaited<ReturnType<typeof signedInAdmin>>['agent'];
beforeAll(async () => {
  t = await startTestApp({
    OVERPASS_URL: `http://127.0.0.1:${await closedPort()}/api/interpreter`,
  });
  admin = (await signedInAdmin(t.app, t.database)).agent;
});
afterAll(async () => {
  await t.close();
});

describe('a lead search when OpenStreetMap cannot be reached', () => {
  it('answers with the way to sample data and records the search as failed', async () => {
    const res = await admin.post('/api/admin/marketing-tool/search').send(search);
    expect(res.status).toBe(502);
    expect(res.body.message).toBe(`OpenStreetMap could not be reached. ${HINT}`);
    const [failed] = expectJson(
      await admin.get('/api/admin/marketing-tool/searches'),
      SearchRecordPageSchema,
    ).items;
    expect(failed).toMatchObject({ status: 'failed', error: res.body.message });
  });

  it('ends a bulk search as failed with the same advice, not running', async () => {
    const jobs = await startLeadJobs(t);
    try {
      const res = await admin
        .post('/api/admin/marketing-tool/search')
        .send({ ...search, bulkMode: true, maxResults: 100, radius: 5 });
      expect(res.status).toBe(202);
      const { jobId } = expectJson(res, BulkSearchStartedSchema);
      const started = Date.now();
      let job = expectJson(
        await admin.get(`/api/admin/marketing-tool/jobs/${jobId}`),
        SearchJobSchema,
      );
      while (job.status === 'queued' || job.status === 'running') {
        if (Date.now() - started > 60_000) throw new Error(`job stuck: ${JSON.stringify(job)}`);
        await new Promise((resolve) => setTimeout(resolve, 200));
        job = expectJson(
          await admin.get(`/api/admin/marketing-tool/jobs/${jobId}`),
          SearchJobSchema,
        );
      }
      expect(job.status).toBe('failed');
      expect(job.error).toContain(HINT);
    } finally {
      await jobs.stop();
    }
  }, 90_000);
});

describe('the offline sample source', () => {
  it("answers for any US city, its businesses around that city's centre", async () => {
    const sample = await startTestApp({ LEAD_SOURCE: 'sample' });
    try {
      const agent = (await signedInAdmin(sample.app, sample.database)).agent;
      const res = await agent
        .post('/api/admin/marketing-tool/search')
        .send({ state: 'Alabama', city: 'Mobile', businessType: 'Restaurant', radius: 5 });
      expect(res.status).toBe(200);
      const { source, leads } = expectJson(res, SearchResponseSchema);
      expect(source).toBe('sample');
      expect(leads.length).toBeGreaterThan(5);
      for (const lead of leads) {
        expect(lead.city).toBe('Mobile');
        expect(lead.address).toMatch(/, Alabama$/);
        expect(lead.distance).toBeLessThanOrEqual(5);
      }
      // Placed around Mobile's centre (30.694 N, 88.043 W), not the spec's Louisiana.
      const rows = await sample.database.db.select({ facts: searchLeads.facts }).from(searchLeads);
      expect(rows).toHaveLength(leads.length);
      for (const { facts } of rows) {
        expect(distanceMiles({ lat: 30.69436, lon: -88.04305 }, facts.place)).toBeLessThan(5.01);
      }
    } finally {
      await sample.close();
    }
  }, 90_000);
});
