import { asc, eq } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuditPageSchema } from '@shared/schemas/audit';
import { ClientNoteSchema } from '@shared/schemas/clients';
import { CreatedInvoiceSchema, InvoiceStatusChangedSchema } from '@shared/schemas/invoices';
import { GeneratedSignupLinkSchema } from '@shared/schemas/signup-links';
import { auditEvents, tickets } from '../../db/schema';
import { createAdmin, createClient, createInvoice } from '@tests/factories';
import { expectJson } from '@tests/support/expect-json';
import { registeredRoutes } from '@tests/support/routes';
import { startTestApp, type TestApp } from '@tests/support/test-app';
import { createAuditRepository } from './audit.repository';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

async function signedIn() {
  const { admin, password } = await createAdmin(t.database);
  const agent = request.agent(t.app);
  expect((await agent.post('/api/admin/login').send({ email: admin.email, password })).status).toBe(
    200,
  );
  return { agent, admin, password };
}

/** The rows about one target, oldest first, as the columns a reader cares about. */
async function eventsAbout(targetId: string) {
  const rows = await t.database.db
    .select()
    .from(auditEvents)
    .where(eq(auditEvents.targetId, targetId))
    .orderBy(asc(auditEvents.createdAt));
  return rows.map(({ kind, actorEmail, before, after }) => ({ kind, actorEmail, before, after }));
}

const invoiceBody = {
  clientName: 'Ada Lovelace',
  clientEmail: 'ada@example.com',
  planType: 'signature',
  dueDate: '2026-12-31',
  notes: '',
  lineItems: [{ description: 'Website care', quantity: 2, unitPrice: 10_000 }],
  tax: 500,
  discount: 0,
};

describe('what the audit log records', () => {
  it('every invoice action, with who and the fields that changed', async () => {
    const { agent, admin } = await signedIn();
    const created = await agent.post('/api/admin/invoices').send(invoiceBody);
    expect(created.status).toBe(201);
    const id = expectJson(created, CreatedInvoiceSchema).invoice.id;
    const sent = await agent.patch(`/api/admin/invoices/${id}`).send({ status: 'sent' });
    expect(sent.status).toBe(200);
    const number = expectJson(sent, InvoiceStatusChangedSchema).invoice.invoiceNumber!;
    expect((await agent.post(`/api/admin/invoices/${id}/email`)).status).toBe(200);
    expect((await agent.patch(`/api/admin/invoices/${id}`).send({ status: 'paid' })).status).toBe(
      200,
    );
    // Refused changes leave no row.
    expect((await agent.patch(`/api/admin/invoices/${id}`).send({ status: 'sent' })).status).toBe(
      409,
    );
    // An invoice with payments is not deleted (the money stays on record): no row either.
    expect((await agent.delete(`/api/admin/invoices/${id}`)).status).toBe(409);

    const events = await eventsAbout(id);
    expect(events.map((event) => event.kind)).toEqual([
      'invoice.created',
      'invoice.sent',
      'invoice.emailed',
      'invoice.paid',
    ]);
    expect(events.every((event) => event.actorEmail === admin.email)).toBe(true);
    const summary = {
      clientName: 'Ada Lovelace',
      clientEmail: 'ada@example.com',
      dueDate: '2026-12-31',
      total: 20_500,
    };
    expect(events[0]).toMatchObject({
      before: null,
      after: { ...summary, invoiceNumber: null, status: 'draft', lineItems: 1 },
    });
    // Sending gives the number.
    expect(events[1]!.before).toEqual({ invoiceNumber: null, status: 'draft', sentAt: null });
    expect(events[1]!.after).toMatchObject({
      invoiceNumber: number,
      status: 'sent',
      sentAt: expect.any(String),
    });
    expect(events[2]!.after).toEqual({ emailedTo: 'ada@example.com' });
    // Paid is a payment of the whole balance: what was received, and what it now covers.
    expect(events[3]!.before).toBeNull();
    expect(events[3]!.after).toEqual({
      amount: 20_500,
      method: 'other',
      reference: '',
      amountPaid: 20_500,
    });

    const draft = await agent.post('/api/admin/invoices').send(invoiceBody);
    const draftId = expectJson(draft, CreatedInvoiceSchema).invoice.id;
    expect((await agent.delete(`/api/admin/invoices/${draftId}`)).status).toBe(204);
    const [deleted] = (await eventsAbout(draftId)).filter((e) => e.kind === 'invoice.deleted');
    expect(deleted).toMatchObject({
      before: { ...summary, invoiceNumber: draft.body.invoiceNumber, status: 'draft' },
      after: null,
    });
  });

  it('a draft e-mailed is recorded once, as sent', async () => {
    const { agent } = await signedIn();
    const draft = await createInvoice(t.database, { status: 'draft' });
    expect((await agent.post(`/api/admin/invoices/${draft.id}/email`)).status).toBe(200);
    expect((await eventsAbout(draft.id)).map((event) => event.kind)).toEqual(['invoice.sent']);
  });

  it('settings changes, with only the changed fields', async () => {
    const { agent, admin } = await signedIn();
    const current = (await agent.get('/api/admin/settings')).body;
    expect(
      (
        await agent
          .put('/api/admin/settings')
          .send({ ...current, businessName: 'Bayou Web Works', autoSendRenewals: false })
      ).status,
    ).toBe(200);
    // Saving without a change records nothing.
    expect(
      (
        await agent
          .put('/api/admin/settings')
          .send({ ...current, businessName: 'Bayou Web Works', autoSendRenewals: false })
      ).status,
    ).toBe(200);
    const events = await eventsAbout('1');
    expect(events).toEqual([
      {
        kind: 'settings.updated',
        actorEmail: admin.email,
        before: { businessName: current.businessName, autoSendRenewals: true },
        after: { businessName: 'Bayou Web Works', autoSendRenewals: false },
      },
    ]);
  });

  it('signup links generated and sent, without the link itself', async () => {
    const { agent } = await signedIn();
    const generated = await agent
      .post('/api/admin/generate-signup-link')
      .send({ email: 'new@example.com', planType: 'essentials' });
    expect(generated.status).toBe(201);
    const { link, signupUrl } = expectJson(generated, GeneratedSignupLinkSchema);
    expect(
      (await agent.post(`/api/admin/signup-links/${link.id}/send`).send({ signupUrl })).status,
    ).toBe(200);
    const events = await eventsAbout(link.id);
    expect(events.map((event) => event.kind)).toEqual(['signup_link.created', 'signup_link.sent']);
    expect(events[0]!.after).toMatchObject({ email: 'new@example.com', planType: 'essentials' });
    expect(JSON.stringify(events)).not.toContain(signupUrl.split('/').at(-1));
  });

  it('ticket replies and status changes', async () => {
    const { agent } = await signedIn();
    const client = await createClient(t.database);
    const [ticket] = await t.database.db
      .insert(tickets)
      .values({ userId: client.id, subject: 'Broken form', description: 'It does not send.' })
      .returning();
    const id = ticket!.id;
    expect(
      (await agent.post(`/api/admin/tickets/${id}/messages`).send({ message: 'On it.' })).status,
    ).toBe(201);
    expect(
      (await agent.patch(`/api/admin/tickets/${id}`).send({ status: 'resolved' })).status,
    ).toBe(200);
    expect(await eventsAbout(id)).toMatchObject([
      {
        kind: 'ticket.replied',
        before: { status: 'open' },
        after: { status: 'in_progress', message: 'On it.' },
      },
      {
        kind: 'ticket.status_changed',
        before: { status: 'in_progress' },
        after: { status: 'resolved' },
      },
    ]);
  });

  it('client notes added and deleted, never what they said', async () => {
    const { agent, admin } = await signedIn();
    const client = await createClient(t.database);
    const added = await agent
      .post(`/api/admin/clients/${client.id}/notes`)
      .send({ body: 'Prefers calls after 3 pm.' });
    expect(added.status).toBe(201);
    const noteId = expectJson(added, ClientNoteSchema).id;
    expect((await agent.delete(`/api/admin/clients/${client.id}/notes/${noteId}`)).status).toBe(
      204,
    );
    // A note that is gone already: refused, and no row.
    expect((await agent.delete(`/api/admin/clients/${client.id}/notes/${noteId}`)).status).toBe(
      404,
    );
    expect(await eventsAbout(client.id)).toEqual([
      {
        kind: 'client.note_added',
        actorEmail: admin.email,
        before: null,
        after: { noteId, length: 25 },
      },
      {
        kind: 'client.note_deleted',
        actorEmail: admin.email,
        before: { noteId, length: 25 },
        after: null,
      },
    ]);
  });

  it('a value jsonb cannot hold as sent (a lone surrogate) is stored as U+FFFD, the action succeeding', async () => {
    const { agent } = await signedIn();
    const client = await createClient(t.database);
    const [ticket] = await t.database.db
      .insert(tickets)
      .values({ userId: client.id, subject: 'Odd text', description: 'A lone surrogate.' })
      .returning();
    const reply = await agent
      .post(`/api/admin/tickets/${ticket!.id}/messages`)
      .set('Content-Type', 'application/json')
      .send('{"message":"half \\ud800 a pair"}');
    expect(reply.status).toBe(201);
    const [event] = await eventsAbout(ticket!.id);
    expect(event!.after).toMatchObject({ message: 'half \ufffd a pair' });
  });

  it('sign-ins, failed sign-ins with the e-mail tried, and password changes, never a password', async () => {
    const { agent, admin, password } = await signedIn();
    await request(t.app)
      .post('/api/admin/login')
      .send({ email: admin.email, password: 'wrong-password-1' });
    await request(t.app)
      .post('/api/admin/login')
      .send({ email: 'Nobody@Example.com', password: 'wrong-password-2' });
    expect(
      (
        await agent
          .post('/api/admin/reset-password')
          .send({ currentPassword: password, newPassword: 'a-new-password-3' })
      ).status,
    ).toBe(200);

    const rows = await t.database.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.actorEmail, admin.email))
      .orderBy(asc(auditEvents.createdAt));
    expect(rows.map(({ kind, actorAdminId, after }) => ({ kind, actorAdminId, after }))).toEqual([
      { kind: 'admin.signed_in', actorAdminId: admin.id, after: { factors: ['password'] } },
      { kind: 'admin.sign_in_failed', actorAdminId: null, after: { step: 'password' } },
      {
        kind: 'admin.password_changed',
        actorAdminId: admin.id,
        after: { otherSessionsEnded: true },
      },
    ]);
    const [unknown] = await t.database.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.actorEmail, 'nobody@example.com'));
    expect(unknown).toMatchObject({ kind: 'admin.sign_in_failed', actorAdminId: null });

    const everything = JSON.stringify(await t.database.db.select().from(auditEvents));
    for (const secret of [password, 'wrong-password-1', 'wrong-password-2', 'a-new-password-3']) {
      expect(everything).not.toContain(secret);
    }
    expect(everything).not.toContain('$2b$');
  });
});

describe('GET /api/admin/audit', () => {
  it('lists newest first, filtered by actor, kind and days, in pages', async () => {
    const { agent } = await signedIn();
    const repository = createAuditRepository(t.database.db);
    const at = (day: string, minute: number) =>
      new Date(`${day}T12:${String(minute).padStart(2, '0')}:00Z`);
    for (let i = 0; i < 30; i += 1) {
      await repository.insert({
        createdAt: at(i < 20 ? '2020-03-01' : '2020-03-02', i),
        actorEmail: i % 2 ? 'odd@example.com' : 'even@example.com',
        kind: i % 3 ? 'invoice.created' : 'invoice.deleted',
        targetType: 'invoice',
        targetId: `paging-${i}`,
      });
    }
    const get = async (query: string) => {
      const res = await agent.get(`/api/admin/audit?${query}`);
      expect(res.status, query).toBe(200);
      return expectJson(res, AuditPageSchema);
    };

    const days = 'from=2020-03-01&to=2020-03-02';
    const first = await get(`${days}&pageSize=25`);
    expect(first).toMatchObject({ total: 30, page: 1, pageSize: 25 });
    expect(first.items).toHaveLength(25);
    expect(first.items[0]!.targetId).toBe('paging-29');
    const second = await get(`${days}&page=2&pageSize=25`);
    expect(second.items.map((item) => item.targetId)).toEqual([
      'paging-4',
      'paging-3',
      'paging-2',
      'paging-1',
      'paging-0',
    ]);

    const odd = await get(`${days}&actor=ODD@example.com&pageSize=100`);
    expect(odd.total).toBe(15);
    expect(odd.items.every((item) => Number(item.targetId?.split('-')[1]) % 2 === 1)).toBe(true);
    expect((await get(`${days}&kind=invoice.deleted`)).total).toBe(10);
    expect((await get(`${days}&kind=invoice.deleted&actor=even@example.com`)).total).toBe(5);
    // Days include both ends (UTC).
    expect((await get('from=2020-03-02&to=2020-03-02')).total).toBe(10);
    expect((await get('from=2020-03-01&to=2020-03-01')).total).toBe(20);
    expect((await get('to=2020-02-29')).total).toBe(0);

    for (const [query, message] of [
      ['kind=invoice.nope', 'Unknown event kind'],
      ['page=0', 'Page must be 1 or more'],
      ['pageSize=1000', 'Page size must be between 1 and 100'],
      ['from=yesterday', 'From must be a date (YYYY-MM-DD)'],
      ['from=2020-03-02&to=2020-03-01', 'From must be on or before To'],
    ]) {
      const res = await agent.get(`/api/admin/audit?${query}`);
      expect(res.status, query).toBe(400);
      expect(res.body.message).toBe(message);
    }
  });

  it('names each target: a client by name, an invoice by number and client, an admin by e-mail', async () => {
    const { agent, admin } = await signedIn();
    const client = await createClient(t.database, { firstName: 'Noémie', lastName: 'Guidry' });
    expect(
      (await agent.patch(`/api/admin/clients/${client.id}`).send({ businessName: 'Guidry Gumbo' }))
        .status,
    ).toBe(200);
    const created = await agent.post('/api/admin/invoices').send(invoiceBody);
    const invoiceId = expectJson(created, CreatedInvoiceSchema).invoice.id;
    const sent = await agent.patch(`/api/admin/invoices/${invoiceId}`).send({ status: 'sent' });
    const number = expectJson(sent, InvoiceStatusChangedSchema).invoice.invoiceNumber!;
    // A draft deleted: its record is gone, the row's values still name it.
    const draft = await agent.post('/api/admin/invoices').send(invoiceBody);
    const draftId = expectJson(draft, CreatedInvoiceSchema).invoice.id;
    expect((await agent.delete(`/api/admin/invoices/${draftId}`)).status).toBe(204);

    const res = await agent.get('/api/admin/audit').query({ actor: admin.email, pageSize: 100 });
    const { items } = expectJson(res, AuditPageSchema);
    const nameOf = (kind: string, targetId: string) =>
      items.find((event) => event.kind === kind && event.targetId === targetId)?.targetName;
    expect(nameOf('client.details_updated', client.id)).toBe('Noémie Guidry');
    expect(nameOf('invoice.created', invoiceId)).toBe(`${number} · Ada Lovelace`);
    expect(nameOf('invoice.sent', invoiceId)).toBe(`${number} · Ada Lovelace`);
    expect(nameOf('invoice.deleted', draftId)).toBe('Draft · Ada Lovelace');
    expect(nameOf('admin.signed_in', admin.id)).toBe(admin.email);
  });

  it('answers 401 without an admin session', async () => {
    const res = await request(t.app).get('/api/admin/audit');
    expect(res.status).toBe(401);
  });
});

describe('the audit log cannot be rewritten', () => {
  it('has no route that changes or deletes a row', () => {
    const auditRoutes = registeredRoutes(t.app).filter((route) => route.includes('/audit'));
    expect(auditRoutes).toEqual(['GET /api/admin/audit']);
  });

  it('is refused UPDATE, DELETE and TRUNCATE by the database itself', async () => {
    await createAuditRepository(t.database.db).insert({
      actorEmail: 'someone@example.com',
      kind: 'settings.updated',
    });
    const count = async () =>
      Number(
        (
          (await t.database.executeSql('select count(*) as n from audit_events')).rows[0] as {
            n: string | number;
          }
        ).n,
      );
    const before = await count();
    expect(before).toBeGreaterThan(0);
    for (const statement of [
      "update audit_events set kind = 'invoice.created'",
      'delete from audit_events',
      'truncate audit_events',
    ]) {
      await expect(t.database.executeSql(statement), statement).rejects.toThrow(
        /audit_events is append-only/,
      );
    }
    expect(await count()).toBe(before);
  });
});
