import { and, desc, eq } from 'drizzle-orm';
import type request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InvoiceDetailSchema } from '@shared/schemas/invoices';
import { AdminPlanPageSchema } from '@shared/schemas/plans';
import {
  AdminTicketDetailSchema,
  CreatedTicketSchema,
  TicketPageSchema,
} from '@shared/schemas/tickets';
import {
  ClientUpdatesSchema,
  DEFAULT_UPDATE_ALLOWANCE,
  UpdateAllowanceSettingsSchema,
  UpdatesMeterSchema,
} from '@shared/schemas/updates';
import { auditEvents, invoices, subscriptions, tickets } from '../../db/schema';
import { createInvoice, signedInAdmin, signedInClient } from '@tests/factories';
import type { BrowserSession } from '@tests/support/browser-session';
import { expectJson } from '@tests/support/expect-json';
import { createTestClock, startTestApp, type TestApp } from '@tests/support/test-app';

// The business runs on Chicago's clock: November 2026 is CST (UTC-6).
const NOV_10 = '2026-11-10T18:00:00.000Z';
/** Nov 30, 11:30 PM in Chicago, already December 1 in UTC: still November's. */
const NOV_30_LATE = '2026-12-01T05:30:00.000Z';
/** Dec 1, 12:30 AM in Chicago: December's. */
const DEC_1_EARLY = '2026-12-01T06:30:00.000Z';

const clock = createTestClock(NOV_10);
let t: TestApp;
let agent: ReturnType<typeof request.agent>;
type Client = Awaited<ReturnType<typeof signedInClient>>;

beforeAll(async () => {
  t = await startTestApp({ BILLING_TIMEZONE: 'America/Chicago' }, { clock });
  ({ agent } = await signedInAdmin(t.app, t.database));
}, 60_000);
afterAll(async () => {
  await t.close();
});

async function subscribe(client: Client, tier: 'essentials' | 'signature' | 'prestige') {
  await t.database.db
    .insert(subscriptions)
    .values({ userId: client.user.id, tier, status: 'active' });
}

async function ask(client: Client, subject: string, kind?: 'update' | 'question') {
  const res = await client.browser.request('POST', '/api/tickets', {
    subject,
    description: 'Please change this on the website.',
    ...(kind ? { kind } : {}),
  });
  expect(res.status).toBe(201);
  return CreatedTicketSchema.parse(await res.json());
}

async function meterOf(browser: BrowserSession) {
  const res = await browser.request('GET', '/api/updates');
  return expectJson({ status: res.status, body: await res.json() }, UpdatesMeterSchema);
}

async function clientUpdates(client: Client) {
  return expectJson(
    await agent.get(`/api/admin/clients/${client.user.id}/updates`),
    ClientUpdatesSchema,
  );
}

async function auditOf(kind: string, targetId: string) {
  return t.database.db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.kind, kind), eq(auditEvents.targetId, targetId)))
    .orderBy(desc(auditEvents.createdAt));
}

/** Bills while the database refuses the ticket's mark, as a crash or a lost connection would. */
async function billWhileTheMarkIsRefused(ticketId: string) {
  await t.database.executeSql(`
    create function refuse_extra_update_mark() returns trigger language plpgsql as $$
    begin raise exception 'ticket mark refused'; end $$;
    create trigger refuse_extra_update_mark before update of extra_update_invoice_id
      on tickets for each row execute function refuse_extra_update_mark();`);
  try {
    return (await agent.post(`/api/admin/tickets/${ticketId}/extra-update`)).status;
  } finally {
    await t.database.executeSql(`
      drop trigger refuse_extra_update_mark on tickets;
      drop function refuse_extra_update_mark();`);
  }
}

describe('the updates each plan includes (Settings)', () => {
  it('start as Essentials 1, Signature 2, Prestige unlimited at $75.00', async () => {
    // Each plan's count is on the plan (issue 37); the settings keep the extra update's price.
    const plans = expectJson(await agent.get('/api/admin/plans'), AdminPlanPageSchema);
    expect(Object.fromEntries(plans.items.map((plan) => [plan.id, plan.updatesPerMonth]))).toEqual({
      essentials: 1,
      signature: 2,
      prestige: null,
    });
    expect(
      expectJson(await agent.get('/api/admin/settings/updates'), UpdateAllowanceSettingsSchema),
    ).toEqual({ extraUpdatePriceCents: 7500 });
  });

  it('refuse bad values with a message and change nothing', async () => {
    const valid = DEFAULT_UPDATE_ALLOWANCE;
    for (const [body, message] of [
      [{ ...valid, extraUpdatePriceCents: -100 }, 'Price of an extra update cannot be negative'],
      [{ ...valid, extraUpdatePriceCents: 75.5 }, 'Price of an extra update must be whole cents'],
      [{}, 'Price of an extra update must be a number'],
    ] as const) {
      const res = await agent.put('/api/admin/settings/updates').send(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.message).toBe(message);
    }
    expect((await agent.get('/api/admin/settings/updates')).body).toEqual(valid);
  });

  it('are saved, audited, and leave the business details step undone', async () => {
    const changed = { extraUpdatePriceCents: 9000 };
    const saved = await agent.put('/api/admin/settings/updates').send(changed);
    expect(expectJson(saved, UpdateAllowanceSettingsSchema)).toEqual(changed);
    expect((await agent.get('/api/admin/settings/updates')).body).toEqual(changed);
    const [entry] = await auditOf('settings.updated', 'updates');
    expect(entry).toMatchObject({
      targetType: 'settings',
      before: { extraUpdatePriceCents: 7500 },
      after: changed,
    });
    // Saving the allowance first made the settings record; the owner's details are still to do.
    const checklist = await agent.get('/api/admin/setup-checklist');
    expect(
      checklist.body.steps.find((s: { step: string }) => s.step === 'businessDetails'),
    ).toEqual({ step: 'businessDetails', done: false });

    expect(
      (await agent.put('/api/admin/settings/updates').send(DEFAULT_UPDATE_ALLOWANCE)).status,
    ).toBe(200);
  });
});

describe('a ticket has a kind', () => {
  it('is a question unless the client asks for a website update; a bad kind is refused', async () => {
    clock.set(NOV_10);
    const client = await signedInClient(t.baseUrl);
    const question = await ask(client, 'Where is my invoice?');
    expect(question.kind).toBe('question');
    // An hour later: the list is newest first.
    clock.advanceDays(1 / 24);
    const update = await ask(client, 'New opening hours', 'update');
    expect(update.kind).toBe('update');

    const bad = await client.browser.request('POST', '/api/tickets', {
      subject: 'Something',
      description: 'Please change this on the website.',
      kind: 'wish',
    });
    expect(bad.status).toBe(400);
    expect((await bad.json()).message).toBe('Choose a website update or a question or problem');

    const list = TicketPageSchema.parse(
      await (await client.browser.request('GET', '/api/tickets')).json(),
    );
    expect(list.items.map(({ subject, kind }) => ({ subject, kind }))).toEqual([
      { subject: 'New opening hours', kind: 'update' },
      { subject: 'Where is my invoice?', kind: 'question' },
    ]);
    const admin = expectJson(
      await agent.get(`/api/admin/tickets/${update.id}`),
      AdminTicketDetailSchema,
    );
    expect(admin.ticket.kind).toBe('update');
  });
});

describe('the month’s meter', () => {
  it('counts update requests in the business time zone’s month, not questions', async () => {
    clock.set(NOV_10);
    const client = await signedInClient(t.baseUrl);
    await subscribe(client, 'signature');
    expect(await meterOf(client.browser)).toEqual({
      month: '2026-11',
      used: 0,
      included: 2,
      plan: 'signature',
      extraUpdatePriceCents: 7500,
    });

    await ask(client, 'A question', 'question');
    await ask(client, 'First update', 'update');
    // 11:30 PM on Nov 30 in Chicago (Dec 1 in UTC): November's.
    clock.set(NOV_30_LATE);
    await ask(client, 'Late November update', 'update');
    expect(await meterOf(client.browser)).toMatchObject({ month: '2026-11', used: 2, included: 2 });

    clock.set(DEC_1_EARLY);
    expect(await meterOf(client.browser)).toMatchObject({ month: '2026-12', used: 0, included: 2 });
    await ask(client, 'December update', 'update');
    expect(await meterOf(client.browser)).toMatchObject({ month: '2026-12', used: 1 });
    const december = await clientUpdates(client);
    expect(december.requests.map((r) => [r.subject, r.beyondPlan])).toEqual([
      ['December update', false],
    ]);
  });

  it('follows the plan the client has now, unlimited included, and includes nothing without one', async () => {
    clock.set(NOV_10);
    const client = await signedInClient(t.baseUrl);
    // No plan: nothing included, every update request beyond.
    await ask(client, 'Update before any plan', 'update');
    expect(await meterOf(client.browser)).toEqual({
      month: '2026-11',
      used: 1,
      included: null,
      plan: null,
      extraUpdatePriceCents: 7500,
    });
    expect((await clientUpdates(client)).requests.map((r) => r.beyondPlan)).toEqual([true]);

    await subscribe(client, 'essentials');
    await ask(client, 'Second update', 'update');
    expect(await meterOf(client.browser)).toMatchObject({
      used: 2,
      included: 1,
      plan: 'essentials',
    });
    expect((await clientUpdates(client)).requests.map((r) => [r.subject, r.beyondPlan])).toEqual([
      ['Update before any plan', false],
      ['Second update', true],
    ]);

    // An upgrade counts for the whole month.
    await t.database.db
      .update(subscriptions)
      .set({ tier: 'signature' })
      .where(eq(subscriptions.userId, client.user.id));
    expect(await meterOf(client.browser)).toMatchObject({
      used: 2,
      included: 2,
      plan: 'signature',
    });
    expect((await clientUpdates(client)).requests.map((r) => r.beyondPlan)).toEqual([false, false]);

    await t.database.db
      .update(subscriptions)
      .set({ tier: 'prestige' })
      .where(eq(subscriptions.userId, client.user.id));
    await ask(client, 'Third update', 'update');
    expect(await meterOf(client.browser)).toMatchObject({
      used: 3,
      included: null,
      plan: 'prestige',
    });
    const unlimited = await clientUpdates(client);
    expect(unlimited.requests.map((r) => r.beyondPlan)).toEqual([false, false, false]);
    const billed = await agent.post(
      `/api/admin/tickets/${unlimited.requests[2]!.ticketId}/extra-update`,
    );
    expect(billed.status).toBe(409);
    expect(billed.body.message).toBe(
      'This update is included in the plan: its updates are unlimited.',
    );
  });

  it('is the signed-in client’s own; the admin asks for a client that exists', async () => {
    expect((await agent.get('/api/admin/clients/not-an-id/updates')).status).toBe(404);
    const missing = await agent.get(
      '/api/admin/clients/00000000-0000-4000-8000-000000000000/updates',
    );
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe('Client not found');
  });
});

describe('billing an update beyond the plan', () => {
  it('adds "Extra update: <subject>" at the price to a new draft, once, and links the ticket', async () => {
    clock.set(NOV_10);
    const client = await signedInClient(t.baseUrl, { firstName: 'Odile', lastName: 'Guidry' });
    await subscribe(client, 'essentials');
    const included = await ask(client, 'New opening hours', 'update');
    const extra = await ask(client, 'Add the winter menu', 'update');
    const question = await ask(client, 'How do I log in?');

    const within = await agent.post(`/api/admin/tickets/${included.id}/extra-update`);
    expect(within.status).toBe(409);
    expect(within.body.message).toBe(
      'This update is included in the plan: one of its 1 in November.',
    );
    const notUpdate = await agent.post(`/api/admin/tickets/${question.id}/extra-update`);
    expect(notUpdate.status).toBe(409);
    expect(notUpdate.body.message).toBe('Only a website update can be billed as an extra update.');
    expect(
      (await agent.post('/api/admin/tickets/00000000-0000-4000-8000-000000000000/extra-update'))
        .status,
    ).toBe(404);
    expect(
      await t.database.db.select().from(invoices).where(eq(invoices.userId, client.user.id)),
    ).toEqual([]);

    const billed = await agent.post(`/api/admin/tickets/${extra.id}/extra-update`);
    expect(billed.status).toBe(201);
    const { invoiceId } = billed.body as { invoiceId: string };
    const invoice = expectJson(
      await agent.get(`/api/admin/invoices/${invoiceId}`),
      InvoiceDetailSchema,
    );
    expect(invoice.invoice).toMatchObject({
      status: 'draft',
      clientId: client.user.id,
      clientName: 'Odile Guidry',
      clientEmail: client.account.email,
      subtotal: 7500,
      total: 7500,
      dateIssued: '2026-11-10',
      dueDate: '2026-11-24',
    });
    expect(
      invoice.lineItems.map(({ description, quantity, unitPrice, total }) => ({
        description,
        quantity,
        unitPrice,
        total,
      })),
    ).toEqual([
      {
        description: 'Extra update: Add the winter menu',
        quantity: 1,
        unitPrice: 7500,
        total: 7500,
      },
    ]);
    const [row] = await t.database.db.select().from(tickets).where(eq(tickets.id, extra.id));
    expect(row!.extraUpdateInvoiceId).toBe(invoiceId);
    expect(
      (await clientUpdates(client)).requests.map((r) => [r.subject, r.beyondPlan, r.invoiceId]),
    ).toEqual([
      ['New opening hours', false, null],
      ['Add the winter menu', true, invoiceId],
    ]);
    const [audit] = await auditOf('ticket.extra_update_billed', extra.id);
    expect(audit).toMatchObject({
      targetType: 'ticket',
      before: { invoiceId: null },
      after: { invoiceId, line: 'Extra update: Add the winter menu', amount: 7500 },
    });
    expect(await auditOf('invoice.created', invoiceId)).toHaveLength(1);

    // A second click: refused, nothing added.
    const again = await agent.post(`/api/admin/tickets/${extra.id}/extra-update`);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('Already billed on the draft invoice.');
    expect(
      expectJson(await agent.get(`/api/admin/invoices/${invoiceId}`), InvoiceDetailSchema)
        .lineItems,
    ).toHaveLength(1);

    // Sent, the invoice answers by its number.
    expect((await agent.post(`/api/admin/invoices/${invoiceId}/mark-sent`)).status).toBe(200);
    const sent = await agent.post(`/api/admin/tickets/${extra.id}/extra-update`);
    expect(sent.status).toBe(409);
    expect(sent.body.message).toMatch(/^Already billed on invoice INV-2026-\d{4}\.$/);
  });

  it("goes on the client's newest draft, its totals counted again; a sent one is never changed", async () => {
    clock.set(NOV_10);
    await agent
      .put('/api/admin/settings/updates')
      .send({ ...DEFAULT_UPDATE_ALLOWANCE, extraUpdatePriceCents: 12_550 });
    const client = await signedInClient(t.baseUrl);
    await subscribe(client, 'essentials');
    const older = await createInvoice(t.database, {
      userId: client.user.id,
      clientEmail: client.account.email,
      status: 'draft',
      invoiceNumber: null,
      total: 10_000,
      subtotal: 10_000,
    });
    const sent = await createInvoice(t.database, {
      userId: client.user.id,
      clientEmail: client.account.email,
      status: 'sent',
      total: 20_000,
      subtotal: 20_000,
    });
    const newest = await createInvoice(t.database, {
      userId: client.user.id,
      clientEmail: client.account.email,
      status: 'draft',
      invoiceNumber: null,
      total: 30_000,
      subtotal: 30_000,
      tax: 1_000,
    });
    await t.database.db.update(invoices).set({ total: 31_000 }).where(eq(invoices.id, newest.id));
    await ask(client, 'Included update', 'update');
    const extra = await ask(client, 'Swap the hero photo', 'update');

    const billed = await agent.post(`/api/admin/tickets/${extra.id}/extra-update`);
    expect(billed.status).toBe(201);
    expect(billed.body).toEqual({ invoiceId: newest.id });
    const detail = expectJson(
      await agent.get(`/api/admin/invoices/${newest.id}`),
      InvoiceDetailSchema,
    );
    expect(detail.lineItems.map((line) => [line.description, line.unitPrice])).toEqual([
      ['Monthly website plan', 30_000],
      ['Extra update: Swap the hero photo', 12_550],
    ]);
    expect(detail.invoice).toMatchObject({ subtotal: 42_550, tax: 1_000, total: 43_550 });
    const [audit] = await auditOf('invoice.updated', newest.id);
    expect(audit).toMatchObject({
      before: { total: 31_000, lineItems: 1 },
      after: { total: 43_550, lineItems: 2, lineAdded: 'Extra update: Swap the hero photo' },
    });
    for (const untouched of [older, sent]) {
      const { lineItems, invoice } = expectJson(
        await agent.get(`/api/admin/invoices/${untouched.id}`),
        InvoiceDetailSchema,
      );
      expect([lineItems.length, invoice.total]).toEqual([1, untouched.total]);
    }
    await agent.put('/api/admin/settings/updates').send(DEFAULT_UPDATE_ALLOWANCE);
  });

  it('bills a double click once: one line, one draft', async () => {
    clock.set(NOV_10);
    const client = await signedInClient(t.baseUrl);
    await subscribe(client, 'essentials');
    await ask(client, 'Included update', 'update');
    const extra = await ask(client, 'Add the gallery', 'update');

    const both = await Promise.all([
      agent.post(`/api/admin/tickets/${extra.id}/extra-update`),
      agent.post(`/api/admin/tickets/${extra.id}/extra-update`),
    ]);
    expect(both.map((res) => res.status).sort()).toEqual([201, 409]);
    const drafts = await t.database.db
      .select()
      .from(invoices)
      .where(eq(invoices.userId, client.user.id));
    expect(drafts).toHaveLength(1);
    const detail = expectJson(
      await agent.get(`/api/admin/invoices/${drafts[0]!.id}`),
      InvoiceDetailSchema,
    );
    expect(detail.lineItems.map((line) => line.description)).toEqual([
      'Extra update: Add the gallery',
    ]);
  });

  it('adds no line when the ticket cannot be marked: both are committed or neither', async () => {
    clock.set(NOV_10);
    const client = await signedInClient(t.baseUrl);
    await subscribe(client, 'essentials');
    const draft = await createInvoice(t.database, {
      userId: client.user.id,
      clientEmail: client.account.email,
      status: 'draft',
      invoiceNumber: null,
      total: 10_000,
      subtotal: 10_000,
    });
    await ask(client, 'Included update', 'update');
    const extra = await ask(client, 'Fix the footer', 'update');
    expect(await billWhileTheMarkIsRefused(extra.id)).toBe(500);
    const lines = async () =>
      expectJson(await agent.get(`/api/admin/invoices/${draft.id}`), InvoiceDetailSchema).lineItems;
    expect((await lines()).map((line) => line.description)).toEqual(['Monthly website plan']);
    const [unmarked] = await t.database.db.select().from(tickets).where(eq(tickets.id, extra.id));
    expect(unmarked!.extraUpdateInvoiceId).toBeNull();

    // Without a draft, the new one is undone as well.
    await t.database.db.delete(invoices).where(eq(invoices.id, draft.id));
    expect(await billWhileTheMarkIsRefused(extra.id)).toBe(500);
    expect(
      await t.database.db.select().from(invoices).where(eq(invoices.userId, client.user.id)),
    ).toEqual([]);

    // Once the mark goes through, the update is billed, once.
    expect((await agent.post(`/api/admin/tickets/${extra.id}/extra-update`)).status).toBe(201);
    const [marked] = await t.database.db.select().from(tickets).where(eq(tickets.id, extra.id));
    expect(marked!.extraUpdateInvoiceId).not.toBeNull();
  });

  it("lists last month's unbilled updates beyond the plan, so the 31st's is billed on the 1st", async () => {
    clock.set(NOV_10);
    const client = await signedInClient(t.baseUrl);
    await subscribe(client, 'essentials');
    await ask(client, 'Included in November', 'update');
    const billedInNovember = await ask(client, 'Billed in November', 'update');
    expect(
      (await agent.post(`/api/admin/tickets/${billedInNovember.id}/extra-update`)).status,
    ).toBe(201);
    clock.set(NOV_30_LATE);
    const late = await ask(client, 'Asked on the last evening', 'update');

    clock.set(DEC_1_EARLY);
    const december = await clientUpdates(client);
    expect(december.meter.month).toBe('2026-12');
    expect(december.requests).toEqual([]);
    expect(december.earlier.map((r) => [r.subject, r.beyondPlan, r.invoiceId])).toEqual([
      ['Asked on the last evening', true, null],
    ]);
    expect((await agent.post(`/api/admin/tickets/${late.id}/extra-update`)).status).toBe(201);
    expect((await clientUpdates(client)).earlier).toEqual([]);
    clock.set(NOV_10);
  });

  it('counts a question the admin turns into a website update; a billed one stays an update', async () => {
    clock.set(NOV_10);
    const client = await signedInClient(t.baseUrl);
    await subscribe(client, 'essentials');
    const filed = await ask(client, 'Please change the phone number');
    expect((await meterOf(client.browser)).used).toBe(0);

    const changed = await agent.patch(`/api/admin/tickets/${filed.id}`).send({ kind: 'update' });
    expect(changed.status).toBe(200);
    const detail = AdminTicketDetailSchema.parse(changed.body);
    expect([detail.ticket.kind, detail.ticket.status]).toEqual(['update', 'open']);
    expect((await meterOf(client.browser)).used).toBe(1);
    const [audit] = await auditOf('ticket.kind_changed', filed.id);
    expect(audit).toMatchObject({
      targetType: 'ticket',
      before: { kind: 'question' },
      after: { kind: 'update' },
    });

    const bad = await agent.patch(`/api/admin/tickets/${filed.id}`).send({ kind: 'wish' });
    expect([bad.status, bad.body.message]).toEqual([400, 'Kind must be update or question']);
    const empty = await agent.patch(`/api/admin/tickets/${filed.id}`).send({});
    expect([empty.status, empty.body.message]).toEqual([400, 'Choose a status or a kind']);
    expect(
      (
        await agent
          .patch('/api/admin/tickets/00000000-0000-4000-8000-000000000000')
          .send({ kind: 'update' })
      ).status,
    ).toBe(404);

    // Both at once: the kind, then the status.
    const extra = await ask(client, 'Second update', 'update');
    const billed = await agent.post(`/api/admin/tickets/${extra.id}/extra-update`);
    expect(billed.status).toBe(201);
    const refused = await agent
      .patch(`/api/admin/tickets/${extra.id}`)
      .send({ kind: 'question', status: 'resolved' });
    expect([refused.status, refused.body.message]).toEqual([
      409,
      'This update is billed as an extra update: it stays a website update.',
    ]);
    const [row] = await t.database.db.select().from(tickets).where(eq(tickets.id, extra.id));
    expect([row!.kind, row!.status]).toEqual(['update', 'open']);
    expect(await auditOf('ticket.kind_changed', extra.id)).toEqual([]);

    const back = await agent
      .patch(`/api/admin/tickets/${filed.id}`)
      .send({ kind: 'question', status: 'resolved' });
    expect(back.status).toBe(200);
    expect(AdminTicketDetailSchema.parse(back.body).ticket).toMatchObject({
      kind: 'question',
      status: 'resolved',
    });
    expect((await meterOf(client.browser)).used).toBe(1);
  });

  it('is refused while an extra update is free', async () => {
    clock.set(NOV_10);
    const client = await signedInClient(t.baseUrl);
    await ask(client, 'Update without a plan', 'update');
    const [request] = (await clientUpdates(client)).requests;
    await agent
      .put('/api/admin/settings/updates')
      .send({ ...DEFAULT_UPDATE_ALLOWANCE, extraUpdatePriceCents: 0 });
    const res = await agent.post(`/api/admin/tickets/${request!.ticketId}/extra-update`);
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('Set the price of an extra update in Settings first.');
    await agent.put('/api/admin/settings/updates').send(DEFAULT_UPDATE_ALLOWANCE);
    expect((await agent.post(`/api/admin/tickets/${request!.ticketId}/extra-update`)).status).toBe(
      201,
    );
  });
});
