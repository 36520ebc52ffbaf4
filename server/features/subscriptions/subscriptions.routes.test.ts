import { eq } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { subscriptions } from '../../db/schema';
import { createClient, createInvoice, signedInClient } from '@tests/factories';
import type { BrowserSession } from '@tests/support/browser-session';
import { startTestApp, type TestApp } from '@tests/support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

async function send(browser: BrowserSession, method: string, url: string, body?: object) {
  const res = await browser.request(method, url, body);
  return { status: res.status, body: await res.json() };
}

async function activate(userId: string) {
  await t.database.db
    .update(subscriptions)
    .set({
      status: 'active',
      activatedAt: new Date(),
      currentPeriodStart: new Date('2026-11-01T00:00:00Z'),
      currentPeriodEnd: new Date('2026-12-01T00:00:00Z'),
    })
    .where(eq(subscriptions.userId, userId));
}

describe('subscriptions', () => {
  it('are refused without a signed-in client', async () => {
    expect((await request(t.app).get('/api/subscription')).status).toBe(401);
    const post = await request(t.app)
      .post('/api/get-or-create-subscription')
      .send({ planId: 'signature' });
    expect(post.status).toBe(401);
    expect((await request(t.app).post('/api/subscription/cancel')).status).toBe(401);
  });

  it('start as none; a plan request is pending and may be replaced while pending', async () => {
    const { browser } = await signedInClient(t.baseUrl);
    expect(await send(browser, 'GET', '/api/subscription')).toEqual({ status: 200, body: null });

    const requested = await send(browser, 'POST', '/api/get-or-create-subscription', {
      planId: 'signature',
    });
    expect(requested.status).toBe(200);
    expect(requested.body.message).toMatch(/Signature plan has been received.*invoice/);
    expect(requested.body.subscription).toEqual({
      tier: 'signature',
      status: 'pending',
      currentPeriodStart: null,
      currentPeriodEnd: null,
      cancelAtPeriodEnd: false,
      pendingTier: null,
      pendingTierFrom: null,
      withdrawn: false,
      // Each subscription keeps its own price: the plan's when it was asked for (issue 37).
      monthlyPrice: 39900,
    });

    const replaced = await send(browser, 'POST', '/api/get-or-create-subscription', {
      planId: 'prestige',
    });
    expect(replaced.body.subscription).toMatchObject({ tier: 'prestige', status: 'pending' });
    expect((await send(browser, 'GET', '/api/subscription')).body.tier).toBe('prestige');
  });

  it('refuses an unknown plan and changes nothing', async () => {
    const { browser, user } = await signedInClient(t.baseUrl);
    for (const [body, message] of [
      [{ planId: 'platinum' }, 'That plan does not exist. Please choose one of our plans.'],
      [{}, 'Please choose a plan'],
      [{ planId: 3 }, 'Please choose a plan'],
    ] as const) {
      const res = await send(browser, 'POST', '/api/get-or-create-subscription', body);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(message);
    }
    const rows = await t.database.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.userId, user.id));
    expect(rows).toEqual([]);
  });

  it("says 'already have an active subscription' and keeps an active plan as it is", async () => {
    const { browser, user } = await signedInClient(t.baseUrl);
    await send(browser, 'POST', '/api/get-or-create-subscription', { planId: 'essentials' });
    await activate(user.id);

    const again = await send(browser, 'POST', '/api/get-or-create-subscription', {
      planId: 'prestige',
    });
    expect(again.status).toBe(200);
    expect(again.body.message).toContain('already have an active subscription');
    expect(again.body.subscription).toEqual({
      tier: 'essentials',
      status: 'active',
      currentPeriodStart: '2026-11-01T00:00:00.000Z',
      currentPeriodEnd: '2026-12-01T00:00:00.000Z',
      cancelAtPeriodEnd: false,
      pendingTier: null,
      pendingTierFrom: null,
      withdrawn: false,
      monthlyPrice: 19900,
    });
    // The answer no longer sends the client to a support ticket: the plans page changes plans.
    expect(again.body.message).not.toContain('support ticket');
  });

  it('cancels an active plan at the end of its period, once', async () => {
    const { browser, user } = await signedInClient(t.baseUrl);
    await send(browser, 'POST', '/api/get-or-create-subscription', { planId: 'signature' });
    await activate(user.id);

    const cancel = await send(browser, 'POST', '/api/subscription/cancel');
    expect(cancel.status).toBe(200);
    expect(cancel.body.message).toMatch(/end of the current billing period/);
    expect(cancel.body.subscription).toMatchObject({ status: 'active', cancelAtPeriodEnd: true });
    const [row] = await t.database.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.userId, user.id));
    expect(row!.cancelRequestedAt).toBeInstanceOf(Date);

    const twice = await send(browser, 'POST', '/api/subscription/cancel');
    expect(twice.status).toBe(409);
    expect(twice.body.message).toBe(
      'Cancellation has already been requested for this subscription.',
    );
  });

  it('withdraws a pending request, and has nothing to cancel without one', async () => {
    const { browser } = await signedInClient(t.baseUrl);
    const none = await send(browser, 'POST', '/api/subscription/cancel');
    expect(none.status).toBe(404);
    expect(none.body.message).toBe('You have no subscription to cancel.');

    await send(browser, 'POST', '/api/get-or-create-subscription', { planId: 'essentials' });
    const withdrawn = await send(browser, 'POST', '/api/subscription/cancel');
    // A request withdrawn says so, and has no period (it never started).
    expect(withdrawn.body.subscription).toMatchObject({
      status: 'canceled',
      withdrawn: true,
      currentPeriodStart: null,
      currentPeriodEnd: null,
    });
    expect((await send(browser, 'GET', '/api/subscription')).body.withdrawn).toBe(true);
    const ended = await send(browser, 'POST', '/api/subscription/cancel');
    expect(ended.status).toBe(409);

    // A new request after that starts over as pending.
    const again = await send(browser, 'POST', '/api/get-or-create-subscription', {
      planId: 'signature',
    });
    expect(again.body.subscription).toMatchObject({ tier: 'signature', status: 'pending' });
  });
});

describe('billing history', () => {
  it("lists the client's own sent, paid and overdue invoices, newest first, never drafts or others'", async () => {
    const { browser, account, user } = await signedInClient(t.baseUrl);
    const email = account.email.toUpperCase();
    const paid = await createInvoice(t.database, {
      userId: user.id,
      clientEmail: email,
      status: 'paid',
      dateIssued: '2026-10-01',
      paidAt: new Date('2026-10-03T12:00:00Z'),
      total: 39_900,
    });
    const sent = await createInvoice(t.database, {
      userId: user.id,
      clientEmail: account.email,
      status: 'sent',
      dateIssued: '2026-11-01',
    });
    await createInvoice(t.database, {
      userId: user.id,
      clientEmail: account.email,
      status: 'draft',
    });
    // Written to the client's address but given to another account: not theirs.
    const other = await createClient(t.database);
    await createInvoice(t.database, { userId: other.id, clientEmail: email, status: 'paid' });

    const res = await send(browser, 'GET', '/api/invoices');
    expect(res.status).toBe(200);
    expect(res.body.items).toEqual([
      {
        id: sent.id,
        invoiceNumber: sent.invoiceNumber,
        dateIssued: '2026-11-01',
        dueDate: '2026-12-31',
        total: 39_900,
        amountPaid: 0,
        status: 'sent',
        paidAt: null,
        creditNotes: [],
        taxes: [],
        taxExemptCertificate: null,
      },
      {
        id: paid.id,
        invoiceNumber: paid.invoiceNumber,
        dateIssued: '2026-10-01',
        dueDate: '2026-12-31',
        total: 39_900,
        amountPaid: 39_900,
        status: 'paid',
        paidAt: '2026-10-03T12:00:00.000Z',
        creditNotes: [],
        taxes: [],
        taxExemptCertificate: null,
      },
    ]);
    expect(res.body).toMatchObject({ total: 2, page: 1, pageSize: 25 });
    expect((await request(t.app).get('/api/invoices')).status).toBe(401);
  });
});
