import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ClientAccountPageSchema,
  ClientActiveChangedSchema,
  ClientDetailSchema,
} from '@shared/schemas/clients';
import { auditEvents, invoices, oidcPayloads, subscriptions, users } from '../../db/schema';
import { createInvoice, signedInAdmin, signedInClient } from '@tests/factories';
import { BrowserSession, signInThroughProvider } from '@tests/support/browser-session';
import { expectJson } from '@tests/support/expect-json';
import { startTestApp, type TestApp } from '@tests/support/test-app';

let t: TestApp;
let admin: Awaited<ReturnType<typeof signedInAdmin>>;
beforeAll(async () => {
  t = await startTestApp();
  admin = await signedInAdmin(t.app, t.database);
});
afterAll(async () => {
  await t.close();
});

const setActive = (id: string, body: unknown) =>
  admin.agent.put(`/api/admin/clients/${id}/active`).send(body as object);

async function eventsAbout(userId: string) {
  const rows = await t.database.db
    .select()
    .from(auditEvents)
    .where(eq(auditEvents.targetId, userId))
    .orderBy(asc(auditEvents.createdAt));
  return rows.map(({ kind, actorEmail, before, after }) => ({ kind, actorEmail, before, after }));
}

/** The built-in provider's sessions of the account (oidc-provider's 'Session' rows). */
async function providerSessionsOf(accountId: string) {
  const rows = await t.database.db
    .select()
    .from(oidcPayloads)
    .where(eq(oidcPayloads.type, 'Session'));
  return rows.filter((row) => (row.payload as { accountId?: string }).accountId === accountId);
}

async function accountIdOf(userId: string) {
  const [row] = await t.database.db
    .select({ subject: users.oidcSubject })
    .from(users)
    .where(eq(users.id, userId));
  return row!.subject;
}

describe('deactivating a client account', () => {
  it('refuses sign-in through the real provider flow, ends every session, keeps the data, and is undone by reactivation', async () => {
    const {
      browser: laptop,
      account,
      user,
    } = await signedInClient(t.baseUrl, {
      firstName: 'Odile',
      lastName: 'Fontenot',
    });
    const phone = new BrowserSession(t.baseUrl);
    await signInThroughProvider(phone, account.email, account.password);
    expect((await phone.request('GET', '/api/auth/user')).status).toBe(200);
    const invoice = await createInvoice(t.database, {
      userId: user.id,
      clientEmail: account.email,
      status: 'sent',
    });
    const accountId = await accountIdOf(user.id);
    expect((await providerSessionsOf(accountId)).length).toBeGreaterThan(0);

    const done = await setActive(user.id, { active: false });
    expect(expectJson(done, ClientActiveChangedSchema).message).toBe(
      "Odile Fontenot's account is deactivated: they cannot sign in and were signed out everywhere.",
    );

    // Every session ended: the app's on both devices, and the provider's own.
    expect((await laptop.request('GET', '/api/auth/user')).status).toBe(401);
    expect((await phone.request('GET', '/api/tickets')).status).toBe(401);
    expect(await providerSessionsOf(accountId)).toEqual([]);

    // The real sign-in: the provider takes the password, the app refuses the account.
    const browser = new BrowserSession(t.baseUrl);
    const refused = await signInThroughProvider(browser, account.email, account.password);
    expect(new URL(refused.url).pathname).toBe('/api/callback');
    expect(refused.res.status).toBe(403);
    const page = await refused.res.text();
    expect(page).toContain('<h1>Account deactivated</h1>');
    expect(page).toContain('This account has been deactivated.');
    const { businessEmail, businessName } = await t.services.settings.getPublic();
    expect(page).toContain(`mailto:${businessEmail}`);
    expect(page).toContain(`Contact ${businessName.replace('&', '&amp;')} at`);
    expect((await browser.request('GET', '/api/auth/user')).status).toBe(401);
    // And the provider keeps no session of it: the next try asks for the password again.
    expect(await providerSessionsOf(accountId)).toEqual([]);

    // The data stays, and the agency still sees it.
    const detail = expectJson(
      await admin.agent.get(`/api/admin/clients/${user.id}`),
      ClientDetailSchema,
    );
    expect(detail.profile.deactivatedAt).not.toBeNull();
    expect(detail.invoices.items.map((item) => item.id)).toEqual([invoice.id]);
    const list = expectJson(
      await admin.agent.get('/api/admin/clients').query({ q: account.email }),
      ClientAccountPageSchema,
    );
    expect(list.items.map((item) => [item.id, item.deactivatedAt !== null])).toEqual([
      [user.id, true],
    ]);
    expect(
      await t.database.db.select().from(invoices).where(eq(invoices.id, invoice.id)),
    ).toHaveLength(1);

    // Twice is refused, and changes nothing more.
    const again = await setActive(user.id, { active: false });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('This account is already deactivated.');

    const back = await setActive(user.id, { active: true });
    expect(expectJson(back, ClientActiveChangedSchema).message).toBe(
      "Odile Fontenot's account is active again: they can sign in.",
    );
    const signedIn = await signInThroughProvider(
      new BrowserSession(t.baseUrl),
      account.email,
      account.password,
    );
    expect(signedIn.url).toBe(`${t.baseUrl}/portal/dashboard`);
    expect((await setActive(user.id, { active: true })).status).toBe(409);

    const events = await eventsAbout(user.id);
    const kinds = events.map((event) => event.kind);
    expect(kinds).toEqual(['client.deactivated', 'client.reactivated']);
    expect(events[0]).toMatchObject({
      actorEmail: admin.admin.email,
      before: { deactivatedAt: null },
      after: { deactivatedAt: expect.any(String) },
    });
    expect(events[1]).toMatchObject({
      before: { deactivatedAt: events[0]!.after!.deactivatedAt },
      after: { deactivatedAt: null },
    });
  });

  it('is refused while the plan renews, allowed once it is cancelled, and then only ends are allowed', async () => {
    const { browser, user } = await signedInClient(t.baseUrl, { firstName: 'Ambroise' });
    await browser.request('POST', '/api/get-or-create-subscription', { planId: 'signature' });
    await t.database.db
      .update(subscriptions)
      .set({
        status: 'active',
        currentPeriodStart: new Date(),
        currentPeriodEnd: new Date(Date.now() + 20 * 86_400_000),
      })
      .where(eq(subscriptions.userId, user.id));

    const refused = await setActive(user.id, { active: false });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(
      "This client's plan still renews: cancel it first (at the period end or at once), then deactivate the account.",
    );
    expect((await browser.request('GET', '/api/auth/user')).status).toBe(200);
    expect(await eventsAbout(user.id)).toEqual([]);

    const cancel = await admin.agent
      .patch(`/api/admin/clients/${user.id}/subscription`)
      .send({ cancelAtPeriodEnd: true });
    expect(cancel.status).toBe(200);
    expect((await setActive(user.id, { active: false })).status).toBe(200);

    // Taking the cancellation back would renew a plan nobody can sign in to pay: refused.
    const keep = await admin.agent
      .patch(`/api/admin/clients/${user.id}/subscription`)
      .send({ cancelAtPeriodEnd: false });
    expect(keep.status).toBe(409);
    expect(keep.body.message).toBe(
      'This account is deactivated: reactivate it before changing its plan or e-mail (a cancellation is still possible).',
    );
    const endNow = await admin.agent
      .patch(`/api/admin/clients/${user.id}/subscription`)
      .send({ endNow: true });
    expect(endNow.status).toBe(200);
  });

  it('withdraws a plan request still waiting for its first payment', async () => {
    const { browser, user } = await signedInClient(t.baseUrl, { firstName: 'Eulalie' });
    await browser.request('POST', '/api/get-or-create-subscription', { planId: 'essentials' });
    const [pending] = await t.database.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.userId, user.id));
    expect(pending!.status).toBe('pending');
    const firstInvoices = () =>
      t.database.db
        .select()
        .from(invoices)
        .where(and(eq(invoices.subscriptionId, pending!.id)));
    expect(await firstInvoices()).toHaveLength(1);

    const done = await setActive(user.id, { active: false });
    expect(expectJson(done, ClientActiveChangedSchema).message).toContain(
      'The Essentials plan request is withdrawn.',
    );
    const [after] = await t.database.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.userId, user.id));
    expect(after!.status).toBe('canceled');
    expect(await firstInvoices()).toEqual([]);
    expect((await eventsAbout(user.id)).at(-1)).toMatchObject({
      kind: 'client.deactivated',
      after: { planRequestWithdrawn: 'essentials' },
    });
  });

  it('refuses a body that says neither, and an unknown client, changing nothing', async () => {
    const { browser, user } = await signedInClient(t.baseUrl);
    for (const body of [{}, { active: 'no' }, { active: false, extra: 1 }]) {
      const res = await setActive(user.id, body);
      expect(res.status).toBe(400);
    }
    expect((await setActive(user.id, {})).body.message).toBe('active must be true or false');
    const unknown = await setActive('9b9b9b9b-0000-4000-8000-000000000000', { active: false });
    expect(unknown.status).toBe(404);
    expect((await browser.request('GET', '/api/auth/user')).status).toBe(200);
    expect(await eventsAbout(user.id)).toEqual([]);
  });
});
