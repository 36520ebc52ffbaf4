import { ResponseStatsSchema } from '@shared/schemas/response-stats';
import type request from 'supertest';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { subscriptions } from '../../db/schema';
import { signedInAdmin, signedInClient } from '@tests/factories';
import type { BrowserSession } from '@tests/support/browser-session';
import { expectJson } from '@tests/support/expect-json';
import { createTestClock, startTestApp, type TestApp } from '@tests/support/test-app';

// Monday Nov 2, 2026, 9:00 CST: support hours Monday to Friday, 9 to 5 (the defaults).
const clock = createTestClock('2026-11-02T15:00:00.000Z');
let t: TestApp;
let agent: ReturnType<typeof request.agent>;

beforeAll(async () => {
  t = await startTestApp({ BILLING_TIMEZONE: 'America/Chicago' }, { clock });
  ({ agent } = await signedInAdmin(t.app, t.database));
}, 60_000);
afterAll(async () => {
  await t.close();
});

async function client(tier: 'signature' | 'prestige' | null) {
  const made = await signedInClient(t.baseUrl);
  if (tier) {
    await t.database.db
      .insert(subscriptions)
      .values({ userId: made.user.id, tier, status: 'active' });
  }
  return made.browser;
}

/** Opens a ticket at `openedAt` and, when `answeredAt`, the agency answers then. */
async function ticket(browser: BrowserSession, openedAt: string, answeredAt?: string) {
  clock.set(openedAt);
  const res = await browser.request('POST', '/api/tickets', {
    subject: 'Menu update',
    description: 'Please add the new lunch menu.',
  });
  const { id } = (await res.json()) as { id: string };
  if (answeredAt) {
    clock.set(answeredAt);
    await agent.post(`/api/admin/tickets/${id}/messages`).send({ message: 'Done.' });
  }
}

it("gives this month's median first response and share answered in time per plan", async () => {
  const signature = await client('signature');
  const prestige = await client('prestige');
  const none = await client(null);
  // Signature (1 business day, due Tuesday 9:00 for Monday 9:00): 1h, 3h, and 25h (late).
  await ticket(signature, '2026-11-02T15:00:00.000Z', '2026-11-02T16:00:00.000Z');
  await ticket(signature, '2026-11-02T15:00:00.000Z', '2026-11-02T18:00:00.000Z');
  await ticket(signature, '2026-11-02T15:00:00.000Z', '2026-11-03T16:00:00.000Z');
  // Unanswered but not yet due: counts as opened, not in the share.
  await ticket(signature, '2026-11-03T16:00:00.000Z');
  // Prestige (4 hours around the clock): one answered in 30 min; one unanswered and overdue.
  await ticket(prestige, '2026-11-03T10:00:00.000Z', '2026-11-03T10:30:00.000Z');
  await ticket(prestige, '2026-11-03T10:00:00.000Z');
  // No plan; and last month's ticket (Oct 31 in Chicago), which counts nowhere.
  await ticket(none, '2026-11-03T10:00:00.000Z');
  await ticket(signature, '2026-11-01T04:00:00.000Z', '2026-11-02T16:00:00.000Z');

  clock.set('2026-11-03T17:00:00.000Z');
  const stats = expectJson(
    await agent.get('/api/admin/dashboard-response-times'),
    ResponseStatsSchema,
  );
  expect(stats).toEqual({
    month: '2026-11',
    plans: [
      {
        plan: 'essentials',
        opened: 0,
        answered: 0,
        medianFirstResponseMinutes: null,
        due: 0,
        answeredInTime: 0,
      },
      {
        plan: 'signature',
        opened: 4,
        answered: 3,
        medianFirstResponseMinutes: 180,
        due: 3,
        answeredInTime: 2,
      },
      {
        plan: 'prestige',
        opened: 2,
        answered: 1,
        medianFirstResponseMinutes: 30,
        due: 2,
        answeredInTime: 1,
      },
      {
        plan: null,
        opened: 1,
        answered: 0,
        medianFirstResponseMinutes: null,
        due: 0,
        answeredInTime: 0,
      },
    ],
  });
});
