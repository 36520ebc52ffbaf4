import { count, eq, sql } from 'drizzle-orm';
import {
  AdminTicketPageSchema,
  ClientTicketSummarySchema,
  CreatedTicketSchema,
  TicketDetailSchema,
} from '@shared/schemas/tickets';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ticketMessages, tickets } from '../../db/schema';
import { signedInAdmin, signedInClient } from '@tests/factories';
import type { BrowserSession } from '@tests/support/browser-session';
import { expectJson } from '@tests/support/expect-json';
import { startTestApp, type TestApp } from '@tests/support/test-app';

let t: TestApp;
let clientA: Awaited<ReturnType<typeof signedInClient>>;
let clientB: Awaited<ReturnType<typeof signedInClient>>;

beforeAll(async () => {
  t = await startTestApp();
  clientA = await signedInClient(t.baseUrl, { firstName: 'Amélie', lastName: 'Guidry' });
  clientB = await signedInClient(t.baseUrl, { firstName: 'Beau' });
});
afterAll(async () => {
  await t.close();
});

async function send(browser: BrowserSession, method: string, url: string, body?: object) {
  const res = await browser.request(method, url, body);
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
}

async function ticketCount(): Promise<number> {
  const [row] = await t.database.db.select({ n: count() }).from(tickets);
  return row!.n;
}

async function messageCount(ticketId: string): Promise<number> {
  const [row] = await t.database.db
    .select({ n: count() })
    .from(ticketMessages)
    .where(eq(ticketMessages.ticketId, ticketId));
  return row!.n;
}

const validTicket = {
  subject: 'Update our opening hours',
  description: 'Please change Saturday hours to 9 to 3.',
  priority: 'high',
};

describe('client tickets', () => {
  it('are refused without a signed-in client', async () => {
    for (const [method, path] of [
      ['get', '/api/tickets'],
      ['post', '/api/tickets'],
      ['get', '/api/tickets/00000000-0000-4000-8000-000000000000'],
      ['post', '/api/tickets/00000000-0000-4000-8000-000000000000/messages'],
    ] as const) {
      const res = await request(t.app)[method](path).send(validTicket);
      expect(res.status, `${method} ${path}`).toBe(401);
    }
  });

  it('creates a ticket with a random id, lists own tickets newest first, and shows its detail', async () => {
    const first = await send(clientA.browser, 'POST', '/api/tickets', validTicket);
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ ...validTicket, status: 'open' });
    expect(first.body.id).toMatch(/^[0-9a-f-]{36}$/);

    const second = await send(clientA.browser, 'POST', '/api/tickets', {
      subject: 'Logo looks blurry',
      description: 'The header logo is blurry on phones.',
    });
    expect(second.body.priority).toBe('normal');

    const list = await send(clientA.browser, 'GET', '/api/tickets');
    expect(list.status).toBe(200);
    expect(list.body).toMatchObject({ total: 2, page: 1, pageSize: 25 });
    expect(list.body.items.map((ticket: { id: string }) => ticket.id)).toEqual([
      second.body.id,
      first.body.id,
    ]);
    // A later page counts all of them too, and so does a page past the last (no row to count on).
    const secondPage = await send(clientA.browser, 'GET', '/api/tickets?page=2&pageSize=1');
    expect(secondPage.body).toMatchObject({ total: 2, page: 2, pageSize: 1 });
    expect(secondPage.body.items.map((ticket: { id: string }) => ticket.id)).toEqual([
      first.body.id,
    ]);
    const pastTheLast = await send(clientA.browser, 'GET', '/api/tickets?page=3&pageSize=1');
    expect(pastTheLast.body).toEqual({ items: [], total: 2, page: 3, pageSize: 1 });

    const detail = await send(clientA.browser, 'GET', `/api/tickets/${first.body.id}`);
    expect(detail.status).toBe(200);
    const { refused, renamed, ...created } = first.body;
    expect(refused).toEqual([]);
    expect(renamed).toEqual([]);
    expect(detail.body).toEqual({ ticket: created, attachments: [], messages: [] });
  });

  it("answers the client's list and detail exactly as the admin's view of the same ticket", async () => {
    const { agent } = await signedInAdmin(t.app, t.database);
    const made = await send(clientA.browser, 'POST', '/api/tickets', {
      subject: 'Quotes "here", <b>tags</b> & émojis 🌊',
      description: 'Line one\nLine "two"\ttabbed \\ backslash',
      priority: 'low',
    });
    const { id } = expectJson(made, CreatedTicketSchema);
    await send(clientA.browser, 'POST', `/api/tickets/${id}/messages`, { message: 'First 🌊' });
    await agent.post(`/api/admin/tickets/${id}/messages`).send({ message: 'Reply "quoted"' });
    const added = await send(clientA.browser, 'POST', `/api/tickets/${id}/messages`, {
      message: 'Third\nline',
    });
    // An instant with microseconds: written with milliseconds, as toISOString() does.
    await t.database.db
      .update(tickets)
      .set({ createdAt: sql`'2026-01-02T03:04:05.678999Z'::timestamptz` })
      .where(eq(tickets.id, id));

    const admin = (await agent.get(`/api/admin/tickets/${id}`)).body;
    // The admin's view adds whose it is and its response clock.
    const {
      client: _client,
      planAtOpen: _plan,
      responseDueAt: _due,
      firstResponseAt: _first,
      ...ticket
    } = admin.ticket;
    const detail = await send(clientA.browser, 'GET', `/api/tickets/${id}`);
    expect(detail.body).toEqual({ ticket, attachments: [], messages: admin.messages });
    expect(detail.body.ticket.createdAt).toBe('2026-01-02T03:04:05.678Z');
    expect(detail.body.messages.map((m: { message: string }) => m.message)).toEqual([
      'First 🌊',
      'Reply "quoted"',
      'Third\nline',
    ]);
    expect(TicketDetailSchema.parse(detail.body)).toEqual(detail.body);
    expect(added.status).toBe(201);
    expect(added.body.messages).toHaveLength(3);

    const list = (await send(clientA.browser, 'GET', '/api/tickets')).body;
    expect(list.items.find((entry: { id: string }) => entry.id === id)).toEqual(ticket);
    const adminList = expectJson(
      await agent.get('/api/admin/tickets?pageSize=100'),
      AdminTicketPageSchema,
    ).items;
    expect(list.items.length).toBeGreaterThan(1);
    for (const entry of list.items) {
      const {
        client: _owner,
        planAtOpen: _plan,
        responseDueAt: _due,
        firstResponseAt: _first,
        ...same
      } = adminList.find((a) => a.id === entry.id)!;
      expect(entry).toEqual(same);
    }
  });

  it('applies every validation message of the spec at its boundary and writes nothing when refusing', async () => {
    const cases: Array<[object, number, string?]> = [
      [{ ...validTicket, subject: '' }, 400, 'Subject is required'],
      [{ ...validTicket, subject: 'x'.repeat(256) }, 400, 'Subject is too long'],
      [
        { ...validTicket, description: 'x'.repeat(9) },
        400,
        'Description must be at least 10 characters',
      ],
      [{ ...validTicket, description: 'x'.repeat(5001) }, 400, 'Description is too long'],
      [{ ...validTicket, priority: 'urgent' }, 400, 'Priority must be low, normal or high'],
      [{ description: validTicket.description }, 400, 'Subject is required'],
    ];
    for (const [body, status, message] of cases) {
      const before = await ticketCount();
      const res = await send(clientA.browser, 'POST', '/api/tickets', body);
      expect(res.status).toBe(status);
      expect(res.body.message).toBe(message);
      expect(await ticketCount()).toBe(before);
    }
    for (const body of [
      { ...validTicket, subject: 'x'.repeat(255) },
      { ...validTicket, description: 'x'.repeat(10) },
      { ...validTicket, description: 'x'.repeat(5000) },
    ]) {
      expect((await send(clientA.browser, 'POST', '/api/tickets', body)).status).toBe(201);
    }
  });

  it('takes messages of 1 to 5000 characters and refuses the rest without writing', async () => {
    const ticket = (await send(clientA.browser, 'POST', '/api/tickets', validTicket)).body;
    const url = `/api/tickets/${ticket.id}/messages`;
    for (const [message, text] of [
      ['', 'Message cannot be empty'],
      ['   ', 'Message cannot be empty'],
      ['x'.repeat(5001), 'Message is too long'],
    ] as const) {
      const res = await send(clientA.browser, 'POST', url, { message });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(text);
    }
    expect(await messageCount(ticket.id)).toBe(0);

    const ok = await send(clientA.browser, 'POST', url, { message: 'x'.repeat(5000) });
    expect(ok.status).toBe(201);
    const short = await send(clientA.browser, 'POST', url, { message: 'Thanks!' });
    expect(short.body.messages).toEqual([
      expect.objectContaining({ message: 'x'.repeat(5000), isAdminReply: false }),
      expect.objectContaining({ message: 'Thanks!', isAdminReply: false }),
    ]);
  });

  it("never shows or touches another client's ticket: 404 as for a ticket that does not exist", async () => {
    const ticket = (await send(clientA.browser, 'POST', '/api/tickets', validTicket)).body;

    const seen = await send(clientB.browser, 'GET', `/api/tickets/${ticket.id}`);
    expect(seen.status).toBe(404);
    expect(seen.body).toEqual({ message: 'Ticket not found' });
    const posted = await send(clientB.browser, 'POST', `/api/tickets/${ticket.id}/messages`, {
      message: 'Hello from B',
    });
    expect(posted.status).toBe(404);
    expect(await messageCount(ticket.id)).toBe(0);

    const list = await send(clientB.browser, 'GET', '/api/tickets');
    expect(list.body.items.map((row: { id: string }) => row.id)).not.toContain(ticket.id);

    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid', "1' OR '1'='1"]) {
      const res = await send(clientA.browser, 'GET', `/api/tickets/${encodeURIComponent(id)}`);
      expect(res.status, id).toBe(404);
      expect(res.body).toEqual({ message: 'Ticket not found' });
    }
  });

  it('refuses a message on a resolved ticket with 409 and writes nothing', async () => {
    const ticket = (await send(clientA.browser, 'POST', '/api/tickets', validTicket)).body;
    const unresolved = async () =>
      expectJson(
        await send(clientA.browser, 'GET', '/api/tickets/summary'),
        ClientTicketSummarySchema,
      ).unresolved;
    const before = await unresolved();
    expect(before).toBe(
      (await send(clientA.browser, 'GET', '/api/tickets?pageSize=100')).body.items.filter(
        (row: { status: string }) => row.status !== 'resolved',
      ).length,
    );
    await t.database.db
      .update(tickets)
      .set({ status: 'resolved' })
      .where(eq(tickets.id, ticket.id));
    const res = await send(clientA.browser, 'POST', `/api/tickets/${ticket.id}/messages`, {
      message: 'One more thing',
    });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('This ticket has been resolved and is closed for new messages.');
    expect(await messageCount(ticket.id)).toBe(0);
    expect(await unresolved()).toBe(before - 1);
  });
});

describe("the agency's side of support", () => {
  it('is for the admin only: a client gets 401 on every admin ticket route', async () => {
    const ticket = (await send(clientA.browser, 'POST', '/api/tickets', validTicket)).body;
    for (const [method, path] of [
      ['GET', '/api/admin/tickets'],
      ['GET', '/api/admin/tickets/summary'],
      ['GET', `/api/admin/tickets/${ticket.id}`],
      ['POST', `/api/admin/tickets/${ticket.id}/messages`],
      ['PATCH', `/api/admin/tickets/${ticket.id}`],
    ]) {
      const body = method === 'GET' ? undefined : { message: 'x', status: 'resolved' };
      const res = await send(clientA.browser, method!, path!, body);
      expect(res.status, `${method} ${path}`).toBe(401);
    }
    expect(await messageCount(ticket.id)).toBe(0);
  });

  it("lists every client's tickets by latest activity with the client's name and e-mail, filtered by status", async () => {
    const { agent } = await signedInAdmin(t.app, t.database);
    const fromA = (await send(clientA.browser, 'POST', '/api/tickets', validTicket)).body;
    const fromB = (
      await send(clientB.browser, 'POST', '/api/tickets', {
        ...validTicket,
        subject: 'Add a gallery',
      })
    ).body;
    // A's ticket becomes the most recently active.
    await send(clientA.browser, 'POST', `/api/tickets/${fromA.id}/messages`, {
      message: 'Any news?',
    });

    const all = await agent.get('/api/admin/tickets?pageSize=100');
    expect(all.status).toBe(200);
    const ids = all.body.items.map((row: { id: string }) => row.id);
    expect(ids.indexOf(fromA.id)).toBeLessThan(ids.indexOf(fromB.id));
    expect(all.body.items.find((row: { id: string }) => row.id === fromA.id).client).toEqual({
      id: clientA.user.id,
      name: 'Amélie Guidry',
      firstName: 'Amélie',
      email: clientA.account.email.toLowerCase(),
    });

    const summary = await agent.get('/api/admin/tickets/summary');
    expect(summary.body.open).toBe(
      all.body.items.filter((row: { status: string }) => row.status === 'open').length,
    );
    expect((await agent.get('/api/admin/tickets?status=open')).body.total).toBe(summary.body.open);

    // The search looks in the subject and in the client's name, e-mail and business.
    const bySubject = (await agent.get('/api/admin/tickets?q=GALLERY')).body;
    expect(bySubject.items.map((row: { id: string }) => row.id)).toContain(fromB.id);
    expect(bySubject.items.every((row: { subject: string }) => /gallery/i.test(row.subject))).toBe(
      true,
    );
    const byName = (await agent.get(`/api/admin/tickets?q=${encodeURIComponent('amélie gui')}`))
      .body;
    expect(byName.items.map((row: { id: string }) => row.id)).toContain(fromA.id);
    expect(
      byName.items.every((row: { client: { id: string } }) => row.client.id === clientA.user.id),
    ).toBe(true);
    const ofB = (await agent.get(`/api/admin/tickets?client=${clientB.user.id}`)).body;
    expect(ofB.items.map((row: { id: string }) => row.id)).toContain(fromB.id);
    expect(
      ofB.items.every((row: { client: { id: string } }) => row.client.id === clientB.user.id),
    ).toBe(true);
    const paged = (await agent.get('/api/admin/tickets?pageSize=1&page=2')).body;
    expect(paged.items).toEqual([all.body.items[1]]);

    const bad = await agent.get('/api/admin/tickets?status=closed');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe(
      'Status must be open, in_progress, waiting_on_client or resolved',
    );
  });

  it('replies (an open ticket moves to in_progress), sets the status, and the client sees both', async () => {
    const { agent } = await signedInAdmin(t.app, t.database);
    const ticket = (await send(clientA.browser, 'POST', '/api/tickets', validTicket)).body;

    const reply = await agent
      .post(`/api/admin/tickets/${ticket.id}/messages`)
      .send({ message: 'Done: Saturday is now 9 to 3.' });
    expect(reply.status).toBe(201);
    expect(reply.body.ticket.status).toBe('in_progress');
    expect(reply.body.messages).toEqual([
      expect.objectContaining({ message: 'Done: Saturday is now 9 to 3.', isAdminReply: true }),
    ]);

    const empty = await agent
      .post(`/api/admin/tickets/${ticket.id}/messages`)
      .send({ message: '' });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe('Message cannot be empty');

    const closing = await agent
      .post(`/api/admin/tickets/${ticket.id}/messages`)
      .send({ message: 'Closing this one.', status: 'resolved' });
    expect(closing.body.ticket.status).toBe('resolved');

    const seen = await send(clientA.browser, 'GET', `/api/tickets/${ticket.id}`);
    expect(seen.body.ticket.status).toBe('resolved');
    expect(seen.body.messages.map((m: { isAdminReply: boolean }) => m.isAdminReply)).toEqual([
      true,
      true,
    ]);
    expect(new Date(seen.body.ticket.updatedAt).getTime()).toBeGreaterThan(
      new Date(seen.body.ticket.createdAt).getTime(),
    );

    const reopened = await agent.patch(`/api/admin/tickets/${ticket.id}`).send({ status: 'open' });
    expect(reopened.status).toBe(200);
    expect(reopened.body.ticket.status).toBe('open');
    const badStatus = await agent.patch(`/api/admin/tickets/${ticket.id}`).send({ status: 'done' });
    expect(badStatus.status).toBe(400);

    const missing = await agent.get('/api/admin/tickets/00000000-0000-4000-8000-000000000000');
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe('Ticket not found');
  });
});
