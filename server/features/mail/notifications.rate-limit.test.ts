import { and, count, like, notLike } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInClient } from '@tests/factories';
import type { BrowserSession } from '@tests/support/browser-session';
import { pollUntil } from '@tests/support/poll';
import { startTestApp, type TestApp } from '@tests/support/test-app';
import { outboxMessages } from '../../db/schema';

const TOO_MANY =
  /^You have sent us many requests in a short time\. Please try again in (60|59) minutes\.$/;

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

/** Messages in the outbox about this client (each names them in its subject). */
/** Messages to the agency about the client (their own ticket confirmations, "[#N] …", aside). */
async function outboxAbout(name: string): Promise<number> {
  const [row] = await t.database.db
    .select({ n: count() })
    .from(outboxMessages)
    .where(and(like(outboxMessages.subject, `%${name}%`), notLike(outboxMessages.subject, '[#%')));
  return row!.n;
}

async function send(browser: BrowserSession, method: string, url: string, body?: object) {
  const res = await browser.request(method, url, body);
  return { status: res.status, body: (await res.json()) as { message?: string } };
}

const newTicket = (name: string, n: number) => ({
  subject: `${name} ticket ${n}`,
  description: 'Please update the opening hours.',
});

describe('client actions that e-mail the agency', () => {
  it('are limited to 20 an hour per account: the 21st answers 429 and mails nothing', async () => {
    const { browser } = await signedInClient(t.baseUrl, { firstName: 'Loopy' });
    // Request and withdraw a plan, again and again: each one e-mails the agency.
    for (let n = 0; n < 10; n += 1) {
      expect(
        (await send(browser, 'POST', '/api/get-or-create-subscription', { planId: 'signature' }))
          .status,
      ).toBe(200);
      expect((await send(browser, 'POST', '/api/subscription/cancel')).status).toBe(200);
    }
    await pollUntil(
      () => outboxAbout('Loopy'),
      (n) => n === 20,
      10_000,
    );

    const blocked = await send(browser, 'POST', '/api/get-or-create-subscription', {
      planId: 'signature',
    });
    expect(blocked.status).toBe(429);
    expect(blocked.body.message).toMatch(TOO_MANY);
    // Every notifying action shares the count: a new ticket waits as well.
    const ticket = await send(browser, 'POST', '/api/tickets', newTicket('Loopy', 1));
    expect(ticket.status).toBe(429);
    expect(ticket.body.message).toMatch(TOO_MANY);
    expect((await send(browser, 'POST', '/api/subscription/cancel')).status).toBe(429);

    // Nothing more reaches the outbox (notifications are sent after the answer: give them time).
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await outboxAbout('Loopy')).toBe(20);
    // Reading still works, and the refused request changed nothing.
    const subscription = await send(browser, 'GET', '/api/subscription');
    expect(subscription.body).toMatchObject({ status: 'canceled' });
  });

  it('count per account: another client is not held back', async () => {
    const first = await signedInClient(t.baseUrl, { firstName: 'Busy' });
    for (let n = 0; n < 20; n += 1) {
      expect((await send(first.browser, 'POST', '/api/tickets', newTicket('Busy', n))).status).toBe(
        201,
      );
    }
    expect((await send(first.browser, 'POST', '/api/tickets', newTicket('Busy', 20))).status).toBe(
      429,
    );

    const second = await signedInClient(t.baseUrl, { firstName: 'Calm' });
    expect((await send(second.browser, 'POST', '/api/tickets', newTicket('Calm', 1))).status).toBe(
      201,
    );
    await pollUntil(
      () => outboxAbout('Calm'),
      (n) => n === 1,
      10_000,
    );
    await pollUntil(
      () => outboxAbout('Busy'),
      (n) => n === 20,
      10_000,
    );
  });

  it('do not count when refused: nothing was sent', async () => {
    const { browser } = await signedInClient(t.baseUrl, { firstName: 'Careful' });
    for (let n = 0; n < 25; n += 1) {
      expect((await send(browser, 'POST', '/api/subscription/cancel')).status).toBe(404);
      expect((await send(browser, 'POST', '/api/tickets', { subject: '' })).status).toBe(400);
    }
    expect((await send(browser, 'POST', '/api/tickets', newTicket('Careful', 1))).status).toBe(201);
  });
});
