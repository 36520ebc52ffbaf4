import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInAdmin } from '@tests/factories';
import { BrowserSession, signInThroughProvider } from '@tests/support/browser-session';
import { startTestApp, type TestApp } from '@tests/support/test-app';
import { BUILT_IN_ISSUER, invoices, users } from '../../db/schema';
import { DEMO_CLIENT_PASSWORD, DatabaseHasClientsError, seedDemoData } from './demo-data';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});
const target = () => ({ db: t.database.db, repositories: t.services.repositories });

describe('the demo data', () => {
  it('fills an empty database with a living agency, and refuses one that has clients', async () => {
    const issuer = BUILT_IN_ISSUER;
    const result = await seedDemoData(target(), { issuer });
    expect(result).toEqual({
      clients: 12,
      invoices: expect.any(Number),
      tickets: 4,
      consultations: 16,
    });

    const { agent } = await signedInAdmin(t.app, t.database);
    const open = await t.database.db
      .select({ status: invoices.status, total: invoices.total, amountPaid: invoices.amountPaid })
      .from(invoices);
    const openBalance = (statuses: string[]) =>
      open
        .filter((invoice) => statuses.includes(invoice.status))
        .reduce((sum, invoice) => sum + invoice.total - invoice.amountPaid, 0);
    const stats = (await agent.get('/api/admin/dashboard-stats')).body;
    expect(stats).toEqual({
      activeSubscribers: 9,
      mrr: 3 * 199_00 + 4 * 399_00 + 2 * 599_00,
      arr: 12 * (3 * 199_00 + 4 * 399_00 + 2 * 599_00),
      // Six of the sixteen consultation requests were won: their clients' plans started later.
      conversionRate: 6 / 16,
      consultationRequests: 16,
      convertedRequests: 6,
      conversionSince: expect.any(String),
      collectedThisMonth: expect.any(Number),
      outstanding: openBalance(['sent', 'overdue']),
      overdue: openBalance(['overdue']),
      planDistribution: { essentials: 3, signature: 4, prestige: 2 },
    });
    expect(stats.overdue).toBeGreaterThan(0);
    expect(stats.outstanding).toBeGreaterThan(stats.overdue);
    const statuses = new Set(
      (await t.database.db.select({ status: invoices.status }).from(invoices)).map((r) => r.status),
    );
    expect([...statuses].sort()).toEqual(['draft', 'overdue', 'paid', 'sent']);
    const numbers = (await agent.get('/api/admin/invoices?pageSize=100')).body.items.map(
      (invoice: { invoiceNumber: string }) => invoice.invoiceNumber,
    );
    expect(new Set(numbers).size).toBe(result.invoices);

    // The history agrees with the subscriptions: this month's MRR is the card's.
    const trends = (await agent.get('/api/admin/dashboard-trends')).body;
    expect(trends.months.at(-1).mrr).toBe(stats.mrr);
    expect(
      trends.months.reduce(
        (sum: number, m: { churnedClients: number }) => sum + m.churnedClients,
        0,
      ),
    ).toBe(1);

    // Nothing contradicts itself: an ended plan's period is over; a pending change is shown.
    const idOf = async (email: string) =>
      (await t.database.db.select().from(users).where(eq(users.email, email)))[0]!.id;
    const camille = await t.services.subscriptions.listHistory(
      await idOf('camille.savoie@example.com'),
    );
    expect(camille.items.map((event) => event.kind)).toEqual([
      'canceled',
      'cancel_requested',
      'renewed',
      'activated',
      'requested',
    ]);
    expect(new Date(camille.items[0]!.periodEnd!).getTime()).toBeLessThan(Date.now());
    const felix = await t.services.subscriptions.listHistory(
      await idOf('felix.comeaux@example.com'),
    );
    expect(felix.items[0]).toMatchObject({
      kind: 'plan_change_requested',
      tier: 'signature',
      pendingTier: 'prestige',
    });

    // A demo client signs in on the built-in provider and finds their plan.
    const browser = new BrowserSession(t.baseUrl);
    await signInThroughProvider(browser, 'andre.thibodeaux@example.com', DEMO_CLIENT_PASSWORD);
    const subscription = await (await browser.request('GET', '/api/subscription')).json();
    expect(subscription).toMatchObject({ tier: 'signature', status: 'active' });
    const tickets = await (await browser.request('GET', '/api/tickets')).json();
    expect(tickets.items.map((ticket: { subject: string }) => ticket.subject)).toEqual([
      'Add our spring menu to the site',
    ]);

    await expect(seedDemoData(target(), { issuer })).rejects.toThrow(DatabaseHasClientsError);
    const forced = await seedDemoData(target(), { issuer, force: true });
    expect(forced.clients).toBe(0);
    const [row] = await t.database.db.select({ n: count() }).from(users);
    expect(row!.n).toBe(12);
  });
});
