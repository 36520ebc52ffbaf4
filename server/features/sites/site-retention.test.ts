import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { siteCheckHours, siteChecks, sites } from '../../db/schema';
import { createClient } from '@tests/factories';
import { createTestClock, startTestApp, type TestApp } from '@tests/support/test-app';

/** Raw checks past 30 days become one row per site and hour, once, whatever is run again. */
const clock = createTestClock('2026-11-20T15:30:00Z');
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({}, { clock });
});
afterAll(async () => {
  await t.close();
});

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

it('rolls the checks older than 30 days up into hours and deletes them, idempotently', async () => {
  const client = await createClient(t.database);
  const [site] = await t.database.db
    .insert(sites)
    .values({ userId: client.id, url: 'https://8.8.8.8/' })
    .returning();
  const now = clock.now().getTime();
  // 31 days ago at 10:00 UTC: five checks, one failed without an answer; 10:00 + 1 h: two.
  const hourA = new Date(Math.floor((now - 31 * DAY) / HOUR) * HOUR);
  const hourB = new Date(hourA.getTime() + HOUR);
  const at = (hour: Date, minutes: number) => new Date(hour.getTime() + minutes * 60_000);
  await t.database.db.insert(siteChecks).values([
    { siteId: site!.id, checkedAt: at(hourA, 1), ok: true, responseMs: 120 },
    { siteId: site!.id, checkedAt: at(hourA, 6), ok: true, responseMs: 80 },
    { siteId: site!.id, checkedAt: at(hourA, 11), ok: false, responseMs: null, reason: 'Timeout' },
    { siteId: site!.id, checkedAt: at(hourA, 16), ok: true, responseMs: 400 },
    { siteId: site!.id, checkedAt: at(hourA, 21), ok: false, responseMs: 90, reason: 'HTTP 503' },
    { siteId: site!.id, checkedAt: at(hourB, 1), ok: true, responseMs: 200 },
    { siteId: site!.id, checkedAt: at(hourB, 30), ok: true, responseMs: 300 },
    // Within 30 days: kept raw.
    { siteId: site!.id, checkedAt: new Date(now - 29 * DAY), ok: true, responseMs: 150 },
    { siteId: site!.id, checkedAt: new Date(now - 60_000), ok: true, responseMs: 150 },
  ]);

  expect(await t.services.sites.rollUpOldChecks()).toBe(2);
  const hours = () =>
    t.database.db
      .select()
      .from(siteCheckHours)
      .where(eq(siteCheckHours.siteId, site!.id))
      .orderBy(asc(siteCheckHours.hour));
  const rolled = await hours();
  expect(rolled).toEqual([
    // Answered: 80, 90, 120, 400: the median is 105.
    {
      siteId: site!.id,
      hour: hourA,
      checks: 5,
      failures: 2,
      responseMsMedian: 105,
      responseMsMax: 400,
    },
    {
      siteId: site!.id,
      hour: hourB,
      checks: 2,
      failures: 0,
      responseMsMedian: 250,
      responseMsMax: 300,
    },
  ]);
  const raw = await t.database.db.select().from(siteChecks).where(eq(siteChecks.siteId, site!.id));
  expect(raw).toHaveLength(2);

  // Run again: nothing to do, nothing changed.
  expect(await t.services.sites.rollUpOldChecks()).toBe(0);
  expect(await hours()).toEqual(rolled);

  // A check of an hour already rolled up (it came late) adds to that hour's row.
  await t.database.db
    .insert(siteChecks)
    .values({ siteId: site!.id, checkedAt: at(hourB, 45), ok: false, responseMs: 1000 });
  expect(await t.services.sites.rollUpOldChecks()).toBe(1);
  expect((await hours())[1]).toMatchObject({ checks: 3, failures: 1, responseMsMax: 1000 });

  // A day later the check of 29 days ago is past 30 days too.
  clock.advanceDays(1.5);
  expect(await t.services.sites.rollUpOldChecks()).toBe(1);
  expect(await hours()).toHaveLength(3);
  expect(
    await t.database.db.select().from(siteChecks).where(eq(siteChecks.siteId, site!.id)),
  ).toHaveLength(1);
});
