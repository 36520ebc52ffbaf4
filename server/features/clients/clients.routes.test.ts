import { and, like, sql } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ClientDetailSchema } from '@shared/schemas/clients';
import {
  clientNotes,
  creditNotes,
  outboxMessages,
  payments,
  signupLinks,
  subscriptions,
} from '../../db/schema';
import {
  createClient,
  createInvoice,
  createSubscriber,
  signedInAdmin,
  signedInClient,
} from '@tests/factories';
import { pollUntil } from '@tests/support/poll';
import { startTestApp, type TestApp } from '@tests/support/test-app';

let t: TestApp;
let admin: Awaited<ReturnType<typeof signedInAdmin>>['agent'];
beforeAll(async () => {
  t = await startTestApp();
  admin = (await signedInAdmin(t.app, t.database)).agent;
});
afterAll(async () => {
  await t.close();
});

describe('the client directory', () => {
  it('is for the admin only', async () => {
    const client = await signedInClient(t.baseUrl);
    for (const path of ['/api/admin/clients', `/api/admin/clients/${client.user.id}`]) {
      expect((await request(t.app).get(path)).status, path).toBe(401);
      expect((await client.browser.request('GET', path)).status, path).toBe(401);
    }
    const note = await client.browser.request(
      'POST',
      `/api/admin/clients/${client.user.id}/notes`,
      {
        body: 'x',
      },
    );
    expect(note.status).toBe(401);
    expect(await t.database.db.select().from(clientNotes)).toHaveLength(0);
  });

  it('are found by name, e-mail or business name, a page at a time', async () => {
    const found = await signedInClient(t.baseUrl, { firstName: 'Zephyrine' });
    await found.browser.request('PATCH', '/api/auth/user', { businessName: 'Quokka_Bakery 100%' });
    const search = async (q: string, extra = '') =>
      (await admin.get(`/api/admin/clients?q=${encodeURIComponent(q)}${extra}`)).body;
    for (const q of ['zephyr', found.account.email.toUpperCase(), 'quokka_bak', '100%']) {
      const page = await search(q);
      expect(page.items.map((c: { id: string }) => c.id)).toEqual([found.user.id]);
      expect(page).toMatchObject({ total: 1, page: 1, pageSize: 25 });
    }
    // LIKE wildcards are text: '_' and '%' match only themselves.
    expect((await search('quokka%bak')).total).toBe(0);
    const all = await search('', '&pageSize=1&page=2');
    expect(all.items).toHaveLength(1);
    expect(all.total).toBeGreaterThan(1);
    const refused = await admin.get('/api/admin/clients?pageSize=1000');
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('Page size must be between 1 and 100');
  });

  it('filters by subscription status (or none) and shows what each client owes', async () => {
    const active = await createSubscriber(t.database, { tier: 'signature', status: 'active' });
    const pastDue = await createSubscriber(t.database, { tier: 'essentials', status: 'past_due' });
    const planless = await createClient(t.database, { businessName: 'Planless Pottery' });
    // Owed: sent and overdue invoices, less what was paid on them; drafts and paid ones not.
    await createInvoice(t.database, {
      userId: pastDue.id,
      status: 'overdue',
      total: 30_000,
      amountPaid: 10_000,
    });
    await createInvoice(t.database, { userId: pastDue.id, status: 'sent', total: 5_000 });
    await createInvoice(t.database, { userId: pastDue.id, status: 'draft', total: 99_900 });
    await createInvoice(t.database, { userId: pastDue.id, status: 'paid', total: 12_300 });

    const ids = async (query: string) =>
      (await admin.get(`/api/admin/clients?pageSize=100&${query}`)).body.items.map(
        (c: { id: string }) => c.id,
      );
    expect(await ids('status=active')).toContain(active.id);
    expect(await ids('status=active')).not.toContain(pastDue.id);
    expect(await ids('status=past_due')).toEqual(expect.arrayContaining([pastDue.id]));
    const none = await ids('status=none');
    expect(none).toContain(planless.id);
    expect(none).not.toContain(active.id);

    const listed = (await admin.get('/api/admin/clients?q=planless%20pottery')).body.items;
    expect(listed).toEqual([expect.objectContaining({ id: planless.id, plan: null, balance: 0 })]);
    const owing = (await admin.get(`/api/admin/clients?pageSize=100&status=past_due`)).body.items;
    expect(owing.find((c: { id: string }) => c.id === pastDue.id)).toMatchObject({
      plan: 'essentials',
      subscriptionStatus: 'past_due',
      balance: 25_000,
    });
    const bad = await admin.get('/api/admin/clients?status=gone');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Status must be pending, active, past_due, canceled or none');
  });
});

describe("a client's page", () => {
  it('shows the profile, plan, money, invoices, payments, tickets, e-mails, links and notes', async () => {
    const client = await signedInClient(t.baseUrl, { firstName: 'Odile', lastName: 'Fontenot' });
    const id = client.user.id;
    const email = client.account.email.toLowerCase();
    await t.database.db.insert(subscriptions).values({
      userId: id,
      tier: 'prestige',
      status: 'active',
      currentPeriodStart: new Date('2026-11-01T00:00:00Z'),
      currentPeriodEnd: new Date('2026-12-01T00:00:00Z'),
    });
    const invoices = [];
    for (let n = 0; n < 12; n++) {
      invoices.push(
        await createInvoice(t.database, {
          userId: id,
          invoiceNumber: `ODILE-${String(n).padStart(2, '0')}`,
          status: n === 11 ? 'overdue' : 'paid',
          total: 10_000,
          amountPaid: n === 11 ? 2_500 : 10_000,
          createdAt: new Date(Date.UTC(2026, 0, n + 1)),
        }),
      );
    }
    await t.database.db.insert(payments).values({
      invoiceId: invoices[11]!.id,
      amount: 2_500,
      method: 'check',
      paidAt: new Date('2026-11-20T12:00:00Z'),
      reference: 'Check 1042',
    });
    // An issued credit note gave 10.00 back; a pending one has not (yet).
    await t.database.db.insert(creditNotes).values([
      {
        invoiceId: invoices[0]!.id,
        creditNoteNumber: 'CN-2026-0001',
        status: 'issued',
        amount: 1_000,
        reason: 'Photo shoot cancelled',
        issuedAt: new Date('2026-02-01T12:00:00Z'),
      },
      { invoiceId: invoices[1]!.id, status: 'pending', amount: 500, reason: 'Waiting for Stripe' },
    ]);
    for (const subject of ['Menu update', 'New photos']) {
      await client.browser.request('POST', '/api/tickets', {
        subject,
        description: 'Please change the page, thank you.',
      });
    }
    // Each new ticket's confirmation goes to them, in the background: both are stored before
    // the invoice e-mail below, which is then the newest.
    await pollUntil(
      () =>
        t.database.db
          .select()
          .from(outboxMessages)
          .where(
            and(
              sql`lower(${outboxMessages.toAddress}) = ${email}`,
              like(outboxMessages.subject, '[#%'),
            ),
          ),
      (rows) => rows.length === 2,
    );
    await t.database.db.insert(outboxMessages).values({
      fromAddress: 'hello@agency.test',
      toAddress: client.account.email.toUpperCase(),
      subject: 'Your invoice ODILE-11',
      text: 'Hello',
      status: 'stored',
    });
    await t.database.db.insert(signupLinks).values({
      tokenHash: `hash-${id}`,
      email,
      planType: 'prestige',
      expiresAt: new Date('2026-01-02T00:00:00Z'),
    });
    // Someone else's records stay off this page.
    const other = await createClient(t.database);
    await createInvoice(t.database, { userId: other.id, status: 'overdue' });

    const note = await admin
      .post(`/api/admin/clients/${id}/notes`)
      .send({ body: '  Prefers calls after 3pm.\nOwner: Odile.  ' });
    expect(note.status).toBe(201);
    expect(note.body).toMatchObject({ body: 'Prefers calls after 3pm.\nOwner: Odile.' });

    const res = await admin.get(`/api/admin/clients/${id}`);
    expect(res.status).toBe(200);
    const detail = ClientDetailSchema.parse(res.body);
    expect(detail.profile).toMatchObject({
      id,
      name: 'Odile Fontenot',
      email,
      emailVerified: true,
    });
    expect(detail.subscription).toMatchObject({ tier: 'prestige', status: 'active' });
    expect(detail.money).toEqual({ balance: 7_500, overdue: 7_500, paid: 111_500 });
    expect(detail.invoices.total).toBe(12);
    expect(detail.invoices.items.map((i) => i.invoiceNumber)).toEqual(
      Array.from({ length: 10 }, (_, n) => `ODILE-${String(11 - n).padStart(2, '0')}`),
    );
    expect(detail.payments).toMatchObject({
      total: 1,
      items: [{ amount: 2_500, method: 'check', invoiceNumber: 'ODILE-11' }],
    });
    expect(detail.tickets.items.map((ticket) => ticket.subject)).toEqual([
      'New photos',
      'Menu update',
    ]);
    // E-mails to their address, whatever its case (the sign-up's code came first): their
    // tickets' confirmations; the agency's notice of each new ticket went to the agency.
    expect(detail.messages.items[0]).toMatchObject({
      subject: 'Your invoice ODILE-11',
      status: 'stored',
      clientId: id,
    });
    expect(detail.messages.items.every((m) => m.toAddress.toLowerCase() === email)).toBe(true);
    const subjects = detail.messages.items.map((m) => m.subject);
    expect(subjects).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^\[#\d+\] New photos$/),
        expect.stringMatching(/^\[#\d+\] Menu update$/),
      ]),
    );
    expect(subjects.some((subject) => subject.startsWith('New support ticket'))).toBe(false);
    expect(detail.signupLinks).toMatchObject({
      total: 1,
      items: [{ planType: 'prestige', state: 'expired' }],
    });
    expect(detail.notes).toEqual([
      expect.objectContaining({ body: 'Prefers calls after 3pm.\nOwner: Odile.' }),
    ]);
    expect(detail.notes[0]!.authorEmail).toMatch(/@/);
  });

  it('answers 404 for an unknown client, and keeps notes valid', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
      const res = await admin.get(`/api/admin/clients/${id}`);
      expect(res.status, id).toBe(404);
      expect(res.body.message).toBe('Client not found');
      expect((await admin.post(`/api/admin/clients/${id}/notes`).send({ body: 'x' })).status).toBe(
        404,
      );
    }
    const client = await createClient(t.database);
    for (const [body, message] of [
      [{ body: '   ' }, 'Write the note first'],
      [{}, 'Write the note first'],
      [{ body: 'x'.repeat(5001) }, 'A note can be at most 5000 characters'],
    ] as const) {
      const res = await admin.post(`/api/admin/clients/${client.id}/notes`).send(body);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(message);
    }
    const kept = await admin.post(`/api/admin/clients/${client.id}/notes`).send({ body: 'Keep' });
    const gone = await admin.post(`/api/admin/clients/${client.id}/notes`).send({ body: 'Gone' });
    const other = await createClient(t.database);
    // A note is deleted only through its own client.
    expect(
      (await admin.delete(`/api/admin/clients/${other.id}/notes/${gone.body.id}`)).status,
    ).toBe(404);
    expect(
      (await admin.delete(`/api/admin/clients/${client.id}/notes/${gone.body.id}`)).status,
    ).toBe(204);
    expect(
      (await admin.delete(`/api/admin/clients/${client.id}/notes/${gone.body.id}`)).status,
    ).toBe(404);
    const notes = (await admin.get(`/api/admin/clients/${client.id}`)).body.notes;
    expect(notes.map((n: { id: string }) => n.id)).toEqual([kept.body.id]);
  });
});
