import { eq } from 'drizzle-orm';
import { AdminTicketDetailSchema, AdminTicketPageSchema } from '@shared/schemas/tickets';
import { ResponseTimeSettingsViewSchema } from '@shared/schemas/response-times';
import { DEFAULT_PLANS } from '@shared/plans';
import { DEFAULT_RESPONSE_TIMES } from '@shared/response-targets';
import type request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { subscriptions, tickets } from '../../db/schema';
import { signedInAdmin, signedInClient } from '@tests/factories';
import type { BrowserSession } from '@tests/support/browser-session';
import { expectJson } from '@tests/support/expect-json';
import { createTestClock, startTestApp, type TestApp } from '@tests/support/test-app';

// Support hours: the defaults, Monday to Friday 9 to 5 in America/Chicago (CST, -06:00).
// Friday Nov 27, 2026, 15:00 CST.
const FRIDAY_3PM = '2026-11-27T21:00:00.000Z';
const clock = createTestClock(FRIDAY_3PM);
let t: TestApp;
let agent: ReturnType<typeof request.agent>;
let signature: Awaited<ReturnType<typeof signedInClient>>;
let prestige: Awaited<ReturnType<typeof signedInClient>>;
let noPlan: Awaited<ReturnType<typeof signedInClient>>;

async function subscribe(userId: string, tier: 'essentials' | 'signature' | 'prestige') {
  await t.database.db.insert(subscriptions).values({ userId, tier, status: 'active' });
}

beforeAll(async () => {
  t = await startTestApp({ BILLING_TIMEZONE: 'America/Chicago' }, { clock });
  ({ agent } = await signedInAdmin(t.app, t.database));
  signature = await signedInClient(t.baseUrl, { firstName: 'Sidonie' });
  prestige = await signedInClient(t.baseUrl, { firstName: 'Placide' });
  noPlan = await signedInClient(t.baseUrl, { firstName: 'Nolan' });
  await subscribe(signature.user.id, 'signature');
  await subscribe(prestige.user.id, 'prestige');
}, 60_000);
afterAll(async () => {
  await t.close();
});

async function open(browser: BrowserSession, priority: 'normal' | 'high' = 'normal') {
  const res = await browser.request('POST', '/api/tickets', {
    subject: 'The booking page is down',
    description: 'Customers cannot book since this morning.',
    priority,
  });
  expect(res.status).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

async function adminView(id: string) {
  return expectJson(await agent.get(`/api/admin/tickets/${id}`), AdminTicketDetailSchema).ticket;
}

async function setStatus(id: string, status: string) {
  const res = await agent.patch(`/api/admin/tickets/${id}`).send({ status });
  expect(res.status).toBe(200);
  return AdminTicketDetailSchema.parse(res.body).ticket;
}

describe('when the answer is due', () => {
  it("counts each plan's first-response target in support hours, halved for high priority", async () => {
    clock.set(FRIDAY_3PM);
    // Signature, 1 business day: 2 hours on Friday, 6 on Monday -> Monday 15:00 CST.
    const signatureTicket = await adminView(await open(signature.browser));
    expect(signatureTicket).toMatchObject({
      planAtOpen: 'signature',
      responseDueAt: '2026-11-30T21:00:00.000Z',
      firstResponseAt: null,
    });
    // High priority: 4 business hours -> 2 on Friday, 2 on Monday -> Monday 11:00 CST.
    expect((await adminView(await open(signature.browser, 'high'))).responseDueAt).toBe(
      '2026-11-30T17:00:00.000Z',
    );
    // Prestige, 4 hours around the clock, weekend or not -> Friday 19:00 CST.
    expect((await adminView(await open(prestige.browser))).responseDueAt).toBe(
      '2026-11-28T01:00:00.000Z',
    );
    // Prestige high priority: 2 hours.
    expect((await adminView(await open(prestige.browser, 'high'))).responseDueAt).toBe(
      '2026-11-27T23:00:00.000Z',
    );
    // No plan: Essentials' 2 business days -> 2h Friday, 8h Monday, 6h Tuesday.
    const none = await adminView(await open(noPlan.browser));
    expect(none).toMatchObject({ planAtOpen: null, responseDueAt: '2026-12-01T21:00:00.000Z' });
  });

  it('stops owing when the agency answers and starts the next-response clock on the client', async () => {
    clock.set(FRIDAY_3PM);
    const id = await open(signature.browser);
    // Monday 10:00 CST: the agency answers.
    clock.set('2026-11-30T16:00:00.000Z');
    const reply = await agent.post(`/api/admin/tickets/${id}/messages`).send({ message: 'On it.' });
    expect(reply.status).toBe(201);
    const answered = await adminView(id);
    expect(answered).toMatchObject({
      status: 'in_progress',
      responseDueAt: null,
      firstResponseAt: '2026-11-30T16:00:00.000Z',
    });
    const [row] = await t.database.db.select().from(tickets).where(eq(tickets.id, id));
    expect(row!.firstResponseDueAt?.toISOString()).toBe('2026-11-30T21:00:00.000Z');

    // Monday 16:30 CST the client writes: 30 min Monday + 7h30 Tuesday -> Tuesday 16:30 CST.
    clock.set('2026-11-30T22:30:00.000Z');
    await signature.browser.request('POST', `/api/tickets/${id}/messages`, { message: 'Thanks!' });
    expect((await adminView(id)).responseDueAt).toBe('2026-12-01T22:30:00.000Z');
    // A second message before the answer keeps the first due time.
    clock.set('2026-12-01T15:00:00.000Z');
    await signature.browser.request('POST', `/api/tickets/${id}/messages`, { message: 'Also…' });
    expect((await adminView(id)).responseDueAt).toBe('2026-12-01T22:30:00.000Z');
    // The first answer stays the first.
    await agent.post(`/api/admin/tickets/${id}/messages`).send({ message: 'Done.' });
    expect((await adminView(id)).firstResponseAt).toBe('2026-11-30T16:00:00.000Z');
  });
});

describe('waiting on client', () => {
  it('pauses the clock with what is left, and a status change restarts it from there', async () => {
    clock.set(FRIDAY_3PM);
    const id = await open(signature.browser);
    // Monday 9:00 CST: 6 business hours left of the target (due Monday 15:00).
    clock.set('2026-11-30T15:00:00.000Z');
    const paused = await setStatus(id, 'waiting_on_client');
    expect(paused).toMatchObject({ status: 'waiting_on_client', responseDueAt: null });
    // Back to in progress on Tuesday 9:00 CST: 6 hours from then -> Tuesday 15:00 CST.
    clock.set('2026-12-01T15:00:00.000Z');
    expect(await setStatus(id, 'in_progress')).toMatchObject({
      status: 'in_progress',
      responseDueAt: '2026-12-01T21:00:00.000Z',
    });
  });

  it("goes back to in progress on the client's message and starts the next-response clock", async () => {
    clock.set(FRIDAY_3PM);
    const id = await open(signature.browser);
    clock.set('2026-11-30T16:00:00.000Z');
    await agent
      .post(`/api/admin/tickets/${id}/messages`)
      .send({ message: 'Which page do you mean?', status: 'waiting_on_client' });
    expect(await adminView(id)).toMatchObject({
      status: 'waiting_on_client',
      responseDueAt: null,
    });
    // Wednesday 8:00 CST (before opening): the next answer is due Wednesday 17:00 CST.
    clock.set('2026-12-02T14:00:00.000Z');
    const res = await signature.browser.request('POST', `/api/tickets/${id}/messages`, {
      message: 'The booking page.',
    });
    expect(res.status).toBe(201);
    expect(await adminView(id)).toMatchObject({
      status: 'in_progress',
      responseDueAt: '2026-12-02T23:00:00.000Z',
    });
  });

  it('goes back to open when the agency had not answered yet', async () => {
    clock.set(FRIDAY_3PM);
    const id = await open(signature.browser);
    await setStatus(id, 'waiting_on_client');
    clock.set('2026-11-30T15:00:00.000Z');
    await signature.browser.request('POST', `/api/tickets/${id}/messages`, { message: 'Here.' });
    // Paused at once on Friday 15:00, the whole 8 hours left; resumed Monday 9:00 -> 17:00 CST.
    expect(await adminView(id)).toMatchObject({
      status: 'open',
      responseDueAt: '2026-11-30T23:00:00.000Z',
    });
  });

  it('stops the clock when resolved', async () => {
    clock.set(FRIDAY_3PM);
    const id = await open(prestige.browser);
    expect(await setStatus(id, 'resolved')).toMatchObject({
      status: 'resolved',
      responseDueAt: null,
    });
    expect(await setStatus(id, 'open')).toMatchObject({ status: 'open', responseDueAt: null });
  });
});

describe('the support list by due time', () => {
  it('sorts the answer due soonest first, tickets owing none last, and keeps ?sort in the query', async () => {
    const page = expectJson(
      await agent.get('/api/admin/tickets?sort=due&pageSize=100'),
      AdminTicketPageSchema,
    );
    const dues = page.items.map((ticket) => ticket.responseDueAt);
    const owed = dues.filter((due): due is string => due !== null);
    expect(owed.length).toBeGreaterThan(3);
    expect(dues.slice(0, owed.length)).toEqual([...owed].sort());
    expect(dues.slice(owed.length).every((due) => due === null)).toBe(true);
    expect(page.items.some((ticket) => ticket.responseDueAt === null)).toBe(true);

    const latest = expectJson(
      await agent.get('/api/admin/tickets?pageSize=100'),
      AdminTicketPageSchema,
    );
    expect(latest.items.map((ticket) => ticket.id)).not.toEqual(
      page.items.map((ticket) => ticket.id),
    );

    const bad = await agent.get('/api/admin/tickets?sort=subject');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Sort must be due');
  });

  it('filters the waiting tickets', async () => {
    await setStatus(await open(prestige.browser), 'waiting_on_client');
    const page = expectJson(
      await agent.get('/api/admin/tickets?status=waiting_on_client'),
      AdminTicketPageSchema,
    );
    expect(page.items.length).toBeGreaterThan(0);
    expect(page.items.every((ticket) => ticket.status === 'waiting_on_client')).toBe(true);
  });
});

describe('what the client is promised', () => {
  it("says the client's plan's target in words", async () => {
    const says = async (browser: BrowserSession) =>
      (await browser.request('GET', '/api/tickets/response-time')).json();
    expect(await says(signature.browser)).toEqual({
      normal: '1 business day',
      high: '4 business hours',
    });
    expect(await says(prestige.browser)).toEqual({
      normal: '4 hours, around the clock',
      high: '2 hours, around the clock',
    });
    expect(await says(noPlan.browser)).toEqual({
      normal: '2 business days',
      high: '1 business day',
    });
  });
});

describe('response time settings', () => {
  it('answers the defaults, saves new targets, and counts new tickets with them', async () => {
    const before = expectJson(
      await agent.get('/api/admin/settings/response-times'),
      ResponseTimeSettingsViewSchema,
    );
    expect(before).toEqual({
      settings: DEFAULT_RESPONSE_TIMES,
      defaultTimeZone: 'America/Chicago',
    });

    const bad = await agent.put('/api/admin/settings/response-times').send({
      ...DEFAULT_RESPONSE_TIMES,
      opensAt: '17:00',
      closesAt: '09:00',
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Closing time must be after the opening time');

    const saved = await agent.put('/api/admin/settings/response-times').send({
      ...DEFAULT_RESPONSE_TIMES,
      workingDays: [1, 2, 3, 4, 5, 6],
      opensAt: '08:00',
      closesAt: '12:00',
      timeZone: 'America/New_York',
    });
    expect(saved.status).toBe(200);
    // A plan's targets are on the plan (issue 37).
    const signatureTargets = await agent.patch('/api/admin/plans/signature').send({
      responseTimes: {
        aroundTheClock: false,
        firstResponse: { amount: 3, unit: 'hours' },
        nextResponse: { amount: 1, unit: 'days' },
      },
    });
    expect(signatureTargets.status).toBe(200);
    // Friday 15:00 CST is 16:00 in New York, after closing: Saturday 8:00 + 3h -> 11:00 EST.
    clock.set(FRIDAY_3PM);
    expect((await adminView(await open(signature.browser))).responseDueAt).toBe(
      '2026-11-28T16:00:00.000Z',
    );
    expect(
      await (await signature.browser.request('GET', '/api/tickets/response-time')).json(),
    ).toEqual({ normal: '3 business hours', high: '90 business minutes' });
    await agent.put('/api/admin/settings/response-times').send(DEFAULT_RESPONSE_TIMES);
    await agent.patch('/api/admin/plans/signature').send({
      responseTimes: DEFAULT_PLANS[1]!.responseTimes,
    });
  });
});
